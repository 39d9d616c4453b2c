import RulesRegex

/// Builds an index from a corpus: `Indexer` of the reference (Indexer.php), function for
/// function.
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
/// distinct word. `add_to_index` then walks numbers, not strings (see ``FulltextBuilder``).
public final class Indexer {
    static let keywordWeight = 30
    static let titleWeight = 20

    private let stemmer: Stemmer
    private var index = SearchIndex()
    private var chapterLengths = OrderedMap<ByteKey, Int>()

    public init(preg: Preg) {
        stemmer = Stemmer(preg: preg)
        // Stems are the same whether remembered or not (the reference turns the cache on
        // only for snippets); remembering them makes indexing a large corpus fast.
        stemmer.caching = true
    }

    /// The index of `corpus`, as `Indexer::index` leaves it when it says 'stop'.
    public static func build(_ corpus: Corpus, preg: Preg) -> SearchIndex {
        let indexer = Indexer(preg: preg)
        let chapters = Array(corpus.chapters.values)
        let engine = preg.engine
        var readers: [ChapterReader] = []
        var walks = Parallel.map(chapters, workers: Parallel.workers, make: { () -> ChapterReader in
            readers.append(ChapterReader(number: readers.count, preg: Preg(engine: engine)))
            return readers[readers.count - 1]
        }) { reader, chapter in
            reader.read(chapter)
        }
        for chapter in chapters { indexer.bufferChapter(chapter) }
        indexer.buildIDs()
        for (chapter, walk) in zip(chapters, walks) {
            indexer.addKeywords(chapter.key, title: walk.title, keywords: chapter.keywords.stringValue)
        }
        var fulltext = FulltextBuilder(readers: readers, walks: &walks, engine: engine)
        let ids = chapters.map { indexer.index.tableOfContents[$0.key]?.id ?? 0 }
        fulltext.add(walks, ids: ids)
        fulltext.finish(into: &indexer.index, chapterCount: indexer.index.tableOfContents.count)
        return indexer.index
    }

    // MARK: Ports

    /// `Indexer::str_to_array`: the words between single spaces, empty ones left out.
    static func words(_ contents: Bytes) -> [Bytes] {
        contents.split(separator: 0x20).map(Array.init)
    }

    /// `Indexer::buffer_chapter`: the chapter's entry in the table of contents and its
    /// length; its cleaned title and words are kept by the ``ChapterReader`` that made them.
    func bufferChapter(_ chapter: Corpus.Chapter) {
        var fields = PHPArray()
        fields.append(.string(Bytes(php: "title")), chapter.title)
        fields.append(.string(Bytes(php: "descr")), chapter.description)
        fields.append(.string(Bytes(php: "time")), chapter.time)
        fields.append(.string(Bytes(php: "url")), chapter.url)
        index.tableOfContents[chapter.key] = SearchIndex.Entry(fields: fields, id: 0)
        chapterLengths[chapter.key] = chapter.html.count
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

    /// `Indexer::add_keyword_to_index`.
    func addKeyword(_ id: Int, _ word: Bytes, weight: Int) {
        if word.isEmpty { return }
        let word = PHPStrings.replaceYo(in: word)
        if word.contains(0x20) {
            index.phraseKeywords.update(ByteKey(word), default: OrderedMap()) { $0[id] = .int(weight) }
        } else if word.count >= 2, word.suffix(2) == [0x5F, 0x5F], word.prefix(2) == [0x5F, 0x5F] {
            // substr($word, 2, -2): for "__" or "___" that is ""; stem_word("") is "".
            let inner = word.count > 4 ? Array(word[2..<(word.count - 2)]) : []
            index.stemKeywords.update(ByteKey(stemmer.stem(inner)), default: OrderedMap()) { $0[id] = .int(weight) }
        } else {
            index.singleKeywords.update(ByteKey(word), default: OrderedMap()) { $0[id] = .int(weight) }
        }
    }

    /// The keyword half of `Indexer::add_to_index`: the title's words and the keywords.
    /// (The fulltext half is ``FulltextBuilder``.)
    func addKeywords(_ chapter: ByteKey, title: Bytes, keywords: Bytes) {
        guard let id = index.tableOfContents[chapter]?.id else { return }
        for word in Self.words(title) {
            addKeyword(id, PHPStrings.trim(word), weight: Self.titleWeight)
        }
        for item in PHPStrings.explode(0x2C, keywords) {
            addKeyword(id, PHPStrings.trim(item), weight: Self.keywordWeight)
        }
    }
}
