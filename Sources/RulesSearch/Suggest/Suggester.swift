import RulesRegex

/// "Did you mean": corrected queries for a query with a word the index does not know.
/// Beside the port: the reference has nothing like it, and nothing here changes what the
/// search answers.
///
/// A query word is unknown when neither it nor its stem is in the fulltext index or the
/// keyword tables and it is not an excluded word (the words `Finder::find` looks up). Each
/// unknown word gets the vocabulary's words within its cost (``SpellingCost``: at most one
/// edit for a word of up to four letters, two for a longer one when none is within one),
/// cheapest first, then the most frequent; a word typed with the other keyboard layout on is read as typed on the
/// right one (``KeyboardLayout``). The corrected queries are the original with its unknown
/// words replaced, in the order of their summed cost, and only those that find something.
/// A query of more than ten words, or 400 bytes, is not corrected.
package final class Suggester {
    /// Read when first needed: a query whose words are all known costs nothing of it.
    private let loadVocabulary: () -> Vocabulary?
    private lazy var vocabulary: Vocabulary? = loadVocabulary()
    let index: any IndexReading
    let filter: QueryFilter
    let stemmer: Stemmer

    /// How many corrected queries at most.
    package static let limit = 3
    /// The unknown words of a query whose candidates are combined: past them, each takes
    /// its best candidate only.
    static let wordsCorrected = 3
    /// Candidates kept for each unknown word.
    static let perWord = 4
    /// The cost of reading a word on the other keyboard layout.
    static let layoutCost = 1
    /// The longest query corrected, in words and in bytes: a misspelled query is short, and
    /// a long one (a pasted paragraph, a script's input) is answered with no time spent on
    /// it (its answer has no `suggestions`).
    static let longestQuery = (words: 10, bytes: 400)

    /// `stemmer`: the searching finder's, which remembers its stems (a query's words have
    /// just been stemmed by it).
    package init(vocabulary: @escaping () -> Vocabulary?, index: any IndexReading, preg: Preg, stemmer: Stemmer) {
        loadVocabulary = vocabulary
        self.index = index
        filter = QueryFilter(preg: preg)
        self.stemmer = stemmer
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

    /// What ``look(_:)`` found of each word already looked up: the corrected queries of one
    /// query share most of their words, and each look stems the word.
    private var looks: [Bytes: Known] = [:]

    func look(_ word: Bytes) -> Known {
        if let known = looks[word] { return known }
        if looks.count >= 4096 { looks.removeAll() }
        let known = lookUp(word)
        looks[word] = known
        return known
    }

    /// Each word's stem, as looked up (the finder's stemmer remembers them): two
    /// corrections whose words have the same stems find the same, and only the first is
    /// offered.
    func stem(_ word: Bytes) -> Bytes { stemmer.stem(word) }

    private func lookUp(_ word: Bytes) -> Known {
        guard let text = String(validating: word, as: UTF8.self), text.contains(where: \.isLetter) else { return .passed }
        let stem = stem(word)
        // The index excludes stems too common to find anything by (the reference excludes
        // what the indexer stored, stems): «его» is a word of the language, not a mistake.
        if index.isExcluded(word) || index.isExcluded(stem) { return .passed }
        for w in stem == word ? [word] : [word, stem] where !(index.fulltext(w)?.isEmpty ?? true) { return .found }
        if !(index.singleKeyword(word)?.isEmpty ?? true) || !(index.stemKeyword(stem)?.isEmpty ?? true) { return .found }
        return .unknown
    }

    /// The words of `query` the index does not know, in order, each once; empty when it
    /// knows them all.
    package func unknownWords(_ query: Bytes) -> [String] {
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

    /// Whether `query` is short enough to be corrected (``longestQuery``): its words with a
    /// letter or a digit are counted, not the punctuation the filter splits off.
    func isCorrectable(_ query: Bytes) -> Bool {
        guard query.count <= Self.longestQuery.bytes else { return false }
        let words = filter.words(query).filter { word in
            String(decoding: word, as: UTF8.self).contains { $0.isLetter || $0.isNumber }
        }
        return words.count <= Self.longestQuery.words
    }

    /// Up to ``limit`` corrected queries, best first, each of which `finds` something;
    /// `nil` when every word of `query` is known (there is nothing to correct).
    ///
    /// A corrected query is the query's words as a person would type them again (see
    /// ``words(of:)``), the unknown ones replaced: each word's letters are corrected, not
    /// the punctuation the filter left on it (the reference reads «(запятая)» as the word
    /// «(запятая», which it never finds).
    package func suggestions(for query: Bytes, finds: (Bytes) -> Bool) -> [String]? {
        guard isCorrectable(query) else { return nil }
        let unknown = unknownWords(query)
        guard !unknown.isEmpty, let vocabulary else { return nil }
        let typed = Self.typedText(query)
        // The whole query typed with the other layout on, when that reading leaves no word
        // unknown, is the answer: its words typed in the wrong letters are not corrected.
        let readings = layoutReadings(of: typed, in: vocabulary)
        for reading in readings {
            let (left, found) = looked(Bytes(reading.utf8))
            if left.isEmpty, found || finds(Bytes(reading.utf8)) { return [Self.tidied(reading)] }
        }
        var proposals = readings
        let text = Self.words(of: typed).joined(separator: " ")
        let cores = unknown.map(Self.core)
        // The query's other words: a correction to one of them is no correction («блистать
        // или блестать» is not asked as «блистать или блистать»).
        let others = Set(Self.words(of: typed).map(Self.folded)).subtracting(cores.map(Self.folded))
        // A word with no candidate stays as typed, and the others are corrected; past the
        // first few unknown words, each takes its best candidate only.
        let choices = cores.enumerated().map { k, word in
            let found = candidates(for: word, in: vocabulary).filter { !others.contains(Self.folded($0.written)) }
            let kept = k < Self.wordsCorrected ? found : Array(found.prefix(1))
            return kept.isEmpty ? [Candidate(written: word, cost: 0, count: 0)] : kept
        }
        for combination in Self.combinations(choices).prefix(4 * Self.limit) {
            var corrected = text
            for (word, choice) in zip(cores, combination) { corrected = Self.replacing(word, with: choice, in: corrected) }
            proposals.append(corrected)
        }
        // Corrections that leave no unknown word; failing those, ones that leave fewer. One
        // whose words have the stems of one taken before would find the same, and is passed.
        var whole: [String] = []
        var better: [String] = []
        var stemsTaken = Set<[Bytes]>()
        for text in proposals.map(Self.tidied) where !text.isEmpty && text != typed && !whole.contains(text) && !better.contains(text) {
            let words = filter.words(Bytes(text.utf8))
            guard stemsTaken.insert(words.map(stem)).inserted else { continue }
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

    /// The query as the suggestions are made of it, lower case: without its tags (the
    /// filter strips them), its terminal escape sequences, and the control characters
    /// ``tidied(_:)`` leaves out.
    static func typedText(_ query: Bytes) -> String {
        tidied(String(decoding: withoutEscapes(StripTags.strip(query)), as: UTF8.self)).lowercased()
    }

    /// `text` without the escape sequences a terminal acts on: CSI (`ESC [` … a final byte),
    /// OSC and the other strings (`ESC ]`, `P`, `X`, `^`, `_` … BEL or `ESC \`), and the
    /// two-byte ones (`ESC` and a byte). What is left of a broken one goes with it.
    static func withoutEscapes(_ text: Bytes) -> Bytes {
        var out = Bytes()
        out.reserveCapacity(text.count)
        var i = 0
        while i < text.count {
            let byte = text[i]
            guard byte == 0x1B || byte == 0x9B else {
                out.append(byte)
                i += 1
                continue
            }
            i += 1
            let kind: UInt8 = byte == 0x9B ? 0x5B : (i < text.count ? text[i] : 0)
            if byte == 0x1B, i < text.count { i += 1 }
            switch kind {
            case 0x5B:   // CSI: parameters and intermediates, then a final byte 0x40-0x7E
                while i < text.count, !(0x40...0x7E).contains(text[i]) { i += 1 }
                i += 1
            case 0x5D, 0x50, 0x58, 0x5E, 0x5F:   // a string, to BEL or ST
                while i < text.count, text[i] != 0x07, !(text[i] == 0x1B && i + 1 < text.count && text[i + 1] == 0x5C) { i += 1 }
                i += i < text.count && text[i] == 0x1B ? 2 : 1
            default: break
            }
        }
        return out
    }

    /// `text` with control and format characters and line and paragraph separators as
    /// spaces, runs of spaces as one, none at the ends: what a person would type again (an
    /// escape in the query must not reach a terminal through a suggestion).
    package static func tidied(_ text: String) -> String {
        let spaced = String(
            String.UnicodeScalarView(
                text.unicodeScalars.map {
                    // Printable ASCII and Cyrillic are kept without asking Unicode's tables.
                    if (0x20...0x7E).contains($0.value) || (0x400...0x4FF).contains($0.value) { return $0 }
                    switch $0.properties.generalCategory {
                    case .control, .format, .lineSeparator, .paragraphSeparator: return " "
                    default: return $0
                    }
                }))
        return spaced.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    /// `word` without the characters that are neither letters nor digits at its ends
    /// («(запитая» → «запитая», «кое-» → «кое»).
    static func core(_ word: String) -> String {
        let kept: (Character) -> Bool = { $0.isLetter || $0.isNumber }
        guard let first = word.firstIndex(where: kept), let last = word.lastIndex(where: kept) else { return "" }
        return String(word[first...last])
    }

    /// The words of `query` (between spaces) as a person types them again: without the
    /// punctuation at their ends, and none that is only punctuation.
    static func words(of query: String) -> [String] {
        query.split(separator: " ").map { core(String($0)) }.filter { !$0.isEmpty }
    }

    /// The query as typed on the Russian layout, or on the Latin one, when it is all in the
    /// other's letters and every word so read is a word of `vocabulary`, and there are two
    /// such words or one of at least three letters: «pfgznfz» is «запятая» and «y b yy» is
    /// «н и нн», but «the» is no «еру» and «vs» no «мы».
    func layoutReadings(of query: String, in vocabulary: Vocabulary) -> [String] {
        let tokens = query.split(separator: " ").map(String.init)
        var long = false
        var words = 0
        /// Whether `reading` is a word of the vocabulary (its punctuation aside).
        func isWord(_ reading: String) -> Bool {
            let word = Self.core(reading)
            guard !word.isEmpty, vocabulary.contains(Self.folded(word)) else { return false }
            if word.count >= 3 { long = true }
            words += 1
            return true
        }
        let russian = tokens.map { KeyboardLayout.russianReadings(ofLatin: $0) }
        if russian.contains(where: { $0 != nil }), !query.unicodeScalars.contains(where: { (0x400...0x4FF).contains($0.value) }) {
            var chosen: [String] = []
            for (token, options) in zip(tokens, russian) {
                guard let options else {
                    // A word of the keys that are letters only on the Russian layout («`» ё).
                    if let keys = KeyboardLayout.russianReading(ofKeys: token), isWord(keys) {
                        chosen.append(Self.core(keys))
                    } else {
                        chosen.append(token)
                    }
                    continue
                }
                // The word alone: a key that is punctuation on one layout and a letter on the
                // other («б» is «,») is not typed again at its ends.
                guard let reading = options.first(where: isWord) else { return [] }
                chosen.append(Self.core(reading))
            }
            return long || words >= 2 ? [chosen.joined(separator: " ")] : []
        }
        let latin = tokens.map { KeyboardLayout.latin(ofRussian: $0) }
        if latin.contains(where: { $0 != nil }), !query.unicodeScalars.contains(where: { $0.isASCII && ($0.properties.isAlphabetic) }) {
            var chosen: [String] = []
            for (token, reading) in zip(tokens, latin) {
                guard let reading else {
                    chosen.append(token)
                    continue
                }
                guard isWord(reading) else { return [] }
                chosen.append(Self.core(reading))
            }
            return long || words >= 2 ? [chosen.joined(separator: " ")] : []
        }
        return []
    }

    /// `word`'s UTF-16 code units with ё as е, as the vocabulary keeps its words.
    static func folded(_ word: String) -> [UInt16] {
        word.utf16.map { $0 == 0x451 ? 0x435 : $0 }
    }

    struct Candidate {
        let written: String
        let cost: Int
        let count: UInt32
    }

    /// The vocabulary's words for unknown `word`, best first.
    func candidates(for word: String, in vocabulary: Vocabulary) -> [Candidate] {
        let units = Self.folded(word)
        let letters = word.count
        var found: [Candidate] = []
        // Nothing in the vocabulary is longer than it keeps, nor within two edits of a
        // word much longer than that.
        guard units.count <= Vocabulary.longestWord + 4 else { return [] }
        if letters == 2 {
            // A word of two letters is within an edit of too many: only the cheap mistakes
            // («жы» for «жи», «чя» for «ча»).
            found += vocabulary.near(units, within: SpellingCost.half).map {
                Candidate(written: vocabulary.written($0.word), cost: $0.cost, count: vocabulary.occurrences($0.word))
            }
        } else if letters >= 3 {
            // Words two edits away only when none is one edit away: they would come after
            // it, and looking for them costs several times as much (a limit of two edits
            // lets a beginning stray far, every cheap mistake being half of one).
            var near = vocabulary.near(units, within: SpellingCost.edit)
            if near.isEmpty, letters > 4 { near = vocabulary.near(units, within: 2 * SpellingCost.edit) }
            found += near.map {
                Candidate(written: vocabulary.written($0.word), cost: $0.cost, count: vocabulary.occurrences($0.word))
            }
        }
        let readings = KeyboardLayout.russianReadings(ofLatin: word) ?? KeyboardLayout.latin(ofRussian: word).map { [$0] } ?? []
        // A short word read on the other layout is too often a real word of its own («vs»).
        // Read so, a word is taken as it is when the word typed has candidates of its own
        // (a search near it would cost as much again for what is seldom there), and within
        // an edit of a longer one when it has none.
        let direct = !found.isEmpty
        for reading in readings where reading.count >= 3 {
            let readingUnits = Self.folded(reading)
            let near: [Vocabulary.Near]
            if direct {
                near = vocabulary.index(of: readingUnits).map { [Vocabulary.Near(word: $0, cost: 0)] } ?? []
            } else {
                // A short word read so, only with one of the cheap mistakes («ntht» is «тере»,
                // meant for «тире»).
                near = vocabulary.near(readingUnits, within: reading.count <= 4 ? SpellingCost.half : SpellingCost.edit)
            }
            found += near.map {
                Candidate(written: vocabulary.written($0.word), cost: $0.cost + Self.layoutCost, count: vocabulary.occurrences($0.word))
            }
        }
        // Two words typed without the space between them («мягкийзнак»), when nothing nearer
        // was found: each part a word of the vocabulary of at least two letters, for an edit.
        if found.isEmpty, units.count >= 4 {
            for cut in 2...(units.count - 2) {
                guard let first = vocabulary.index(of: Array(units[..<cut])),
                    let second = vocabulary.index(of: Array(units[cut...]))
                else { continue }
                found.append(
                    Candidate(
                        written: vocabulary.written(first) + " " + vocabulary.written(second), cost: SpellingCost.edit,
                        count: min(vocabulary.occurrences(first), vocabulary.occurrences(second))))
            }
        }
        found.sort { a, b in a.cost != b.cost ? a.cost < b.cost : a.count != b.count ? a.count > b.count : a.written < b.written }
        var seen = Set<String>()
        found = found.filter { seen.insert($0.written).inserted }
        // A word split with a hyphen where it is typed whole, when the whole word is a
        // candidate too, is an example of hyphenation («стеклян-ный»), not a correction.
        if !word.contains("-") {
            found = found.filter { !$0.written.contains("-") || !seen.contains(String($0.written.filter { $0 != "-" })) }
        }
        return Array(found.prefix(Self.perWord))
    }

    /// The choices' combinations (one candidate a word), cheapest in sum first.
    static func combinations(_ choices: [[Candidate]]) -> [[String]] {
        var all: [(words: [String], cost: Int, count: UInt64)] = [([], 0, 0)]
        for options in choices {
            all = all.flatMap { partial in
                options.map { (partial.words + [$0.written], partial.cost + $0.cost, partial.count + UInt64($0.count)) }
            }
        }
        all.sort { a, b in a.cost != b.cost ? a.cost < b.cost : a.count > b.count }
        return all.map(\.words)
    }

    /// `text` with `word` replaced where it stands as a word (between characters that are
    /// not letters), ё and е alike.
    static func replacing(_ word: String, with replacement: String, in text: String) -> String {
        let target: [Character] = word.map { $0 == "ё" ? "е" : $0 }
        var characters = Array(text)
        let folded = characters.map { $0 == "ё" ? Character("е") : $0 }
        var out: [Character] = []
        var i = 0
        while i < characters.count {
            if i + target.count <= characters.count, Array(folded[i..<(i + target.count)]) == target,
                i == 0 || !characters[i - 1].isLetter,
                i + target.count == characters.count || !characters[i + target.count].isLetter
            {
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
