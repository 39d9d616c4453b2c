/// The Russian keyboard layout (ЙЦУКЕН) over the Latin one (QWERTY), key for key: what a
/// word becomes when it was typed with the other layout on. `pfgznfz` is «запятая» typed
/// with the Latin layout on; «ызуфл» is `speak` typed with the Russian one.
enum KeyboardLayout {
    /// Each Latin-layout key and the Russian letter on it, lower case.
    private static let pairs: [(Character, Character)] = Array(
        zip(
            "qwertyuiop[]asdfghjkl;'zxcvbnm,.`",
            "йцукенгшщзхъфывапролджэячсмитьбюё"))

    private static let toRussian = Dictionary(uniqueKeysWithValues: pairs)
    private static let toLatin = Dictionary(uniqueKeysWithValues: pairs.map { ($1, $0) })

    /// The ways `word` reads on the Russian layout, if it is typed in Latin letters (and the
    /// keys beside them): one, or two when it ends with a comma or a full stop, which is
    /// punctuation after a word or the key of «б» or «ю» at its end (`ltkf.` is «дела.» or
    /// «делаю»). `nil` for a word with a letter of another alphabet, or with no Latin one.
    static func russianReadings(ofLatin word: String) -> [String]? {
        let word = word.lowercased()
        guard word.contains(where: { $0.isASCII && $0.isLetter }),
            let converted = convert(word, toRussian)
        else { return nil }
        guard let last = word.last, last == "," || last == "." else { return [converted] }
        // The punctuation left as it is: the word before it converted alone.
        guard let before = convert(String(word.dropLast()), toRussian) else { return [converted] }
        return [before + String(last), converted]
    }

    /// `word` read on the Russian layout when it is all keys that type letters there but
    /// not in Latin (`` ` `` is «ё», `;` «ж», `[` «х»): a word of the other layout that a
    /// Latin word test (``russianReadings(ofLatin:)``) does not see.
    static func russianReading(ofKeys word: String) -> String? {
        guard !word.isEmpty, word.allSatisfy({ !$0.isLetter && toRussian[$0] != nil }) else { return nil }
        return convert(word, toRussian)
    }

    /// `word` as the Latin layout types its keys, if every letter of it is a Russian one.
    static func latin(ofRussian word: String) -> String? {
        let word = word.lowercased()
        guard word.contains(where: { toLatin[$0] != nil }) else { return nil }
        return convert(word, toLatin)
    }

    /// Each character of `text` through `table`; other characters that are not letters
    /// (digits, hyphens) stay, and a letter not in it makes the whole `nil`.
    private static func convert(_ text: String, _ table: [Character: Character]) -> String? {
        var out = ""
        for c in text {
            if let d = table[c] {
                out.append(d)
            } else if c.isLetter {
                return nil
            } else {
                out.append(c)
            }
        }
        return out
    }
}
