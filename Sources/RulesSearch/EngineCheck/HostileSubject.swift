import RulesRegex

/// Subjects made to make a regex engine work hard, for every pattern of the reference: long
/// words (the stemmer's DERIVATIONAL read each to its end from every start on ICU), the
/// endings its patterns look for at the end of one, and unbalanced delimiters (a line of
/// unclosed «, of « after the last », of brackets, quotes, tags and entities), from a few
/// hundred characters to tens of thousands. The engines must agree on each, and each must
/// finish in time in proportion to its length.
package enum HostileSubject {
    static let syllables = ["ба", "ос", "ть", "ан", "ив", "ая", "нн", "ей", "ш", "о", "с", "т", "ь", "ё"]
    static let endings = ["", "ость", "ост", "сть", "ивши", "вшись", "ейше", "нн", "ь", "ся", "ами", "ого", "\n", "ость\n"]
    static let delimiters = [
        "«", "»", "(", ")", "\"", "“", "”", "<", ">", "&", ";", ",", ".", "!", "?", " ", "\n", "\t", "&nbsp;", "<b>", "а",
    ]

    /// `count` cases, the same for the same `seed`, made as they are used: each a pattern of
    /// ``ReferencePatterns/all`` (in turn) with its replacement, on a hostile subject.
    package static func generate(count: Int, seed: UInt64) -> Generated<FuzzPattern.Case> {
        let patterns = ReferencePatterns.all
        var turn = 0
        return Generated(count: count, seed: seed) { rng in
            let (_, pattern, replacement) = patterns[turn % patterns.count]
            turn += 1
            return FuzzPattern.Case(
                pattern: Bytes(php: pattern), replacement: replacement.map { Bytes(php: $0) },
                subject: subject(&rng))
        }
    }

    /// A long word, or a run of delimiters with a few letters: 200 to 40,000 characters.
    static func subject(_ rng: inout SeededGenerator) -> Bytes {
        let length = [200, 2_000, 20_000, 40_000][Int.random(in: 0..<4, using: &rng)]
        var text = ""
        if Bool.random(using: &rng) {
            // A word: one or two syllables repeated, then an ending.
            let a = syllables[Int.random(in: 0..<syllables.count, using: &rng)]
            let b = syllables[Int.random(in: 0..<syllables.count, using: &rng)]
            let unit = Bool.random(using: &rng) ? a : a + b
            text = String(repeating: unit, count: max(1, length / unit.count)) + endings[Int.random(in: 0..<endings.count, using: &rng)]
        } else {
            // Delimiters: one repeated, with others now and then.
            let main = delimiters[Int.random(in: 0..<delimiters.count, using: &rng)] + "а "
            var parts: [String] = []
            while parts.count * main.count < length {
                parts.append(
                    Int.random(in: 0..<20, using: &rng) == 0 ? delimiters[Int.random(in: 0..<delimiters.count, using: &rng)] : main)
            }
            text = parts.joined()
        }
        return Bytes(php: text)
    }
}
