import RulesRegex

/// Builds an index from a corpus: `Indexer` of the reference (Indexer.php). Its functions
/// are ported here, but for `add_to_index`, whose fulltext half (with `add_word_to_fulltext`
/// and `cleanup_index`) is ``FulltextBuilder`` and keyword half (with
/// `add_keyword_to_index`) ``KeywordTables``.
///
/// The reference runs in steps: `buffer_chapter` writes each chapter's cleaned text to a
/// buffer file (`<name> <serialize(data)>` a line), `build_ids` numbers the chapters, and
/// later steps read the buffer back into `add_to_index`, saving the index in between.
/// Every value survives those round trips unchanged (the corpus reader refuses names and
/// keywords that would break a buffer line), so the port keeps the buffered values in
/// memory and runs the steps in one pass.
///
/// What does not depend on order is done ahead, on every core: the HTML-to-text cleanup of
/// each chapter with the split of its fulltext walk into words, and the stem of each
/// distinct word. `add_to_index` then walks numbers, not strings (see ``FulltextBuilder``),
/// while its keyword half runs on another thread (``KeywordTables``).
package final class Indexer {
    private var index = SearchIndex()
    private var chapterLengths = OrderedMap<ByteKey, Int>()

    /// The index of `corpus`, as `Indexer::index` leaves it when it says 'stop'.
    /// `chaptersRead` is called once every chapter is cleaned up and split into words, when
    /// what is left uses every core for a shorter while.
    /// `wordsRead` is given the readers and their walks first (the vocabulary is counted
    /// from them, beside the port).
    package static func build(_ corpus: Corpus, preg: Preg, chaptersRead: () -> Void = {}) -> SearchIndex {
        build(corpus, preg: preg, chaptersRead: chaptersRead, wordsRead: { _, _ in })
    }

    static func build(
        _ corpus: Corpus, preg: Preg, chaptersRead: () -> Void,
        wordsRead: ([ChapterReader], [ChapterReader.Walk]) -> Void
    ) -> SearchIndex {
        let indexer = Indexer()
        let chapters = Array(corpus.chapters.values)
        let engine = preg.engine
        var readers: [ChapterReader] = []
        var walks = Parallel.map(
            chapters, workers: Parallel.workers,
            make: { () -> ChapterReader in
                readers.append(ChapterReader(number: readers.count, preg: Preg(engine: engine)))
                return readers[readers.count - 1]
            }
        ) { reader, chapter in
            reader.read(chapter)
        }
        chaptersRead()
        wordsRead(readers, walks)
        for chapter in chapters { indexer.bufferChapter(chapter) }
        indexer.buildIDs()
        let ids = chapters.map { indexer.index.tableOfContents[$0.key]?.id ?? 0 }
        // The two halves of add_to_index fill different tables: the keyword half runs on
        // another thread, with a stemmer of its own, while this one builds the fulltext.
        let titles = walks.map(\.title)
        let keywords = Background { () -> KeywordTables in
            var tables = KeywordTables(stemmer: Stemmer(preg: Preg(engine: engine)))
            for (c, chapter) in chapters.enumerated() {
                tables.add(ids[c], title: titles[c], keywords: chapter.keywords.stringValue)
            }
            return tables
        }
        var fulltext = FulltextBuilder(readers: readers, walks: &walks, engine: engine)
        fulltext.add(walks, ids: ids)
        fulltext.finish(into: &indexer.index, chapterCount: indexer.index.tableOfContents.count)
        keywords.value.store(in: &indexer.index)
        return indexer.index
    }

    // MARK: Ports

    /// `Indexer::str_to_array`: the words between single spaces, empty ones left out.
    static func words(_ contents: Bytes) -> [Bytes] {
        var words: [Bytes] = []
        contents.withUnsafeBufferPointer { text in
            forEachSpaceSeparatedWord(text) { words.append(Array($0)) }
        }
        return words
    }

    /// `Indexer::buffer_chapter`: the chapter's entry in the table of contents and its
    /// length; its cleaned title and words are kept by the ``ChapterReader`` that made them.
    func bufferChapter(_ chapter: Corpus.Chapter) {
        index.tableOfContents[chapter.key] = SearchIndex.Entry(fields: Self.entryFields(chapter), id: 0)
        chapterLengths[chapter.key] = chapter.html.count
    }

    /// A chapter's entry in the table of contents before it has an id: `title`, `descr`,
    /// `time`, `url`, as `buffer_chapter` and `GenericFetcher::chapter` give them.
    static func entryFields(_ chapter: Corpus.Chapter) -> PHPArray {
        var fields = PHPArray()
        fields.append(.string(Bytes(php: "title")), chapter.title)
        fields.append(.string(Bytes(php: "descr")), chapter.description)
        fields.append(.string(Bytes(php: "time")), chapter.time)
        fields.append(.string(Bytes(php: "url")), chapter.url)
        return fields
    }

    /// `Indexer::build_ids`: ids by content length, longest first; `arsort` is stable, so
    /// equal lengths keep the corpus order.
    func buildIDs() {
        let order = chapterLengths.entries.enumerated().sorted { a, b in
            a.element.1 != b.element.1 ? a.element.1 > b.element.1 : a.offset < b.offset
        }
        var id = 0
        for (_, (chapter, _)) in order {
            id += 1
            index.tableOfContents.update(chapter, default: SearchIndex.Entry(fields: PHPArray(), id: 0)) { entry in
                entry.id = id
                entry.fields[.string(Bytes(php: "id"))] = .int(id)
            }
        }
    }
}
