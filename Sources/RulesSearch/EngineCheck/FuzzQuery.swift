import RulesRegex

/// Generated queries for the engine check: words of the corpus, inflected and dressed in
/// everything a user might type.
package enum FuzzQuery {
    static let endings = [
        "а", "ы", "ой", "ую", "ами", "ях", "ого", "ему", "ить", "ся", "ешь", "ость", "нн", "ейший", "ивши", "ё", "е", "и", "",
    ]
    static let dressing = [
        ",", ".", "!", "?", ":", ";", "…", "«", "»", "\"", "“", "”", "'", "(", ")", "—", "–", "-", "--", "---",
        "^", "/", "\\", "|", "<b>", "</b>", "&nbsp;", "&amp;", "\u{A0}", "\t", "\n", "  ",
    ]
    static let latin = ["ls", "C++", "utf-8", "UTF8", "man(1)", "0x1f", "1956", "a|b", "x\\y", "[a-z]", ".*", "(?i)", "\\b", "$HOME", "%"]

    /// `count` queries from `vocabulary`, the same for the same `seed`, made as they are used.
    package static func generate(count: Int, seed: UInt64, vocabulary: [Bytes]) -> Generated<Bytes> {
        let words = vocabulary.isEmpty ? [Bytes(php: "слово")] : vocabulary
        return Generated(count: count, seed: seed) { query(&$0, words) }
    }

    static func query(_ rng: inout SeededGenerator, _ words: [Bytes]) -> Bytes {
        let kind = Int.random(in: 0..<100, using: &rng)
        if kind < 2 { return [] }
        if kind < 4 { return backtracking(&rng, words) }
        let length = kind < 5 ? Int.random(in: 20...60, using: &rng) : Int.random(in: 1...5, using: &rng)
        var parts: [Bytes] = []
        for _ in 0..<length {
            var word = words[Int.random(in: 0..<words.count, using: &rng)]
            switch Int.random(in: 0..<12, using: &rng) {
            case 0:   // inflect: cut an ending and add another
                let scalars = Array(String(decoding: word, as: UTF8.self).unicodeScalars)
                let keep = max(1, scalars.count - Int.random(in: 0...3, using: &rng))
                var s = String(String.UnicodeScalarView(scalars[0..<keep]))
                s += endings[Int.random(in: 0..<endings.count, using: &rng)]
                word = Bytes(php: s)
            case 1: word = Bytes(php: String(decoding: word, as: UTF8.self).uppercased())
            case 2: word = Bytes(php: String(decoding: word, as: UTF8.self).capitalized)
            case 3: word = PHPStrings.replace("е", with: "ё", in: word)
            case 4: word = word + Bytes(php: "-") + words[Int.random(in: 0..<words.count, using: &rng)]
            case 5: word = Bytes(php: latin[Int.random(in: 0..<latin.count, using: &rng)])
            case 6: word = Bytes(php: String(Int.random(in: 0...3000, using: &rng)))
            default: break
            }
            if Int.random(in: 0..<4, using: &rng) == 0 {
                let d = Bytes(php: dressing[Int.random(in: 0..<dressing.count, using: &rng)])
                word = Bool.random(using: &rng) ? d + word : word + d
            }
            parts.append(word)
        }
        var query = Array(parts.joined(separator: [0x20]))
        if Int.random(in: 0..<40, using: &rng) == 0 {   // invalid UTF-8
            let bad: [Bytes] = [[0xFF], [0xD0], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0x80]]
            query.insert(contentsOf: bad[Int.random(in: 0..<bad.count, using: &rng)], at: Int.random(in: 0...query.count, using: &rng))
        }
        return query
    }

    /// A word of optional characters that the query filter lets through (`.?.?.?…щщщ`,
    /// `а?а?…аа`), beside a word of the corpus: the filter and the stemmer must treat it
    /// alike. (It reaches the snippet pattern only from a chapter that holds it, as a
    /// keyword may: ``FuzzPattern`` puts it there.)
    static func backtracking(_ rng: inout SeededGenerator, _ words: [Bytes]) -> Bytes {
        let found = words[Int.random(in: 0..<words.count, using: &rng)]
        let word = FuzzPattern.backtrackingWord(&rng, like: found)
        return Bool.random(using: &rng) ? found + [0x20] + word : word + [0x20] + found
    }
}
