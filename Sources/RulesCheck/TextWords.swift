/// The Russian words of a text, with where each stands, as a spelling checker reads it:
/// what is not prose is passed over. In every text: web addresses (`http://`, `https://`,
/// `www.`), e-mail addresses, and any word with a Latin letter or a digit in it (a name
/// in Latin letters, `5-й`, `COVID-19`). In HTML: tags, comments, entities, and the insides
/// of `script`, `style`, `code` and `pre`. In Markdown: code spans, fenced and indented
/// code blocks, the address of a link or an image, and autolinks.
package struct TextWords {
    /// How the text is written.
    package enum Format: String, CaseIterable, Sendable {
        case text, html, markdown

        /// The format a file's name says (`.html`, `.htm`, `.xhtml`; `.md`, `.markdown`),
        /// plain text otherwise.
        package static func of(path: String) -> Format {
            let name = path.lowercased()
            if [".html", ".htm", ".xhtml"].contains(where: name.hasSuffix) { return .html }
            if [".md", ".markdown", ".mdown"].contains(where: name.hasSuffix) { return .markdown }
            return .text
        }
    }

    /// A word and where it stands.
    package struct Word: Equatable, Sendable {
        /// As written, with a stress mark or soft hyphen taken out.
        package let text: String
        /// Its first byte in the text (UTF-8), from 0, and its length in bytes as written.
        package let byteOffset: Int
        package let byteLength: Int
        /// Its first character (Unicode scalar) in the text, from 0, and its length.
        package let characterOffset: Int
        package let characterLength: Int
        /// Its line and its column on that line (in characters), both from 1.
        package let line: Int
        package let column: Int
        /// Whether a sentence may begin with it: it is the text's first word, or the last
        /// mark before it ends a sentence (`.`, `!`, `?`, `…`) or a paragraph.
        package let startsSentence: Bool
        /// Whether only spaces (no line break, no mark) stand between it and the word before.
        package let followsWordDirectly: Bool
        /// Whether a punctuation mark or the end of the text comes right after it, before
        /// the next word.
        package var endsClause: Bool
        /// Whether a hyphen joins it to nothing on one side: a part of a word named as such
        /// (пол-, -то, -еньк-).
        package var partOfWord = false
        /// Whether a period follows it at once (an abbreviation's, or a sentence's end).
        package var abbreviated = false
    }

    package let words: [Word]

    package init(_ text: String, format: Format = .text) {
        let scalars = Array(text.unicodeScalars)
        let hidden = Self.hidden(scalars, format: format)
        var words: [Word] = []
        var sentence = true
        var direct = false
        // Whether the last word is the last thing read (no Latin word or number after it).
        var lastIsLast = false
        var k = 0
        // Byte offsets, lines and columns advance scalar by scalar.
        var position = (scalar: 0, byte: 0, line: 1, column: 1)
        func advance(to target: Int) {
            while position.scalar < target {
                let s = scalars[position.scalar]
                position.byte += s.value < 0x80 ? 1 : s.value < 0x800 ? 2 : s.value < 0x10000 ? 3 : 4
                if s == "\n" {
                    position.line += 1
                    position.column = 1
                } else {
                    position.column += 1
                }
                position.scalar += 1
            }
        }
        while k < scalars.count {
            let s = scalars[k]
            if hidden[k] || !Self.isWordPart(s) || s == "-" {
                let space = s == " " || s == "\u{A0}" || s == "\t"
                if hidden[k] {
                    direct = false
                } else if !space {
                    // A mark or a line break: the clause of the word before ends; a
                    // sentence, after . ! ? … or a blank line.
                    direct = false
                    // (Not after an initial or a short abbreviation: С. Лец, г. Москва, т. е.)
                    let abbreviation =
                        s == "."
                        && (words.last.map { $0.characterOffset + $0.characterLength == k && Self.isAbbreviation($0.text) } ?? false)
                    if (".!?…".unicodeScalars.contains(s) && !abbreviation)
                        || (s == "\n" && k + 1 < scalars.count && scalars[k + 1] == "\n")
                    {
                        sentence = true
                    }
                    if lastIsLast, let last = words.indices.last, !words[last].endsClause {
                        words[last].endsClause = true
                    }
                }
                k += 1
                continue
            }
            // A run of letters, digits, hyphens, stress marks and soft hyphens.
            var end = k
            while end < scalars.count, !hidden[end], Self.isWordPart(scalars[end]) { end += 1 }
            // Hyphens at its ends belong to no word (a dash typed as a hyphen, «по-»).
            var first = k
            var last = end
            while first < last, scalars[first] == "-" { first += 1 }
            while last > first, scalars[last - 1] == "-" { last -= 1 }
            let run = scalars[first..<last]
            // Part of an address or a name with Latin letters or digits: not a word to check.
            let before = first > 0 ? scalars[first - 1] : " "
            let after = end < scalars.count ? scalars[end] : " "
            let glued = before == "@" || after == "@"
            if !run.isEmpty, !glued, run.allSatisfy({ Self.isCyrillic($0) || $0 == "-" || $0 == "\u{301}" || $0 == "\u{AD}" }),
                !run.contains(where: { $0 == "-" }) || !Self.hasDoubleHyphen(run)
            {
                advance(to: first)
                var word = String.UnicodeScalarView()
                for c in run where c != "\u{301}" && c != "\u{AD}" { word.append(c) }
                let start = position
                advance(to: last)
                words.append(
                    Word(
                        text: String(word), byteOffset: start.byte, byteLength: position.byte - start.byte,
                        characterOffset: start.scalar, characterLength: last - first, line: start.line, column: start.column,
                        startsSentence: sentence, followsWordDirectly: direct, endsClause: end >= scalars.count,
                        partOfWord: first > k || last < end, abbreviated: end < scalars.count && scalars[end] == "."))
                direct = true
                lastIsLast = true
            } else {
                direct = false
                if !run.isEmpty { lastIsLast = false }
            }
            sentence = false
            k = end
        }
        self.words = words
    }

    /// An initial (С.) or an abbreviation a name or a number follows (г., ул., см., т.).
    static func isAbbreviation(_ word: String) -> Bool {
        if word.count == 1, word.first?.isUppercase == true { return true }
        return ["т", "г", "гг", "ул", "см", "стр", "др", "пр", "им", "св", "проф", "акад", "тов", "гр", "р", "руб", "тыс", "млн", "ср"]
            .contains(word.lowercased())
    }

    static func isCyrillic(_ s: Unicode.Scalar) -> Bool { (0x410...0x44F).contains(s.value) || s == "ё" || s == "Ё" }

    /// (ASCII and Cyrillic, nearly every character of a Russian text, without a look in
    /// Unicode's tables.)
    static func isLetterOrDigit(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x80 { return (v >= 0x30 && v <= 0x39) || (v | 0x20 >= 0x61 && v | 0x20 <= 0x7A) }
        if v >= 0x400 && v <= 0x4FF { return true }
        return s.properties.isAlphabetic
    }

    private static func isWordPart(_ s: Unicode.Scalar) -> Bool {
        isLetterOrDigit(s) || s == "-" || s == "\u{301}" || s == "\u{AD}" || s == "_"
    }

    private static func hasDoubleHyphen(_ run: ArraySlice<Unicode.Scalar>) -> Bool {
        zip(run, run.dropFirst()).contains { $0 == "-" && $1 == "-" }
    }

    /// Which scalars are not prose: addresses, and the markup of `format`.
    static func hidden(_ s: [Unicode.Scalar], format: Format) -> [Bool] {
        var hidden = [Bool](repeating: false, count: s.count)
        func hide(_ range: Range<Int>) { for k in range where s[k] != "\n" { hidden[k] = true } }
        // `prefix` (lowercase ASCII) at `k`, in either case.
        func starts(_ prefix: String, at k: Int) -> Bool {
            var k = k
            for p in prefix.unicodeScalars {
                guard k < s.count else { return false }
                var c = s[k].value
                if (0x41...0x5A).contains(c) { c += 0x20 }
                if c != p.value { return false }
                k += 1
            }
            return true
        }
        func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\n" || c == "\t" || c == "\r" || c == "\u{A0}" }
        // Web and e-mail addresses, in every format: up to a space or a bracket or quote.
        var k = 0
        while k < s.count {
            if starts("http://", at: k) || starts("https://", at: k) || starts("ftp://", at: k)
                || (starts("www.", at: k) && (k == 0 || !isLetterOrDigit(s[k - 1])))
            {
                var end = k
                while end < s.count, !isSpace(s[end]), !"<>\"«»()[]{}".unicodeScalars.contains(s[end]) { end += 1 }
                hide(k..<end)
                k = end
                continue
            }
            if s[k] == "@" {
                var first = k
                while first > 0, !isSpace(s[first - 1]), !"<>\"«»()[]{},;:".unicodeScalars.contains(s[first - 1]) { first -= 1 }
                var end = k + 1
                while end < s.count, !isSpace(s[end]), !"<>\"«»()[]{},;:".unicodeScalars.contains(s[end]) { end += 1 }
                hide(first..<end)
                k = end
                continue
            }
            k += 1
        }
        switch format {
        case .text: break
        case .html: hideHTML(s, &hidden)
        case .markdown: hideMarkdown(s, &hidden)
        }
        return hidden
    }

    private static func hideHTML(_ s: [Unicode.Scalar], _ hidden: inout [Bool]) {
        func hide(_ range: Range<Int>) { for k in range where s[k] != "\n" { hidden[k] = true } }
        func lowerASCII(_ range: Range<Int>) -> String {
            String(String.UnicodeScalarView(s[range.clamped(to: 0..<s.count)])).lowercased()
        }
        func find(_ text: String, from k: Int) -> Int? {
            let target = Array(text.unicodeScalars)
            var i = k
            while i + target.count <= s.count {
                if lowerASCII(i..<i + target.count) == text { return i }
                i += 1
            }
            return nil
        }
        var k = 0
        while k < s.count {
            if s[k] == "<" {
                if lowerASCII(k..<k + 4) == "<!--" {
                    let end = (find("-->", from: k + 4) ?? s.count - 3) + 3
                    hide(k..<min(end, s.count))
                    k = min(end, s.count)
                    continue
                }
                // A tag: to its '>'; for script, style, code and pre, to the closing tag.
                var end = k + 1
                while end < s.count, s[end] != ">" { end += 1 }
                end = min(end + 1, s.count)
                let name = lowerASCII(k + 1..<end).prefix { $0.isLetter }
                hide(k..<end)
                if ["script", "style", "code", "pre"].contains(String(name)),
                    let close = find("</" + name, from: end)
                {
                    var closeEnd = close
                    while closeEnd < s.count, s[closeEnd] != ">" { closeEnd += 1 }
                    hide(end..<min(closeEnd + 1, s.count))
                    end = min(closeEnd + 1, s.count)
                }
                k = end
                continue
            }
            if s[k] == "&" {
                var end = k + 1
                while end < s.count, end - k < 12, s[end].properties.isAlphabetic || s[end] == "#" || ("0"..."9").contains(s[end]) {
                    end += 1
                }
                if end < s.count, s[end] == ";" {
                    hide(k..<end + 1)
                    k = end + 1
                    continue
                }
            }
            k += 1
        }
    }

    private static func hideMarkdown(_ s: [Unicode.Scalar], _ hidden: inout [Bool]) {
        func hide(_ range: Range<Int>) { for k in range where s[k] != "\n" { hidden[k] = true } }
        // Line by line: fenced blocks, indented blocks; then code spans and link targets.
        var lineStart = 0
        var fence: Unicode.Scalar?
        var previousBlank = true
        while lineStart < s.count {
            var lineEnd = lineStart
            while lineEnd < s.count, s[lineEnd] != "\n" { lineEnd += 1 }
            let line = s[lineStart..<lineEnd]
            let trimmed = line.drop { $0 == " " }
            let indent = line.count - trimmed.count
            let blank = trimmed.isEmpty
            if let open = fence {
                hide(lineStart..<lineEnd)
                if indent < 4, trimmed.prefix(3).allSatisfy({ $0 == open }), trimmed.count >= 3 { fence = nil }
            } else if indent < 4, trimmed.count >= 3, let c = trimmed.first, c == "`" || c == "~", trimmed.prefix(3).allSatisfy({ $0 == c })
            {
                fence = c
                hide(lineStart..<lineEnd)
            } else if (indent >= 4 || line.first == "\t") && previousBlank && !blank {
                hide(lineStart..<lineEnd)
                // (An indented block goes on while its lines stay indented.)
                previousBlank = true
                lineStart = lineEnd + 1
                continue
            }
            previousBlank = blank
            lineStart = lineEnd + 1
        }
        var k = 0
        while k < s.count {
            if hidden[k] {
                k += 1
                continue
            }
            if s[k] == "`" {
                var ticks = 0
                while k + ticks < s.count, s[k + ticks] == "`" { ticks += 1 }
                // The span ends at the same number of backticks.
                var j = k + ticks
                var end: Int?
                while j < s.count {
                    if s[j] == "`" {
                        var run = 0
                        while j + run < s.count, s[j + run] == "`" { run += 1 }
                        if run == ticks {
                            end = j + run
                            break
                        }
                        j += run
                    } else {
                        j += 1
                    }
                }
                if let end {
                    hide(k..<end)
                    k = end
                } else {
                    k += ticks
                }
                continue
            }
            // A link's or an image's address: ](…); an autolink: <…:…>.
            if s[k] == "]", k + 1 < s.count, s[k + 1] == "(" {
                var end = k + 2
                var depth = 1
                while end < s.count, s[end] != "\n" {
                    if s[end] == "(" { depth += 1 }
                    if s[end] == ")" {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    end += 1
                }
                hide(k + 1..<min(end + 1, s.count))
                k = end + 1
                continue
            }
            if s[k] == "<" {
                var end = k + 1
                while end < s.count, s[end] != ">", s[end] != " ", s[end] != "\n" { end += 1 }
                if end < s.count, s[end] == ">", s[k + 1..<end].contains(":") || s[k + 1..<end].contains("@") {
                    hide(k..<end + 1)
                    k = end + 1
                    continue
                }
                // An HTML tag in Markdown.
                if end < s.count, s[end] == ">" || s[end] == " ", k + 1 < s.count, s[k + 1].properties.isAlphabetic || s[k + 1] == "/" {
                    var close = k + 1
                    while close < s.count, s[close] != ">", s[close] != "\n" { close += 1 }
                    if close < s.count, s[close] == ">" {
                        hide(k..<close + 1)
                        k = close + 1
                        continue
                    }
                }
            }
            k += 1
        }
    }
}
