import RulesRegex

/// Builds an index from a corpus: `Indexer` of the reference (Indexer.php), function for
/// function.
///
/// The reference runs in steps through a text buffer (`s2_search_buffer.txt`) and saves
/// the index between steps; every part survives that round trip unchanged, so the port
/// runs the same steps in one pass, through the same buffer held in memory.
public final class Indexer {
    static let keywordWeight = 30
    static let titleWeight = 20

    private let preg: Preg
    private let stemmer: Stemmer
    private let entity: Preg.Regex
    private let nonWordRun: Preg.Regex
    private var index = SearchIndex()
    private var chapterLengths = OrderedMap<ByteKey, Int>()
    /// `s2_search_buffer.txt`: one line a chapter, `<name> <serialized data>`.
    private var buffer = Bytes()

    public init(preg: Preg) {
        self.preg = preg
        stemmer = Stemmer(preg: preg)
        // Stems are the same whether remembered or not; remembering them makes indexing
        // a large corpus fast (the reference turns the cache on only for snippets).
        stemmer.caching = true
        guard case .success(let e) = preg.compile(ReferencePatterns.Indexer.entity),
              case .success(let w) = preg.compile(ReferencePatterns.Indexer.nonWordRun) else {
            preconditionFailure("the reference's indexer patterns do not compile with \(preg.engine.name)")
        }
        entity = e
        nonWordRun = w
    }

    /// The index of `corpus`, as `Indexer::index` leaves it when it says 'stop'.
    public static func build(_ corpus: Corpus, preg: Preg) -> SearchIndex {
        let indexer = Indexer(preg: preg)
        for chapter in corpus.chapters.values {
            indexer.bufferChapter(chapter)
        }
        indexer.buildIDs()
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

    /// `Indexer::buffer_chapter`.
    func bufferChapter(_ chapter: Corpus.Chapter) {
        var data = PHPArray()
        data.append(.int(0), .string(htmlToText(chapter.title.stringValue)))
        data.append(.int(1), .string(htmlToText(chapter.html)))
        data.append(.int(2), chapter.keywords)
        buffer += chapter.key.bytes
        buffer.append(0x20)
        PHPSerialize.serialize(.array(data), into: &buffer)
        buffer.append(0x0A)

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

    /// The 'step' state of `Indexer::index`: each buffered line through `add_to_index`.
    func processBuffer() {
        for line in buffer.split(separator: 0x0A) {
            let parts = PHPStrings.explodeOnce(0x20, Array(line))
            guard parts.count == 2,
                  let (value, _) = try? PHPSerialize.unserialize(parts[1]),
                  case .array(let data) = value,
                  case .string(let title)? = data[.int(0)],
                  case .string(let contents)? = data[.int(1)],
                  let keywords = data[.int(2)] else {
                // The corpus reader refuses what could break a buffer line.
                preconditionFailure("a buffered chapter did not read back")
            }
            addToIndex(ByteKey(parts[0]), title: title, contents: contents, keywords: keywords.stringValue)
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

    /// `Indexer::add_word_to_fulltext`.
    func addWordToFulltext(_ id: Int, _ position: Int, _ word: Bytes) {
        let stem = stemmer.stem(word)
        index.fulltext.update(ByteKey(stem), default: OrderedMap()) { chapters in
            guard let i = chapters.index(of: id) else {
                chapters.append(id, .single(position))
                return
            }
            switch chapters.values[i] {
            case .single(let first):
                chapters[id] = .list(PHPStrings.base36(first) + [0x7C] + PHPStrings.base36(position))
            case .list(let text):
                chapters[id] = .list(text + [0x7C] + PHPStrings.base36(position))
            }
        }
    }

    /// `Indexer::add_to_index`.
    func addToIndex(_ chapter: ByteKey, title: Bytes, contents: Bytes, keywords: Bytes) {
        guard let id = index.tableOfContents[chapter]?.id else { return }
        for word in Self.words(title) {
            addKeyword(id, PHPStrings.trim(word), weight: Self.titleWeight)
        }
        for item in PHPStrings.explode(0x2C, keywords) {
            addKeyword(id, PHPStrings.trim(item), weight: Self.keywordWeight)
        }
        let all = title + [0x20] + PHPStrings.replace(", ", with: " ", in: keywords) + [0x20] + contents
        var i = 0
        for var word in Self.words(all) {
            if word == [0x2D] { continue }
            i += 1
            if index.excludedWords[ByteKey(word)] != nil { continue }
            word = PHPStrings.replace("ё", with: "е", in: word)
            addWordToFulltext(id, i, word)
            if word.count > 1, word.contains(0x2D) {
                for subword in PHPStrings.explode(0x2D, word) where !subword.isEmpty && subword != [0x30] {
                    addWordToFulltext(id, i, subword)
                }
            }
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
