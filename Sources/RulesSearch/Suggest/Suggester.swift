import RulesRegex

/// "Did you mean": corrected queries for a query with a word the index does not know.
/// Beside the port: the reference has nothing like it, and nothing here changes what the
/// search answers.
///
/// A query word is unknown when neither it nor its stem is in the fulltext index or the
/// keyword tables and it is not an excluded word (the words `Finder::find` looks up). Each
/// unknown word gets the vocabulary's words within its cost (``SpellingCost``: at most one
/// edit for a word of up to four letters, two for a longer one), cheapest first, then the
/// most frequent; a word typed with the other keyboard layout on is read as typed on the
/// right one (``KeyboardLayout``). The corrected queries are the original with its unknown
/// words replaced, in the order of their summed cost, and only those that find something.
/// A query of more than ten words, or 400 bytes, is not corrected.
public final class Suggester {
    /// Read when first needed: a query whose words are all known costs nothing of it.
    private let loadVocabulary: () -> Vocabulary?
    private lazy var vocabulary: Vocabulary? = loadVocabulary()
    let index: any IndexReading
    let filter: QueryFilter
    let stemmer: Stemmer

    /// How many corrected queries at most.
    public static let limit = 3
    /// The unknown words corrected in one query: past them, the rest are left as typed.
    static let wordsCorrected = 3
    /// Candidates kept for each unknown word.
    static let perWord = 4
    /// The cost of reading a word on the other keyboard layout.
    static let layoutCost = 1
    /// The longest query corrected, in words and in bytes: a misspelled query is short, and
    /// a long one (a pasted paragraph, a script's input) is answered with no time spent on
    /// it (its answer has no `suggestions`).
    static let longestQuery = (words: 10, bytes: 400)

    public init(vocabulary: @escaping () -> Vocabulary?, index: any IndexReading, preg: Preg) {
        loadVocabulary = vocabulary
        self.index = index
        filter = QueryFilter(preg: preg)
        stemmer = Stemmer(preg: preg)
    }

    /// What the index knows of a word of `QueryFilter`, as `Finder::find` would look it up.
    enum Known {
        /// It or its stem has chapters in the fulltext or keyword tables: a query with it
        /// finds something.
        case found
        /// An excluded word, or one with no letter (a number, a dash): nothing to correct.
        case passed
        case unknown
    }

    func look(_ word: Bytes) -> Known {
        guard let text = String(validating: word, as: UTF8.self), text.contains(where: \.isLetter) else { return .passed }
        if index.isExcluded(word) { return .passed }
        let stem = stemmer.stem(word)
        for w in stem == word ? [word] : [word, stem] where !(index.fulltext(w)?.isEmpty ?? true) { return .found }
        if !(index.singleKeyword(word)?.isEmpty ?? true) || !(index.stemKeyword(stem)?.isEmpty ?? true) { return .found }
        return .unknown
    }

    /// The words of `query` the index does not know, in order, each once; empty when it
    /// knows them all.
    public func unknownWords(_ query: Bytes) -> [String] {
        looked(query).unknown
    }

    /// The unknown words of `query`, and whether one of its words finds something.
    private func looked(_ query: Bytes) -> (unknown: [String], finds: Bool) {
        var unknown: [String] = []
        var finds = false
        var seen = Set<Bytes>()
        for word in filter.words(query) where seen.insert(word).inserted {
            switch look(word) {
            case .found: finds = true
            case .passed: break
            case .unknown: unknown.append(String(decoding: word, as: UTF8.self))
            }
        }
        return (unknown, finds)
    }

    /// Whether `query` is short enough to be corrected (``longestQuery``).
    func isCorrectable(_ query: Bytes) -> Bool {
        query.count <= Self.longestQuery.bytes
            && query.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }).count <= Self.longestQuery.words
            && filter.words(query).count <= Self.longestQuery.words
    }

    /// Up to ``limit`` corrected queries, best first, each of which `finds` something;
    /// `nil` when every word of `query` is known (there is nothing to correct).
    public func suggestions(for query: Bytes, finds: (Bytes) -> Bool) -> [String]? {
        guard isCorrectable(query) else { return nil }
        let unknown = unknownWords(query)
        guard !unknown.isEmpty, let vocabulary else { return nil }
        // Corrections that leave no unknown word; failing those, ones that leave fewer.
        let typed = String(decoding: query, as: UTF8.self)
        // The whole query typed with the other layout on, when that reading leaves no word
        // unknown, is the answer: its words typed in the wrong letters are not corrected.
        let readings = layoutReadings(of: typed)
        for reading in readings {
            let (left, found) = looked(Bytes(reading.utf8))
            if left.isEmpty, found || finds(Bytes(reading.utf8)) { return [Self.tidied(reading)] }
        }
        var proposals = readings
        let corrected = Array(unknown.prefix(Self.wordsCorrected))
        // A word with no candidate stays as typed, and the others are corrected.
        let choices = corrected.map { word in
            let found = candidates(for: word, in: vocabulary)
            return found.isEmpty ? [Candidate(written: word, cost: 0, count: 0)] : found
        }
        for combination in Self.combinations(choices).prefix(4 * Self.limit) {
            var text = typed.lowercased()
            for (word, choice) in zip(corrected, combination) { text = Self.replacing(word, with: choice, in: text) }
            proposals.append(text)
        }
        // What a person would type again: no control characters (an escape in the query
        // must not reach a terminal through the suggestion), spaces single, none at the ends.
        proposals = proposals.map(Self.tidied)
        var whole: [String] = [], better: [String] = []
        for text in proposals where text != typed.lowercased() && !whole.contains(text) && !better.contains(text) {
            let (unknownLeft, found) = looked(Bytes(text.utf8))
            let left = unknownLeft.count
            // A query with a word the index has finds something: `Finder::find` is asked only
            // when that is not known.
            if left == 0, whole.count < Self.limit, found || finds(Bytes(text.utf8)) {
                whole.append(text)
            } else if left > 0, left < unknown.count, better.count < Self.limit, finds(Bytes(text.utf8)) {
                better.append(text)
            }
            if whole.count == Self.limit { break }
        }
        return whole.isEmpty ? better : whole
    }

    /// `text` with control characters as spaces, runs of spaces as one, none at the ends.
    static func tidied(_ text: String) -> String {
        let spaced = String(String.UnicodeScalarView(text.unicodeScalars.map {
            $0.properties.generalCategory == .control || $0.properties.generalCategory == .format ? " " : $0
        }))
        return spaced.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    /// The query as typed on the Russian layout, or on the Latin one, when it is all in the
    /// other's letters.
    func layoutReadings(of query: String) -> [String] {
        let tokens = query.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let russian = tokens.map { KeyboardLayout.russianReadings(ofLatin: $0) }
        if russian.contains(where: { $0 != nil }), !query.unicodeScalars.contains(where: { (0x400...0x4FF).contains($0.value) }) {
            // Each token's reading whose words are known, else its first.
            let chosen = zip(tokens, russian).map { token, options in
                options.map { options in options.first { unknownWords(Bytes($0.utf8)).isEmpty } ?? options[0] } ?? token
            }
            return [chosen.joined(separator: " ")]
        }
        let latin = tokens.map { KeyboardLayout.latin(ofRussian: $0) }
        if latin.contains(where: { $0 != nil }), !query.unicodeScalars.contains(where: { $0.isASCII && ($0.properties.isAlphabetic) }) {
            return [zip(tokens, latin).map { $1 ?? $0 }.joined(separator: " ")]
        }
        return []
    }

    struct Candidate {
        let written: String
        let cost: Int
        let count: UInt32
    }

    /// The vocabulary's words for unknown `word`, best first.
    func candidates(for word: String, in vocabulary: Vocabulary) -> [Candidate] {
        let units = Array(word.replacingOccurrences(of: "ё", with: "е").utf16)
        let letters = word.count
        var found: [Candidate] = []
        // Nothing in the vocabulary is longer than it keeps, nor within two edits of a
        // word much longer than that.
        guard units.count <= Vocabulary.longestWord + 2 else { return [] }
        if letters >= 3 {
            let limit = (letters <= 4 ? 1 : 2) * SpellingCost.edit
            found += vocabulary.near(units, within: limit).map {
                Candidate(written: vocabulary.written($0.word), cost: $0.cost, count: vocabulary.occurrences($0.word))
            }
        }
        let readings = KeyboardLayout.russianReadings(ofLatin: word) ?? KeyboardLayout.latin(ofRussian: word).map { [$0] } ?? []
        for reading in readings {
            let readingUnits = Array(reading.replacingOccurrences(of: "ё", with: "е").utf16)
            let limit = (reading.count <= 4 ? 0 : 1) * SpellingCost.edit
            found += vocabulary.near(readingUnits, within: limit).map {
                Candidate(written: vocabulary.written($0.word), cost: $0.cost + Self.layoutCost, count: vocabulary.occurrences($0.word))
            }
        }
        found.sort { a, b in a.cost != b.cost ? a.cost < b.cost : a.count != b.count ? a.count > b.count : a.written < b.written }
        var seen = Set<String>()
        return Array(found.filter { seen.insert($0.written).inserted }.prefix(Self.perWord))
    }

    /// The choices' combinations (one candidate a word), cheapest in sum first.
    static func combinations(_ choices: [[Candidate]]) -> [[String]] {
        var all: [(words: [String], cost: Int, count: UInt64)] = [([], 0, 0)]
        for options in choices {
            all = all.flatMap { partial in options.map { (partial.words + [$0.written], partial.cost + $0.cost, partial.count + UInt64($0.count)) } }
        }
        all.sort { a, b in a.cost != b.cost ? a.cost < b.cost : a.count > b.count }
        return all.map(\.words)
    }

    /// `text` with `word` replaced where it stands as a word (between characters that are
    /// not letters), ё and е alike.
    static func replacing(_ word: String, with replacement: String, in text: String) -> String {
        let target = Array(word.replacingOccurrences(of: "ё", with: "е"))
        var characters = Array(text)
        let folded = characters.map { $0 == "ё" ? Character("е") : $0 }
        var out: [Character] = []
        var i = 0
        while i < characters.count {
            if i + target.count <= characters.count, Array(folded[i..<(i + target.count)]) == target,
               i == 0 || !characters[i - 1].isLetter,
               i + target.count == characters.count || !characters[i + target.count].isLetter {
                out += Array(replacement)
                i += target.count
            } else {
                out.append(characters[i])
                i += 1
            }
        }
        characters = out
        return String(characters)
    }
}
