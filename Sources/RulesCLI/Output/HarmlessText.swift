import RulesSearch

/// Text from an index, a corpus or a query made harmless to print, as `rules browse` shows
/// it: every control character (C0, DEL, C1) becomes a space, so that a title holding
/// `ESC ] 2 ; … BEL` cannot retitle the window, nor a snippet holding `ESC [ 2 J` clear the
/// screen, nor OSC 52 set the clipboard. Invalid UTF-8 is shown as U+FFFD, so that no stray
/// byte (an 8-bit CSI, 0x9B) reaches a terminal either. `--json` escapes them instead.
enum HarmlessText {
    /// `text` on one line: line breaks are spaces too.
    static func line(_ text: String) -> String {
        clean(text, keepingLineBreaks: false)
    }

    /// `text` as laid out on several lines: `\n` kept, every other control a space.
    static func lines(_ text: String) -> String {
        clean(text, keepingLineBreaks: true)
    }

    /// Bytes of a one-line field (`--plain`, `titles`), decoded as UTF-8 first.
    static func line(_ bytes: Bytes) -> Bytes {
        // Most fields hold nothing to change: valid UTF-8 without a character to blank,
        // found without making a String.
        var iterator = bytes.makeIterator()
        var utf8 = Unicode.UTF8()
        while true {
            switch utf8.decode(&iterator) {
            case .scalarValue(let scalar) where !isControl(scalar): continue
            case .emptyInput: return bytes
            case .scalarValue, .error: return Bytes(line(String(decoding: bytes, as: UTF8.self)).utf8)
            }
        }
    }

    private static func clean(_ text: String, keepingLineBreaks: Bool) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && !(keepingLineBreaks && $0 == "\n") }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            out.append(isControl(scalar) && !(keepingLineBreaks && scalar == "\n") ? " " : scalar)
        }
        return String(out)
    }

    /// C0, DEL and C1, the line and paragraph separators, and the marks that change the
    /// direction text is shown in (U+061C, U+200E–200F, U+202A–202E, U+2066–2069), which
    /// can show a title or id reversed.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (v >= 0x7F && v < 0xA0) || v == 0x2028 || v == 0x2029
            || v == 0x061C || v == 0x200E || v == 0x200F || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }
}
