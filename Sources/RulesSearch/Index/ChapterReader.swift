import RulesRegex

/// One worker's share of `Indexer::buffer_chapter` and of the word split in
/// `Indexer::add_to_index`: each chapter's title and contents through `htmlstr_to_str`, and
/// the words of its fulltext walk (`str_to_array($title.' '.str_replace(', ', ' ',
/// $keywords).' '.$contents)`, without the `-` words the walk skips) as numbers in the
/// worker's own ``WordTable``.
final class ChapterReader {
    /// A chapter as the walk of `add_to_index` will see it.
    struct Walk {
        /// The cleaned title, for the title keywords.
        var title: Bytes
        /// The reader that numbered ``words``.
        var reader: Int
        /// Each word of the fulltext walk, in order: its number in that reader's table
        /// (made global by ``FulltextBuilder``). Word `k` is at position `k + 1`.
        var words: [Int32]
    }

    let number: Int
    private let toText: HTMLToText
    private(set) var table = WordTable(capacity: 16384)

    init(number: Int, preg: Preg) {
        self.number = number
        toText = HTMLToText(preg: preg)
    }

    func read(_ chapter: Corpus.Chapter) -> Walk {
        let title = toText.convert(chapter.title.stringValue)
        let keywords = PHPStrings.replace(", ", with: " ", in: chapter.keywords.stringValue)
        let contents = toText.convert(chapter.html)
        var words: [Int32] = []
        words.reserveCapacity(contents.count / 8)
        // The three parts are joined by spaces, so no word spans two of them.
        for part in [title, keywords, contents] {
            part.withUnsafeBufferPointer { text in
                forEachSpaceSeparatedWord(text) { word in
                    if word.count == 1, word[0] == 0x2D { return }   // if ($word == '-') continue;
                    words.append(Int32(table.add(word)))
                }
            }
        }
        return Walk(title: title, reader: number, words: words)
    }
}
