import RulesRegex

/// The keyword half of `Indexer::add_to_index`: the three keyword indexes, filled from
/// each chapter's title words and keywords, in corpus order. They share nothing with the
/// fulltext index, so ``Indexer`` fills them on a thread of their own.
struct KeywordTables {
    static let keywordWeight = 30
    static let titleWeight = 20

    /// Whether a weight read from a file can rank: a finite number within ±10^280. The
    /// reference writes the integers above; a NAN or INF (or a sum that reaches INF) has no
    /// rank PHP's `json_encode` can print and an order that depends on how `arsort` meets
    /// NAN, so such a file is damaged. 10^280 times any count of weights a file can hold
    /// (under 2^63) stays finite.
    static func isRankable(_ weight: Double) -> Bool {
        weight.magnitude <= 1e280
    }

    private let stemmer: Stemmer
    /// `keyword_1_index`, `keyword_base_index`, `keyword_n_index`.
    private var single = OrderedMap<ByteKey, OrderedMap<Int, PHPValue>>()
    private var stem = OrderedMap<ByteKey, OrderedMap<Int, PHPValue>>()
    private var phrase = OrderedMap<ByteKey, OrderedMap<Int, PHPValue>>()

    init(stemmer: Stemmer) {
        self.stemmer = stemmer
        // Stems are the same whether remembered or not (the reference turns the cache on
        // only for snippets); remembering them saves stemming a repeated keyword again.
        stemmer.caching = true
    }

    /// The title's words and the keywords of chapter `id`, as `add_to_index` adds them.
    mutating func add(_ id: Int, title: Bytes, keywords: Bytes) {
        for word in Indexer.words(title) {
            addKeyword(id, PHPStrings.trim(word), weight: Self.titleWeight)
        }
        for item in PHPStrings.explode(0x2C, keywords) {
            addKeyword(id, PHPStrings.trim(item), weight: Self.keywordWeight)
        }
    }

    /// `Indexer::add_keyword_to_index`.
    mutating func addKeyword(_ id: Int, _ word: Bytes, weight: Int) {
        if word.isEmpty { return }
        let word = PHPStrings.replaceYo(in: word)
        if word.contains(0x20) {
            phrase.update(ByteKey(word), default: OrderedMap()) { $0[id] = .int(weight) }
        } else if word.count >= 2, word.suffix(2) == [0x5F, 0x5F], word.prefix(2) == [0x5F, 0x5F] {
            // substr($word, 2, -2): for "__" or "___" that is ""; stem_word("") is "".
            let inner = word.count > 4 ? Array(word[2..<(word.count - 2)]) : []
            stem.update(ByteKey(stemmer.stem(inner)), default: OrderedMap()) { $0[id] = .int(weight) }
        } else {
            single.update(ByteKey(word), default: OrderedMap()) { $0[id] = .int(weight) }
        }
    }

    /// Tables that go on from `index`'s (a refresh adds one chapter to them).
    init(stemmer: Stemmer, from index: SearchIndex) {
        self.init(stemmer: stemmer)
        single = index.singleKeywords
        stem = index.stemKeywords
        phrase = index.phraseKeywords
    }

    func store(in index: inout SearchIndex) {
        index.singleKeywords = single
        index.stemKeywords = stem
        index.phraseKeywords = phrase
    }
}
