import RulesRegex

/// What the finder asks of an index. ``SearchIndex`` answers from memory; the binary form
/// answers from its file without building dictionaries first, so that a single search
/// pays only for what it looks up.
public protocol IndexReading {
    /// Why the index cannot answer (a damaged binary form whose S2 file cannot be read
    /// either, see ``CheckedIndex``); `nil` for an index that can. A requirement, so that
    /// asking costs no dynamic cast (one costs a search a scan of the program's conformances).
    var failure: String? { get }
    /// `fulltext_index[$stem]`: each chapter id with the positions, in stored order.
    func fulltext(_ stem: Bytes) -> [(id: Int, positions: SearchIndex.Positions)]?
    /// `keyword_1_index[$word]`.
    func singleKeyword(_ word: Bytes) -> [(id: Int, weight: PHPNumber)]?
    /// `keyword_base_index[$stem]`.
    func stemKeyword(_ stem: Bytes) -> [(id: Int, weight: PHPNumber)]?
    /// Every entry of `keyword_n_index`, in stored order.
    func forEachPhraseKeyword(_ body: (Bytes, () -> [(id: Int, weight: PHPNumber)]) -> Void)
    /// `isset($this->excluded_words[$word])`.
    func isExcluded(_ word: Bytes) -> Bool
    /// `Finder::$chapters[$id]`.
    func chapterName(id: Int) -> ByteKey?
    /// `table_of_contents[$chapter]`.
    func entry(_ chapter: ByteKey) -> SearchIndex.Entry?
    /// Every chapter name with its entry, in stored order.
    func forEachEntry(_ body: (ByteKey, SearchIndex.Entry) -> Void)
}

extension SearchIndex: IndexReading {
    public func fulltext(_ stem: Bytes) -> [(id: Int, positions: Positions)]? {
        fulltext.postings(stem)
    }

    public func singleKeyword(_ word: Bytes) -> [(id: Int, weight: PHPNumber)]? {
        singleKeywords[ByteKey(word)].map(Self.weights)
    }

    public func stemKeyword(_ stem: Bytes) -> [(id: Int, weight: PHPNumber)]? {
        stemKeywords[ByteKey(stem)].map(Self.weights)
    }

    public func forEachPhraseKeyword(_ body: (Bytes, () -> [(id: Int, weight: PHPNumber)]) -> Void) {
        for (phrase, chapters) in phraseKeywords.entries {
            body(phrase.bytes, { Self.weights(chapters) })
        }
    }

    public func isExcluded(_ word: Bytes) -> Bool {
        excludedWords[ByteKey(word)] != nil
    }

    public func chapterName(id: Int) -> ByteKey? {
        for (name, entry) in tableOfContents.entries where entry.id == id { return name }
        return nil
    }

    public func entry(_ chapter: ByteKey) -> Entry? {
        tableOfContents[chapter]
    }

    public func forEachEntry(_ body: (ByteKey, Entry) -> Void) {
        for (name, entry) in tableOfContents.entries { body(name, entry) }
    }

    private static func weights(_ chapters: OrderedMap<Int, PHPValue>) -> [(id: Int, weight: PHPNumber)] {
        chapters.entries.map { ($0, PHPNumber($1) ?? .int(0)) }
    }
}

extension IndexReading {
    public var failure: String? { nil }
}
