import RulesRegex

/// Generated text for comparing the engines: the characters on which PCRE2 and ICU are most
/// likely to part (Cyrillic with its case pairs and `ё`, Latin with the odd case folds,
/// digits of several scripts, punctuation, regex metacharacters, every kind of white space
/// and line break, combining marks, and invalid UTF-8), together with the Russian endings
/// the stemmer's patterns look for.
package enum FuzzText {
    static let pieces: [Bytes] = {
        var list: [String] = []
        list += "абвгдеёжзийклмнопрстуфхцчшщъыьэюя".map(String.init)
        list += "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ".map(String.init)
        list += "abcdefghijklmnopqrstuvwxyzABCXYZ".map(String.init)
        list += "0123456789".map(String.init)
        list += ["٣", "Ⅷ", "½", "_"]
        list += ".,;:!?()\"'«»„“”‘’—–−-…^|/\\[]{}*+$#&<>=%@~`".map(String.init)
        list += [
            " ", " ", " ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{A0}", "\u{2009}", "\u{3000}",
            "\u{2028}", "\u{85}", "\u{180E}", "\u{200B}", "\u{1680}",
        ]
        list += ["\u{212A}", "\u{17F}", "\u{1C80}", "\u{1C82}", "ı", "İ", "ß", "ẞ", "ǅ", "\u{301}", "\u{308}", "😀", "ﬁ"]
        list += [
            "ивши", "ывшись", "вши", "ся", "сь", "ость", "ейше", "нн", "ами", "ями", "ого", "ему", "ующ",
            "ющ", "ить", "ешь", "ие", "ия", "ью", "и", "ь", "запят", "слово", "&nbsp;", "&amp;", "&#8212;",
            "<b>", "</p>", "<!--", "-->", "<?", "?>",
        ]
        var bytes = list.map { Bytes(php: $0) }
        // Invalid UTF-8: stray continuation, truncated sequences, overlong, surrogate, too big.
        bytes += [
            [0x80], [0xBF], [0xD0], [0xE2, 0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xFE], [0x00],
        ]
        return bytes
    }()

    /// A string of 0 to `maxPieces` pieces; invalid UTF-8 appears in about one string in
    /// `invalidOneIn` (0: never).
    package static func string<G: RandomNumberGenerator>(using rng: inout G, maxPieces: Int = 24, invalidOneIn: Int = 8) -> Bytes {
        let count = Int.random(in: 0...maxPieces, using: &rng)
        let allowInvalid = invalidOneIn > 0 && Int.random(in: 0..<invalidOneIn, using: &rng) == 0
        let limit = allowInvalid ? pieces.count : pieces.count - 10
        var out = Bytes()
        for _ in 0..<count {
            out += pieces[Int.random(in: 0..<limit, using: &rng)]
        }
        return out
    }

    /// A word as the query filter lets it through (lower case, Cyrillic, Latin, digits and
    /// `- ^ . , ( ) " ; ? ! … : —`), which is what ends up inside the snippet patterns.
    package static func filteredWord<G: RandomNumberGenerator>(using rng: inout G) -> Bytes {
        let letters = Array("абвгдежзийклмнопрстуфхцчшщъыьэюяё") + Array("abcdefghijklmnopqrstuvwxyz") + Array("0123456789")
        let punctuation = Array("-^.,()\";?!…:—") + ["\u{17F}", "\u{1C80}"]
        let endings = ["ость", "ивши", "ся", "ами", "ого", "нн", "ейш", "ие"]
        var word = ""
        for _ in 0..<Int.random(in: 1...8, using: &rng) {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: word.append(punctuation[Int.random(in: 0..<punctuation.count, using: &rng)])
            case 1: word += endings[Int.random(in: 0..<endings.count, using: &rng)]
            default: word.append(letters[Int.random(in: 0..<letters.count, using: &rng)])
            }
        }
        return Bytes(php: word)
    }
}
