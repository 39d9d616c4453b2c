import RulesRegex

/// Generated cases of the snippet pattern for the engine check: `Finder::snippets` puts
/// the found words into its pattern unescaped, as PHP does, so that a chapter's keyword of
/// optional characters (`а?а?а?…ааа`) becomes a pattern that backtracks in every place it
/// is tried. Each case is that pattern, with such a word and a word of the corpus, on a
/// text of the corpus's words with a run of the word's letter: from a few steps to past
/// either engine's match limit, where the engines may part (and the check names it).
package enum FuzzPattern {
    /// A pattern on a subject: the snippet pattern with `stems`, or a pattern of the
    /// reference's own (``HostileSubject``), whose `stems` are then empty.
    package struct Case {
        package var stems: [Bytes]
        package var pattern: Bytes
        package var replacement: Bytes?
        package var subject: Bytes

        package init(stems: [Bytes], subject: Bytes) {
            self.stems = stems
            pattern = ReferencePatterns.Snippets.stemsInText(stems)
            self.subject = subject
        }

        package init(pattern: Bytes, replacement: Bytes?, subject: Bytes) {
            stems = []
            self.pattern = pattern
            self.replacement = replacement
            self.subject = subject
        }
    }

    /// `count` cases from `vocabulary`, the same for the same `seed`, made as they are used.
    package static func generate(count: Int, seed: UInt64, vocabulary: [Bytes]) -> Generated<Case> {
        let words = vocabulary.isEmpty ? [Bytes(php: "слово")] : vocabulary
        return Generated(count: count, seed: seed) { rng in
            let found = words[Int.random(in: 0..<words.count, using: &rng)]
            let first = String(String(decoding: found, as: UTF8.self).prefix(1))
            var parts = (0..<Int.random(in: 1...12, using: &rng)).map { _ in words[Int.random(in: 0..<words.count, using: &rng)] }
            parts.insert(
                Bytes(php: String(repeating: first, count: Int.random(in: 1...40, using: &rng))),
                at: Int.random(in: 0...parts.count, using: &rng))
            return Case(stems: [backtrackingWord(&rng, like: found), found], subject: Array(parts.joined(separator: [0x20])))
        }
    }

    /// A word of 4 to 24 optional characters (`.` or the first letter of `found`), then
    /// `found`, `щщщ` or as many of that letter.
    static func backtrackingWord(_ rng: inout SeededGenerator, like found: Bytes) -> Bytes {
        let first = String(String(decoding: found, as: UTF8.self).prefix(1))
        let optional = Bool.random(using: &rng) ? "." : first
        let n = Int.random(in: 4...24, using: &rng)
        let tail: String
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: tail = String(decoding: found, as: UTF8.self)
        case 1: tail = "щщщ"
        default: tail = String(repeating: first, count: n)
        }
        return Bytes(php: String(repeating: optional + "?", count: n) + tail)
    }
}
