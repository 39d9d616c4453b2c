import RulesRegex

/// The words of a chapter that its vocabulary (``Vocabulary``) does not count, although
/// the indexer reads them: a query is corrected only to words its texts use as words.
///
/// - Words struck out: inside `<s>`, `<strike>` and `<del>`, which a text marks as wrong
///   («Неправильно: <s>жолудь</s>») or as taken back. A word met only there is left out,
///   so that «жолтый» is corrected to «жёлтый», never to the wrong form a rule quotes.
/// - The keywords: a search aid, not text. The built-in rules list there the misspellings
///   people type («расчитать»), so that those queries find their rule, and the pieces of
///   words a rule is about («енн», «ание»).
///
/// The words are read as the indexer reads them (`Indexer::htmlstr_to_str` for the text,
/// the keywords as `add_to_index` splits them; the lone `-` skipped), so that they are in
/// the same form as the words of its walk, which the vocabulary counts.
struct UncountedWords {
    private let toText: HTMLToText

    init(preg: Preg) {
        toText = HTMLToText(preg: preg)
    }

    /// How often each word of `chapters` is not counted.
    func counts<Chapters: Sequence<Corpus.Chapter>>(in chapters: Chapters) -> [Bytes: UInt32] {
        var counts: [Bytes: UInt32] = [:]
        for chapter in chapters {
            let keywords = PHPStrings.replace(", ", with: " ", in: chapter.keywords.stringValue)
            for text in Self.struckSpans(in: chapter.html).map({ toText.convert(Array(chapter.html[$0])) }) + [keywords] {
                text.withUnsafeBufferPointer { text in
                    forEachSpaceSeparatedWord(text) { word in
                        if word.count == 1, word[0] == 0x2D { return }
                        counts[Array(word), default: 0] &+= 1
                    }
                }
            }
        }
        return counts
    }

    /// The elements whose content is struck out, by their lower-case names.
    private static let names: [Bytes] = ["s", "strike", "del"].map { Bytes($0.utf8) }

    /// The ranges of `html` between an opening tag of a struck-out element and its closing
    /// tag (the first one after it; an element left open runs to the end). Tag names are
    /// matched in any case; an opening tag may have attributes.
    static func struckSpans(in html: Bytes) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var i = 0
        while let open = html[i...].firstIndex(of: 0x3C) {   // <
            guard let (name, contentStart) = openingTag(in: html, at: open) else {
                i = open + 1
                continue
            }
            let close = closingTag(name, in: html, from: contentStart)
            spans.append(contentStart..<(close ?? html.count))
            guard let close else { break }
            i = close
        }
        return spans
    }

    /// The name of a struck-out element whose opening tag starts at `start`, and where its
    /// content starts.
    private static func openingTag(in html: Bytes, at start: Int) -> (Bytes, Int)? {
        for name in names {
            let nameEnd = start + 1 + name.count
            guard nameEnd < html.count, matches(name, in: html, at: start + 1) else { continue }
            let next = html[nameEnd]
            if next == 0x3E { return (name, nameEnd + 1) }   // >
            if next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D || next == 0x2F {
                guard let end = html[nameEnd...].firstIndex(of: 0x3E) else { return nil }
                return (name, end + 1)
            }
        }
        return nil
    }

    /// Where `</name>` starts in `html`, from `start` on.
    private static func closingTag(_ name: Bytes, in html: Bytes, from start: Int) -> Int? {
        var i = start
        while let open = html[i...].firstIndex(of: 0x3C) {
            let nameEnd = open + 2 + name.count
            if nameEnd < html.count, html[open + 1] == 0x2F, matches(name, in: html, at: open + 2),
                html[nameEnd] == 0x3E || html[nameEnd] == 0x20
            {
                return open
            }
            i = open + 1
        }
        return nil
    }

    /// Whether `html` has `name` (lower case) at `offset`, in any case.
    private static func matches(_ name: Bytes, in html: Bytes, at offset: Int) -> Bool {
        guard offset + name.count <= html.count else { return false }
        for k in 0..<name.count where html[offset + k] | 0x20 != name[k] { return false }
        return true
    }
}
