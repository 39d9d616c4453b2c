import RulesRegex

/// What the finder asks of an index. ``SearchIndex`` answers from memory; the binary form
/// answers from its file without building dictionaries first, so that a single search
/// pays only for what it looks up.
package protocol IndexReading {
    /// Why the index cannot answer (a damaged binary form whose S2 file cannot be read
    /// either, see ``CheckedIndex``); `nil` for an index that can. A requirement, so that
    /// asking costs no dynamic cast (one costs a search a scan of the program's conformances).
    var failure: Localized? { get }
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
    /// `TitleFinder::find`: the chapters, in stored order, whose title lowercased by
    /// `PHPCase.lowercase` holds `needle` (lowercased the same way by the caller).
    func chapters(titleContaining needle: Bytes) -> [(chapter: ByteKey, entry: SearchIndex.Entry)]
}

extension SearchIndex: IndexReading {
    package func fulltext(_ stem: Bytes) -> [(id: Int, positions: Positions)]? {
        fulltext.postings(stem)
    }

    package func singleKeyword(_ word: Bytes) -> [(id: Int, weight: PHPNumber)]? {
        singleKeywords[ByteKey(word)].map(Self.weights)
    }

    package func stemKeyword(_ stem: Bytes) -> [(id: Int, weight: PHPNumber)]? {
        stemKeywords[ByteKey(stem)].map(Self.weights)
    }

    package func forEachPhraseKeyword(_ body: (Bytes, () -> [(id: Int, weight: PHPNumber)]) -> Void) {
        for (phrase, chapters) in phraseKeywords.entries {
            body(phrase.bytes, { Self.weights(chapters) })
        }
    }

    package func isExcluded(_ word: Bytes) -> Bool {
        excludedWords[ByteKey(word)] != nil
    }

    /// The last chapter with the id, as `Finder::__construct` fills `$this->chapters`.
    package func chapterName(id: Int) -> ByteKey? {
        let entries = tableOfContents.values
        return entries.indices.last { entries[$0].id == id }.map { tableOfContents.keys[$0] }
    }

    package func entry(_ chapter: ByteKey) -> Entry? {
        tableOfContents[chapter]
    }

    package func forEachEntry(_ body: (ByteKey, Entry) -> Void) {
        for (name, entry) in tableOfContents.entries { body(name, entry) }
    }

    private static func weights(_ chapters: OrderedMap<Int, PHPValue>) -> [(id: Int, weight: PHPNumber)] {
        chapters.entries.map { ($0, PHPNumber($1) ?? .int(0)) }
    }
}

extension IndexReading {
    package var failure: Localized? { nil }

    /// Each title lowercased in turn (the binary form keeps them lowercased, in one block).
    package func chapters(titleContaining needle: Bytes) -> [(chapter: ByteKey, entry: SearchIndex.Entry)] {
        var found: [(chapter: ByteKey, entry: SearchIndex.Entry)] = []
        forEachEntry { name, entry in
            let title = PHPCase.lowercase(entry.field("title")?.stringValue ?? [])
            if PHPStrings.firstIndex(of: needle, in: title, from: 0) != nil { found.append((name, entry)) }
        }
        return found
    }
}
