import RulesTerminal

/// Wrapping text to a terminal's width at spaces. A column is a character as the terminal
/// draws it (Cyrillic one column, not its two bytes); escape sequences take none. A word
/// longer than the line is left whole on a line of its own.
enum TextWrap {
    /// `text` in lines of at most `width` columns, each after the first (or every one, with
    /// `indentFirst`) starting with `indent`.
    static func lines(_ text: String, width: Int, indent: String = "", indentFirst: Bool = false) -> [String] {
        let room = max(width - indent.count, 10)
        var lines: [String] = []
        // Spaces that start the text (a list item's "  • ") stay at the start of its first line.
        let lead = String(text.prefix { $0 == " " })
        var line = lead
        var lineWidth = lead.count
        var hasWord = false
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let w = columns(word)
            if hasWord, lineWidth + 1 + w > room {
                lines.append(line)
                line = ""
                lineWidth = 0
                hasWord = false
            }
            if hasWord {
                line += " "
                lineWidth += 1
            }
            line += word
            lineWidth += w
            hasWord = true
        }
        if hasWord || lines.isEmpty { lines.append(line) }
        return lines.enumerated().map { i, l in (i > 0 || indentFirst) && !l.isEmpty ? indent + l : l }
    }

    /// ``lines(_:width:indent:indentFirst:)`` that never breaks inside quotes ('…' or «…»):
    /// a command quoted in help is copied whole.
    static func linesKeepingQuotes(_ text: String, width: Int, indent: String = "") -> [String] {
        var joined = ""
        var open: Character?
        for c in text {
            if let o = open {
                if (o == "'" && c == "'") || (o == "«" && c == "»") { open = nil }
            } else if c == "«" || (c == "'" && (joined.last == nil || joined.last == " " || joined.last == "(")) {
                open = c
            }
            joined.append(open != nil && c == " " ? Self.quotedSpace : c)
        }
        return lines(joined, width: width, indent: indent).map { $0.replacingOccurrences(of: String(Self.quotedSpace), with: " ") }
    }

    /// Stands for a space inside quotes while the text is wrapped (a private-use character).
    private static let quotedSpace: Character = "\u{E002}"

    /// Columns `text` takes: its characters, less escape sequences (ESC [ ... letter) and
    /// the zero-width marks ``ResultsView`` uses for found words.
    static func columns<S: StringProtocol>(_ text: S) -> Int {
        var n = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar.properties.isAlphabetic { inEscape = false }
                continue
            }
            if scalar == EscapeCode.escape {
                inEscape = true
                continue
            }
            if scalar == "\u{E002}" {
                n += 1
                continue
            }   // a space inside quotes
            if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark
                || scalar.properties.generalCategory == .format || scalar.properties.generalCategory == .privateUse
            {
                continue
            }
            n += isWide(scalar) ? 2 : 1
        }
        return n
    }

    /// East Asian wide and full-width characters take two columns.
    private static func isWide(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            true
        default: false
        }
    }
}
