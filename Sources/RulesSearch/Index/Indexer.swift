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
/// Two things are done ahead, on every core, because their results do not depend on order:
/// the HTML-to-text cleanup of each chapter, and the stem of each distinct word.
public final class Indexer {
    static let keywordWeight = 30
    static let titleWeight = 20

    private let preg: Preg
    private let stemmer: Stemmer
    private let entity: Preg.Regex
    private let nonWordRun: Preg.Regex
    private var index = SearchIndex()
    private var chapterLengths = OrderedMap<ByteKey, Int>()

    /// A chapter as `buffer_chapter` leaves it for `add_to_index`.
    struct Buffered {
        var chapter: ByteKey
        var title: Bytes
        var contents: Bytes
        var keywords: Bytes
    }
    private var buffer: [Buffered] = []

    /// The fulltext index while it is built: each stem once, in the order first met, with
    /// its chapters in order and their positions (`add_word_to_fulltext`'s int or
    /// "a|b|c" is made from the list at the end).
    private var stemSlots: [ByteKey: Int] = [:]
    private var stems: [ByteKey] = []
    private var postings: [[(id: Int, positions: [Int])]] = []

    public init(preg: Preg) {
        self.preg = preg
        stemmer = Stemmer(preg: preg)
        // Stems are the same whether remembered or not (the reference turns the cache on
        // only for snippets); remembering them makes indexing a large corpus fast.
        stemmer.caching = true
        entity = preg.reference(ReferencePatterns.Indexer.entity)
        nonWordRun = preg.reference(ReferencePatterns.Indexer.nonWordRun)
    }

    /// The index of `corpus`, as `Indexer::index` leaves it when it says 'stop'.
    public static func build(_ corpus: Corpus, preg: Preg) -> SearchIndex {
        let indexer = Indexer(preg: preg)
        let chapters = Array(corpus.chapters.values)
        let texts = Parallel.map(chapters, workers: Parallel.workers, make: { Indexer(preg: Preg(engine: preg.engine)) }) { worker, chapter in
            (worker.htmlToText(chapter.title.stringValue), worker.htmlToText(chapter.html))
        }
        for (chapter, text) in zip(chapters, texts) {
            indexer.bufferChapter(chapter, title: text.0, contents: text.1)
        }
        indexer.buildIDs()
        indexer.stemAhead()
        indexer.processBuffer()
        indexer.cleanupIndex()
        return indexer.index
    }

    // MARK: Ports

    /// `Indexer::htmlstr_to_str`: HTML to lower-case words separated by spaces.
    func htmlToText(_ contents: Bytes) -> Bytes {
        var text = StripTags.strip(contents)
        text = PHPStrings.replace([Bytes(php: "&nbsp;"), [0xC2, 0xA0]], with: [[0x20], [0x20]], in: text)
        text = preg.replace(entity, [], text) ?? []
        text = PHPCase.lowercase(text)
        // mb_strtolower's output is valid UTF-8, so the /u pattern cannot fail on it.
        return preg.replace(nonWordRun, [0x20], text, knownValidUTF8: true) ?? []
    }

    /// `Indexer::str_to_array`: the words between single spaces, empty ones left out.
    static func words(_ contents: Bytes) -> [Bytes] {
        contents.split(separator: 0x20).map(Array.init)
    }

    /// `Indexer::buffer_chapter`, with the chapter's title and contents already cleaned.
    func bufferChapter(_ chapter: Corpus.Chapter, title: Bytes, contents: Bytes) {
        buffer.append(Buffered(chapter: chapter.key, title: title, contents: contents,
                               keywords: chapter.keywords.stringValue))

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

    /// What `add_to_index` does with one word of the fulltext walk: the slot of its stem,
    /// and of the stems of its hyphen-separated parts.
    struct WordStems {
        var stem: Int
        var parts: [Int]
    }
    /// By the word as it appears in the text (before `ё` becomes `е`).
    private var wordStems: [SliceKey: WordStems] = [:]

    /// The text `add_to_index` walks for the fulltext index.
    static func fulltextText(_ item: Buffered) -> Bytes {
        item.title + [0x20] + PHPStrings.replace(", ", with: " ", in: item.keywords) + [0x20] + item.contents
    }

    /// Every word of the fulltext walk stemmed once, on every core, and the stems given
    /// their slots in the order `add_word_to_fulltext` first meets them.
    func stemAhead() {
        var firstSeen: [(raw: ArraySlice<UInt8>, word: Bytes, parts: [Bytes])] = []
        var seen = Set<SliceKey>()
        texts = buffer.map(Self.fulltextText)
        for text in texts {
            for raw in text.split(separator: 0x20) where raw.count != 1 || raw.first != 0x2D {
                guard seen.insert(SliceKey(slice: raw)).inserted else { continue }
                let word = PHPStrings.replace("ё", with: "е", in: Array(raw))
                var parts: [Bytes] = []
                if word.count > 1, word.contains(0x2D) {
                    parts = PHPStrings.explode(0x2D, word).filter { !$0.isEmpty && $0 != [0x30] }
                }
                firstSeen.append((raw, word, parts))
            }
        }
        var distinct: [Bytes] = []
        var distinctSeen = Set<ByteKey>()
        for entry in firstSeen {
            for w in [entry.word] + entry.parts where distinctSeen.insert(ByteKey(w)).inserted { distinct.append(w) }
        }
        let engine = preg.engine
        let stemmed = Parallel.map(distinct, workers: Parallel.workers, make: { Stemmer(preg: Preg(engine: engine)) }) {
            $0.stem($1)
        }
        var stemOf: [ByteKey: Bytes] = [:]
        stemOf.reserveCapacity(distinct.count)
        for (w, stem) in zip(distinct, stemmed) { stemOf[ByteKey(w)] = stem }
        wordStems.reserveCapacity(firstSeen.count)
        for entry in firstSeen {
            let stem = slot(for: stemOf[ByteKey(entry.word)]!)
            let parts = entry.parts.map { slot(for: stemOf[ByteKey($0)]!) }
            wordStems[SliceKey(slice: entry.raw)] = WordStems(stem: stem, parts: parts)
        }
    }

    /// The fulltext texts of the buffered chapters, made by `stemAhead`.
    private var texts: [Bytes] = []

    private func slot(for stem: Bytes) -> Int {
        let key = ByteKey(stem)
        if let existing = stemSlots[key] { return existing }
        stemSlots[key] = stems.count
        stems.append(key)
        postings.append([])
        return stems.count - 1
    }

    /// The 'step' state of `Indexer::index`: each buffered chapter through `add_to_index`.
    func processBuffer() {
        for (item, text) in zip(buffer, texts) {
            addToIndex(item.chapter, title: item.title, keywords: item.keywords, fulltext: text)
        }
        for (i, stem) in stems.enumerated() {
            var chapters = OrderedMap<Int, SearchIndex.Positions>(minimumCapacity: postings[i].count)
            for (id, positions) in postings[i] {
                if positions.count == 1 {
                    chapters.append(id, .single(positions[0]))
                } else {
                    var text = Bytes()
                    text.reserveCapacity(positions.count * 4)
                    PHPStrings.appendBase36(positions[0], to: &text)
                    for p in positions.dropFirst() {
                        text.append(0x7C)
                        PHPStrings.appendBase36(p, to: &text)
                    }
                    chapters.append(id, .list(text))
                }
            }
            index.fulltext.append(stem, chapters)
        }
    }

    /// `Indexer::add_keyword_to_index`.
    func addKeyword(_ id: Int, _ word: Bytes, weight: Int) {
        if word.isEmpty { return }
        let word = PHPStrings.replace("ё", with: "е", in: word)
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

    /// `Indexer::add_word_to_fulltext` for a stem's slot: the first position is kept as a
    /// number, later ones join it as base-36 text (made from the list in `processBuffer`).
    @inline(__always)
    func addToFulltext(_ id: Int, _ position: Int, slot i: Int) {
        if let last = postings[i].last, last.id == id {
            postings[i][postings[i].count - 1].positions.append(position)
        } else {
            postings[i].append((id, [position]))
        }
    }

    /// `Indexer::add_to_index`, with the fulltext walk's text made by `stemAhead`.
    func addToIndex(_ chapter: ByteKey, title: Bytes, keywords: Bytes, fulltext: Bytes) {
        guard let id = index.tableOfContents[chapter]?.id else { return }
        for word in Self.words(title) {
            addKeyword(id, PHPStrings.trim(word), weight: Self.titleWeight)
        }
        for item in PHPStrings.explode(0x2C, keywords) {
            addKeyword(id, PHPStrings.trim(item), weight: Self.keywordWeight)
        }
        // excluded_words is empty until cleanup_index, so no word is skipped here.
        var i = 0
        for raw in fulltext.split(separator: 0x20) where raw.count != 1 || raw.first != 0x2D {
            i += 1
            guard let stems = wordStems[SliceKey(slice: raw)] else { continue }
            addToFulltext(id, i, slot: stems.stem)
            for part in stems.parts { addToFulltext(id, i, slot: part) }
        }
    }

    /// `Indexer::cleanup_index`: stems in more than half of the chapters (at least 20) and
    /// empty ones ("" and "0", which PHP's `empty` also calls empty) are dropped and listed
    /// as excluded.
    func cleanupIndex() {
        let threshold = max(Double(index.tableOfContents.count) * 0.5, 20)
        var dropped = Set<ByteKey>()
        for (word, chapters) in index.fulltext.entries
        where Double(chapters.count) > threshold || word.bytes.isEmpty || word.bytes == [0x30] {
            dropped.insert(word)
            index.excludedWords[word] = .int(1)
        }
        if !dropped.isEmpty { index.fulltext.remove(where: { dropped.contains($0) }) }
    }
}
