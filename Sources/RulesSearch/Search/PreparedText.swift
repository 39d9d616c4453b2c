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

    /// Where a word can start, by its first letter (see ``WordStarts``), worked out when a
    /// snippet first needs it.
    lazy var wordStarts = WordStarts(text)

    public init(text: Bytes, valid: Bool) {
        self.text = text
        self.valid = valid
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

/// Where in a prepared text a word of the snippet pattern can start, so that the pattern is
/// tried only there (see ``Finder/snippets(_:texts:)``).
///
/// The pattern is `(?<=[^a-zа-я]|^)(stem|stem...)[a-zа-я]*` with `/iu`. A match starts after a
/// character the look-behind accepts, and ``letters`` (A–Z, a–z, А–Я, а–я) are all in the
/// class it rejects; so a match starts at the text's start or after a character that is
/// not one of them. Its first character equals, ignoring case, the first of a stem. For a
/// ``basic`` character (ASCII letters and digits, А–Я, а–я, Ё, ё) that means the same
/// lower case; what else Unicode folds together (the Kelvin sign with `k`, U+1C80 with
/// `в`, ...) is never basic, so every start at a character that is not basic and not
/// ASCII is kept as a possible start, whatever the stems.
struct WordStarts {
    /// Starts at a basic character, by its lower case.
    private var byFirst: [UInt32: [Int]] = [:]
    /// Starts at a character beyond ASCII that is not basic.
    private var unusual: [Int] = []

    init(_ text: Bytes) {
        text.withUnsafeBufferPointer { buffer in
            var previousIsLetter = false
            var i = 0
            // The text is valid UTF-8 (only such a text is searched this way); the check
            // on the length keeps a bad one from being read past its end all the same.
            while i < buffer.count, i + max(UTF8Bytes.sequenceLength(lead: buffer[i]), 1) <= buffer.count {
                let (c, length) = UTF8Bytes.decode(buffer, at: i)
                if !previousIsLetter {
                    if let key = Self.basicLowercase(c) {
                        byFirst[key, default: []].append(i)
                    } else if c >= 0x80 {
                        unusual.append(i)
                    }
                }
                previousIsLetter = Self.isLetter(c)
                i += max(length, 1)
            }
        }
    }

    /// The possible starts of a match of the snippet pattern for `stems`, in order, or
    /// `nil` when the stems are not plain words (a stem with a regex metacharacter, or
    /// none at all, changes what the pattern means; then it is tried everywhere).
    func candidates(for stems: [Bytes]) -> [Int]? {
        var keys = Set<UInt32>()
        for stem in stems {
            guard let first = stem.first, first != 0x2D, stem.allSatisfy(Self.isPlain), UTF8Bytes.isValid(stem) else {
                return nil
            }
            let (scalar, _) = stem.withUnsafeBufferPointer { UTF8Bytes.decode($0, at: 0) }
            if let key = Self.basicLowercase(scalar) { keys.insert(key) }
        }
        var starts = unusual
        for key in keys { starts += byFirst[key] ?? [] }
        return starts.sorted()
    }

    /// Bytes a stem may have for the pattern to keep its shape: lower-case ASCII letters,
    /// digits, `-` (literal outside a class), and anything beyond ASCII (literal in UTF-8).
    private static func isPlain(_ b: UInt8) -> Bool {
        b >= 0x80 || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2D
    }

    private static func isLetter(_ c: UInt32) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x410 && c <= 0x44F)
    }

    private static func basicLowercase(_ c: UInt32) -> UInt32? {
        switch c {
        case 0x30...0x39, 0x61...0x7A, 0x430...0x44F, 0x451: return c
        case 0x41...0x5A, 0x410...0x42F: return c + 0x20
        case 0x401: return 0x451
        default: return nil
        }
    }
}
