import RulesRegex

/// The words of a whole text that a query finds, for a rule opened from the results (the
/// full-screen search marks them as the snippets do). Beside the port: `Finder::snippets`
/// marks the found words of the sentences it picks; this marks them in the whole text by
/// the same test. A word of the text (a run of letters, lower-cased, ё as е) is found when
/// it begins with the stem of a word of the query and is that stem, or stems to it, or
/// stems to the query's word itself; words the index leaves out as too common are not
/// looked for.
package struct FoundWords {
    /// Each query word's stem, and the word.
    private let looked: [(stem: Bytes, word: Bytes)]
    private let stemmer: Stemmer

    /// The words of `query` as the search filters them (``QueryFilter``), without those
    /// `index` excludes; `preg` is the caller's own (a `Preg` is not thread-safe).
    package init(query: Bytes, index: (any IndexReading)?, preg: Preg) {
        stemmer = Stemmer(preg: preg)
        var looked: [(Bytes, Bytes)] = []
        for word in QueryFilter(preg: preg).words(query) where !word.isEmpty && Self.isWord(word) {
            if index?.isExcluded(word) == true { continue }
            let stem = stemmer.stem(word)
            if !looked.contains(where: { $0.0 == stem }) { looked.append((stem, word)) }
        }
        self.looked = looked
    }

    /// Whether there is anything to look for.
    package var isEmpty: Bool { looked.isEmpty }

    /// `text` with each found word between `start` and `end`.
    package func marked(_ text: String, start: String, end: String) -> String {
        guard !looked.isEmpty else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 64)
        var word = ""
        func flush() {
            guard !word.isEmpty else { return }
            out += isFound(word) ? start + word + end : word
            word = ""
        }
        for character in text {
            if Self.isLetter(character) {
                word.append(character)
            } else {
                flush()
                out.append(character)
            }
        }
        flush()
        return out
    }

    private func isFound(_ written: String) -> Bool {
        let word = PHPCase.lowercase(Bytes(written.replacingYo().utf8))
        for (stem, queryWord) in looked where word.starts(with: stem) {
            if word == stem { return true }
            let stemmed = stemmer.stem(word)
            if stemmed == stem || stemmed == queryWord { return true }
        }
        return false
    }

    /// A letter of the reference's `[a-zа-яё]`, in either case.
    private static func isLetter(_ c: Character) -> Bool {
        guard let scalar = c.unicodeScalars.first, c.unicodeScalars.count == 1 else { return false }
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0x410...0x44F, 0x401, 0x451: return true
        default: return false
        }
    }

    private static func isWord(_ bytes: Bytes) -> Bool {
        String(decoding: bytes, as: UTF8.self).allSatisfy(isLetter)
    }
}

extension String {
    fileprivate func replacingYo() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "ё" ? "е" : $0 == "Ё" ? "Е" : $0 }))
    }
}
