import RulesRegex

/// The six parts of an s2_search index, as `Worker` keeps them, in PHP's insertion order.
///
/// Words and chapter names are kept as bytes; PHP turns the ones that look like canonical
/// integers into integer keys, which only matters when the index is written (see
/// ``S2IndexFile``).
package struct SearchIndex: Equatable {
    /// Where a stem occurs in one chapter: a single word position, or several joined by
    /// `|` in base 36 (`"1|b|h"`), as `Indexer::add_word_to_fulltext` stores them.
    package enum Positions: Equatable {
        case single(Int)
        case list(Bytes)
    }

    /// A chapter's entry in the table of contents: `title`, `descr`, `time`, `url` as the
    /// corpus gave them, and the numeric `id` the index uses.
    package struct Entry: Equatable {
        package var fields: PHPArray
        package var id: Int

        package func field(_ name: String) -> PHPValue? { fields[PHPKey(Bytes(php: name))] }
    }

    /// `fulltext_index`: stem → chapter id → positions.
    package var fulltext = FulltextIndex()
    /// `excluded_words`: stems dropped as too frequent (value 1).
    package var excludedWords = OrderedMap<ByteKey, PHPValue>()
    /// `keyword_1_index`: single-word keyword or title word → chapter id → weight.
    package var singleKeywords = OrderedMap<ByteKey, OrderedMap<Int, PHPValue>>()
    /// `keyword_base_index`: stem of a `__word__` keyword → chapter id → weight.
    package var stemKeywords = OrderedMap<ByteKey, OrderedMap<Int, PHPValue>>()
    /// `keyword_n_index`: keyword with spaces → chapter id → weight.
    package var phraseKeywords = OrderedMap<ByteKey, OrderedMap<Int, PHPValue>>()
    /// `table_of_contents`: chapter name → entry.
    package var tableOfContents = OrderedMap<ByteKey, Entry>()

    package init() {}
}
