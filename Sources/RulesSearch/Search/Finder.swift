import RulesRegex

/// The search: `Finder` of the reference (Finder.php). ``find(_:)`` ranks chapters for a
/// query; ``snippets(_:texts:)`` makes the text shown under each.
///
/// As in the reference, `find` leaves the words it found in each chapter (`$this->keys`)
/// for `snippets` to use.
package final class Finder {
    package struct Snippet: Equatable {
        /// `snippet`: up to three sentences with the found words in `<i>`, joined by `... `.
        package var html: Bytes
        /// `rel`: the share of the query's stems the snippet shows.
        package var rel: PHPNumber
        /// `start_text`: the first two lines of the text.
        package var startText: Bytes
    }

    package let index: any IndexReading
    let preg: Preg
    let stemmer: Stemmer
    let filter: QueryFilter
    /// `$this->keys`: chapter → word → weight, in the order they were found.
    var keys = OrderedMap<ByteKey, OrderedMap<ByteKey, PHPNumber>>()
    /// Whether snippets try their pattern only where a word can start (``WordStarts``); off,
    /// they search the whole text as the reference does. The results are the same; a test
    /// compares the two ways.
    var usesWordStarts = false
    /// Words met by snippets, lower-cased and stemmed (see `wordForms`).
    var snippetWordForms: [ByteKey: (word: Bytes, stemmed: Bytes)] = [:]
    /// `Finder::$chapters`, filled as ids are looked up.
    private var chapterNames: [Int: ByteKey] = [:]

    package init(index: any IndexReading, preg: Preg) {
        self.index = index
        self.preg = preg
        stemmer = Stemmer(preg: preg)
        // The reference turns the cache on for its snippets (`Stemmer::stem_caching(1)` in
        // `Finder::snippets`); on from the start, each word of a query is stemmed once
        // rather than in each step of `find` (the same stems: a stem depends on its word
        // alone).
        stemmer.caching = true
        filter = QueryFilter(preg: preg)
    }

    func chapter(_ id: Int) -> ByteKey {
        if let name = chapterNames[id] { return name }
        // An id missing from the table of contents is PHP's null key, "".
        let name = index.chapterName(id: id) ?? ByteKey([])
        chapterNames[id] = name
        return name
    }

    // MARK: Weights

    /// `Finder::fulltext_weight`.
    static func fulltextWeight(_ wordCount: Int) -> Int {
        wordCount < 4 ? 1 : wordCount == 4 ? 7 : 10
    }

    /// `Finder::neighbour_weight`.
    static func neighbourWeight(_ distance: Int) -> Int {
        max(23 - distance, 13)
    }

    /// `Finder::word_repeat_weight`: `min(0.5 * ($count - 1) + 1, 4)`, a float unless the
    /// cap (the integer 4) is smaller.
    static func wordRepeatWeight(_ count: Int) -> PHPNumber {
        let value = 0.5 * Double(count - 1) + 1
        return value <= 4 ? .double(value) : .int(4)
    }

    /// `Finder::compare_arrays`: the smallest distance between two position lists, at most
    /// 100,000,000. PHP compares every pair; the smallest distance of two sorted lists is
    /// one merge away, O(n + m), with the same answer (positions come sorted from an index
    /// built in text order; a file made otherwise is sorted first). A difference beyond the
    /// integers is a float in PHP, far above the cap: it never counts, and never traps here.
    static func closestDistance(_ a: [Int], _ b: [Int]) -> Int {
        let x = isAscending(a) ? a : a.sorted()
        let y = isAscending(b) ? b : b.sorted()
        var result = 100_000_000
        var i = 0
        var j = 0
        while i < x.count && j < y.count {
            let (difference, overflow) = x[i].subtractingReportingOverflow(y[j])
            if !overflow && difference != .min && abs(difference) < result { result = abs(difference) }
            if x[i] < y[j] { i += 1 } else { j += 1 }
        }
        return result
    }

    private static func isAscending(_ list: [Int]) -> Bool {
        zip(list, list.dropFirst()).allSatisfy { $0 <= $1 }
    }

    // MARK: find

    /// `Finder::find`: chapters and their weights, best first (a stable sort: equal
    /// weights keep the order the chapters were found in).
    package func find(_ query: Bytes) -> [(chapter: ByteKey, weight: PHPNumber)] {
        keys = OrderedMap()
        let rawWords = filter.words(query)
        if rawWords.count > 1 { findPhraseKeywords(PHPStrings.implode([0x20], rawWords)) }
        for word in rawWords { findSimpleKeywords(word) }
        findFulltext(rawWords)

        var weights: [(chapter: ByteKey, weight: PHPNumber)] = []
        weights.reserveCapacity(keys.count)
        for (chapter, stat) in keys.entries {
            var sum = PHPNumber.int(0)
            for value in stat.values { sum = sum + value }
            weights.append((chapter, sum))
        }
        return weights.enumerated()
            .sorted { a, b in a.element.weight != b.element.weight ? a.element.weight > b.element.weight : a.offset < b.offset }
            .map { $0.element }
    }

    /// `$this->keys[$chapter][$word] = $weight`.
    private func setKey(_ chapter: ByteKey, _ word: ByteKey, _ weight: PHPNumber) {
        keys.update(chapter, default: OrderedMap()) { $0[word] = weight }
    }

    /// `Finder::find_spaced_keywords`.
    func findPhraseKeywords(_ string: Bytes) {
        let padded = [0x20] + string + [0x20]
        index.forEachPhraseKeyword { keyword, chapters in
            if PHPStrings.contains(padded, [0x20] + keyword + [0x20]) {
                for (id, weight) in chapters() { setKey(chapter(id), ByteKey(keyword), weight) }
            }
        }
    }

    /// `Finder::find_simple_keywords`.
    func findSimpleKeywords(_ word: Bytes) {
        if let chapters = index.singleKeyword(word) {
            for (id, weight) in chapters { setKey(chapter(id), ByteKey(word), weight) }
        }
        let stem = stemmer.stem(word)
        if let chapters = index.stemKeyword(stem) {
            for (id, weight) in chapters { setKey(chapter(id), ByteKey(stem), weight) }
        }
    }

    /// `Finder::find_fulltext`.
    func findFulltext(_ words: [Bytes]) {
        let wordWeight = PHPNumber.int(Self.fulltextWeight(words.count))
        var previousPositions = OrderedMap<ByteKey, [Int]>()
        for word in words {
            let stem = stemmer.stem(word)
            let searchWords = stem == word ? [word] : [word, stem]   // array_unique
            var currentPositions = OrderedMap<ByteKey, [Int]>()
            let key = ByteKey(word)
            for searchWord in searchWords {
                guard let postings = index.fulltext(searchWord) else { continue }
                for (id, entries) in postings {
                    let name = chapter(id)
                    let wordCount: PHPNumber
                    switch entries {
                    case .single(let position):
                        currentPositions.update(name, default: []) { $0.append(position) }
                        wordCount = Self.wordRepeatWeight(1)
                    case .list(let text):
                        let positions = PHPStrings.base36Values(text, separatedBy: 0x7C)
                        currentPositions.update(name, default: []) { $0 += positions }
                        wordCount = Self.wordRepeatWeight(positions.count)
                    }
                    keys.update(name, default: OrderedMap()) { stat in
                        stat.update(key, default: .int(0)) { $0 = $0 + wordCount * wordWeight }
                    }
                }
            }
            for (name, positions) in currentPositions.entries {
                if let previous = previousPositions[name] {
                    let weight = PHPNumber.int(Self.neighbourWeight(Self.closestDistance(positions, previous))) * wordWeight
                    setKey(name, ByteKey(Bytes(php: "*n_") + word), weight)
                }
            }
            previousPositions = currentPositions
        }
    }
}
