import Foundation
import RulesRegex

/// The query-independent first half of `Finder::snippets` for one chapter: the text cleaned
/// up (`str_replace` of entities and `ё`, a `\r` after each breaking tag), its tags stripped,
/// a `\r` at each sentence end, and then `explode("\r", ...)` into lines.
///
/// It depends on the chapter alone, so `rules index build` stores it in the texts file and a
/// search does no more than find the lines; a text without a stored form is prepared at
/// search time, with the same steps. Lines are kept as ranges of ``text`` rather than as
/// copies: a long chapter has thousands of them and a snippet shows three.
package final class PreparedText {
    /// The cleaned text, lines separated by `\r`.
    package let text: Bytes
    /// Whether ``text`` is valid UTF-8, so that the `/u` patterns need not check it again.
    package let valid: Bool
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
    ///
    /// With `htmlIsValidUTF8`, the text is not checked again: every step keeps valid UTF-8
    /// valid. The cleanup replaces whole characters with valid text (the `\r` it removes
    /// cannot join the bytes around it into a character: in valid UTF-8 none is cut by an
    /// ASCII byte); `strip_tags` changes state only at ASCII bytes, so it keeps or drops
    /// each character whole; the sentence break replaces runs of space, `\n` and `\t`
    /// with `\r`.
    package convenience init(html: Bytes, preg: Preg, htmlIsValidUTF8: Bool = false) {
        var string = Self.cleanup(html)
        string = StripTags.strip(string)
        string = preg.replace(ReferencePatterns.Snippets.sentenceBreak.bytes, [0x0D], string) ?? []
        self.init(text: string, valid: htmlIsValidUTF8 || UTF8Bytes.isValid(string))
    }

    /// `count($lines)`: never zero, as `explode` gives one empty line for an empty text.
    package var lineCount: Int { lineStarts.count }

    /// `strlen($lines[$i])`.
    package func lineLength(_ i: Int) -> Int { lineEnd(i) - lineStarts[i] }

    /// `$lines[$i]`.
    package func line(_ i: Int) -> Bytes { Array(text[lineStarts[i]..<lineEnd(i)]) }

    private func lineEnd(_ i: Int) -> Int { i + 1 < lineStarts.count ? lineStarts[i + 1] - 1 : text.count }

    /// `str_replace($cleanupSearch, $cleanupReplace, $html)`, in two passes instead of one
    /// a pair. `str_replace` runs the pairs in turn, each over the previous one's result;
    /// after the first (`\r` removed, which can join the bytes around it into a needle),
    /// the rest cannot interact: their needles (`ё`, `&...;` entities, `<...>` tags) cannot
    /// overlap one another, and what replaces one is either non-ASCII or the tag itself
    /// with a `\r`, so it neither forms a later needle nor joins its neighbours into one.
    /// So each later pair replaces, in its turn, exactly the occurrences it has in the
    /// first pass's result, and one left-to-right pass over that finds them all.
    ///
    /// The later needles start with `&`, `<` or `ё` (D1 91), so the pass looks only where
    /// a byte is `&`, `<` or 0x91 (eight bytes at a time, see ``ByteScan``): 0x91 is rare in
    /// Cyrillic text, where D1 is the first byte of every other letter.
    static func cleanup(_ html: Bytes) -> Bytes {
        let text = PHPStrings.replace(cleanupSearch[0], with: cleanupReplace[0], in: html)
        var out = Bytes()
        out.reserveCapacity(text.count + text.count / 16)
        text.withUnsafeBufferPointer { text in
            cleanupPairs.withUnsafeBufferPointer { pairs in
                var copied = 0
                var i = 0
                let last = text.count - 1
                while i < last {
                    let stop = ByteScan.firstIndex(
                        in: text, from: i,
                        marks: { ByteScan.equal($0, 0x26) | ByteScan.equal($0, 0x3C) | ByteScan.equal($0, 0x91) },
                        isStop: { $0 == 0x26 || $0 == 0x3C || $0 == 0x91 })
                    // At 0x91 a needle (ё) can start one byte before, if not before `i`.
                    if stop < text.count, text[stop] == 0x91 {
                        guard stop > i else {
                            i = stop + 1
                            continue
                        }
                        i = stop - 1
                    } else {
                        i = stop
                    }
                    guard i < last else { break }
                    let first = pairs[Int(text[i]) << 8 | Int(text[i + 1])]
                    guard first != 0 else {
                        i += 1
                        continue
                    }
                    var found: Int?
                    for k in Int(first)..<cleanupSearch.count
                    where cleanupSearch[k][0] == text[i] && cleanupSearch[k][1] == text[i + 1] {
                        let needle = cleanupSearch[k]
                        if i + needle.count <= text.count,
                            needle.withUnsafeBufferPointer({ memcmp($0.baseAddress!, text.baseAddress! + i, needle.count) == 0 })
                        {
                            found = k
                            break
                        }
                    }
                    guard let k = found else {
                        i += 1
                        continue
                    }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied..<i]))
                    out += cleanupReplace[k]
                    i += cleanupSearch[k].count
                    copied = i
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied...]))
            }
        }
        return out
    }

    /// By a needle's first two bytes, the first needle after the first to start with them
    /// (0 for none); any others that do come later in the table.
    private static let cleanupPairs: [UInt8] = {
        var pairs = [UInt8](repeating: 0, count: 1 << 16)
        for (k, needle) in cleanupSearch.enumerated().dropFirst().reversed() {
            pairs[Int(needle[0]) << 8 | Int(needle[1])] = UInt8(k)
        }
        return pairs
    }()

    private static let breakingTags = ["<br>", "<br />", "<h1>", "<h2>", "<h3>", "<h4>", "<p>", "<pre>", "<blockquote>", "<li>"]
    static let cleanupSearch: [Bytes] = {
        var what = ["\r", "ё", "&nbsp;", "&mdash;", "&ndash;", "&laquo;", "&raquo;"].map { Bytes(php: $0) }
        for tag in breakingTags { what.append(Bytes(php: tag)) }
        return what
    }()
    static let cleanupReplace: [Bytes] = {
        // The reference writes &nbsp; as a no-break space (U+00A0), not a space.
        var to = ["", "е", "\u{A0}", "—", "–", "«", "»"].map { Bytes(php: $0) }
        for tag in breakingTags { to.append(Bytes(php: tag + "\r")) }
        return to
    }()
}
