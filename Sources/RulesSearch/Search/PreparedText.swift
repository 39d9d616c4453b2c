import RulesRegex

/// The query-independent first half of `Finder::snippets` for one chapter: the text cleaned
/// up (`str_replace` of entities and `ё`, a `\r` after each breaking tag), its tags stripped,
/// a `\r` at each sentence end, and then `explode("\r", ...)` into lines.
///
/// It depends on the chapter alone, so `rules index build` stores it in the texts file and a
/// search does no more than find the lines; a text without a stored form is prepared at
/// search time, with the same steps. Lines are kept as ranges of ``text`` rather than as
/// copies: a long chapter has thousands of them and a snippet shows three.
public final class PreparedText {
    /// The cleaned text, lines separated by `\r`.
    public let text: Bytes
    /// Whether ``text`` is valid UTF-8, so that the `/u` patterns need not check it again.
    public let valid: Bool
    /// Where each line of ``text`` starts; a line ends one byte before the next starts.
    private let lineStarts: [Int]

    /// Where a word can start, by its first letter (see ``WordStarts``): stored with the
    /// text, or worked out when a snippet first needs it.
    lazy var wordStarts = storedWordStarts ?? WordStarts(text)
    private let storedWordStarts: WordStarts?

    init(text: Bytes, valid: Bool, wordStarts: WordStarts? = nil) {
        self.text = text
        self.valid = valid
        storedWordStarts = wordStarts
        var starts = [0]
        text.withUnsafeBufferPointer { buffer in
            var from = 0
            while let cr = ByteSearch.firstIndex(of: [0x0D], in: buffer, from: from) {
                starts.append(cr + 1)
                from = cr + 1
            }
        }
        lineStarts = starts
    }

    /// The steps of the reference, run with `preg`.
    public convenience init(html: Bytes, preg: Preg) {
        var string = PHPStrings.replace(Self.cleanupSearch, with: Self.cleanupReplace, in: html)
        string = StripTags.strip(string)
        string = preg.replace(ReferencePatterns.Snippets.sentenceBreak.bytes, [0x0D], string) ?? []
        self.init(text: string, valid: UTF8Bytes.isValid(string))
    }

    /// `count($lines)`: never zero, as `explode` gives one empty line for an empty text.
    public var lineCount: Int { lineStarts.count }

    /// `strlen($lines[$i])`.
    public func lineLength(_ i: Int) -> Int { lineEnd(i) - lineStarts[i] }

    /// `$lines[$i]`.
    public func line(_ i: Int) -> Bytes { Array(text[lineStarts[i]..<lineEnd(i)]) }

    private func lineEnd(_ i: Int) -> Int { i + 1 < lineStarts.count ? lineStarts[i + 1] - 1 : text.count }

    private static let breakingTags = ["<br>", "<br />", "<h1>", "<h2>", "<h3>", "<h4>", "<p>", "<pre>", "<blockquote>", "<li>"]
    private static let cleanupSearch: [Bytes] = {
        var what = ["\r", "ё", "&nbsp;", "&mdash;", "&ndash;", "&laquo;", "&raquo;"].map { Bytes(php: $0) }
        for tag in breakingTags { what.append(Bytes(php: tag)) }
        return what
    }()
    private static let cleanupReplace: [Bytes] = {
        // The reference writes &nbsp; as a no-break space (U+00A0), not a space.
        var to = ["", "е", "\u{A0}", "—", "–", "«", "»"].map { Bytes(php: $0) }
        for tag in breakingTags { to.append(Bytes(php: tag + "\r")) }
        return to
    }()
}
