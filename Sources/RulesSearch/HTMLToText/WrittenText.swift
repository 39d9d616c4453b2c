import Foundation
import RulesRegex

/// The text a result shows, with ё as the chapter writes it.
///
/// The reference folds ё into е (`str_replace` in `Finder::snippets`' cleanup) before it
/// cuts sentences, so its snippets say «идет» where the rule says «идёт»; its successor Rose
/// stopped doing that. The exact answer (`snippet_html` in JSON) stays PHP's; the human view
/// puts the letter back. ё and е take two bytes each, so the chapter's text prepared without
/// the fold lines up byte for byte with the folded one. A snippet is its sentences with
/// marks added (`<i>`, spaces and `... ` between sentences) and quotation marks taken out,
/// so each of its parts, with those left out on both sides, is found in the prepared text
/// in order, and each е of the part takes the letter at its place in the unfolded text.
/// A part that cannot be found (not made by the reference's steps) is left as it is.
extension SearchSession {
    package func textAsWritten(_ hit: Hit) -> Bytes {
        let chapter = ByteKey(hit.id)
        // Only the snippet and the start text come from the folded text.
        let fromText: Bytes?
        if let html = hit.snippetHTML, hit.text == html, !html.isEmpty {
            fromText = html
        } else if let start = hit.startText, hit.text == start, !start.isEmpty {
            fromText = start
        } else {
            fromText = nil
        }
        guard let shown = fromText else { return hit.text }
        return restoringYo(in: shown, of: chapter)
    }

    /// `field`, a text the reference made from `chapter`'s folded text, with ё put back.
    private func restoringYo(in field: Bytes, of chapter: ByteKey) -> Bytes {
        guard Self.hasE(field), let unfolded = unfoldedText(of: chapter) else { return field }
        return Self.restoreYo(in: field, from: unfolded)
    }

    /// A chapter's text prepared without the fold of ё, and what putting ё back into the
    /// texts made from it reads: the text folded, and the folded text without the
    /// snippets' marks (made when first needed). Kept a chapter for a batch, so that each
    /// result from it reads the chapter's text once, not twice a result (a fifth of a
    /// JSON batch's work on man-ru, folding and normalising every chapter anew).
    final class UnfoldedText {
        let text: Bytes
        let folded: Bytes
        private(set) lazy var normalized: (bytes: Bytes, places: [Int]) = SearchSession.normalized(folded)

        /// The bytes it may come to hold: the text, the folded text, and the normalised
        /// one with a place (8 bytes) for each of its bytes.
        var cost: Int { 11 * text.count }

        init(_ text: Bytes) {
            self.text = text
            folded = PHPStrings.replace(SearchSession.yo, with: SearchSession.e, in: text)
        }
    }

    /// The chapter's text prepared for snippets without the fold of ё, `nil` when the
    /// chapter writes no ё (nothing then to put back).
    private func unfoldedText(of chapter: ByteKey) -> UnfoldedText? {
        if let known = unfolded[chapter] { return known }
        var text: UnfoldedText?
        if let html = texts?.html(chapter), PHPStrings.firstIndex(of: Self.yo, in: html, from: 0) != nil {
            text = UnfoldedText(preparedText(chapter).flatMap { Self.unfolded($0.text, byTheLettersOf: html) } ?? unfoldedText(html))
        }
        if unfoldedBytes > Self.preparedLimit {
            unfolded.removeAll()
            unfoldedBytes = 0
        }
        unfolded[chapter] = .some(text)
        unfoldedBytes += text?.cost ?? 0
        return text
    }

    private static func hasE(_ text: Bytes) -> Bool { PHPStrings.firstIndex(of: e, in: text, from: 0) != nil }

    /// The reference's texts of a result, each with ё put back as ``textAsWritten(_:)``
    /// puts it back: what `rules search --json` gives beside the reference's own fields.
    package struct WrittenForms {
        package var snippetHTML: Bytes?
        package var snippet: Bytes?
        package var startText: Bytes?
        package var text: Bytes
    }

    package func writtenForms(_ hit: Hit) -> WrittenForms {
        // (The chapter's unfolded text is made once: `unfoldedText(of:)` keeps it.)
        let chapter = ByteKey(hit.id)
        let snippetHTML = hit.snippetHTML.map { restoringYo(in: $0, of: chapter) }
        let startText = hit.startText.map { restoringYo(in: $0, of: chapter) }
        // The text is one of them, or the description (which the reference does not fold).
        let text = hit.text == hit.snippetHTML ? snippetHTML! : hit.text == hit.startText ? startText! : hit.text
        return WrittenForms(snippetHTML: snippetHTML, snippet: snippetHTML.map(HTMLText.plain), startText: startText, text: text)
    }

    /// The prepared text `folded` with each е that the chapter writes ё made ё again, by
    /// their order: the е and ё of the html's text, tags left out, are those of the prepared
    /// text, one for one, when they are as many (the preparation drops tags and changes
    /// entities and marks, never a letter). `nil` when they are not, and the text is then
    /// prepared again without the fold (``unfoldedText(_:)``), which costs a pass of the
    /// cleanup's patterns over the whole chapter for each result.
    static func unfolded(_ folded: Bytes, byTheLettersOf html: Bytes) -> Bytes? {
        let letters = html.withUnsafeBufferPointer { YoLetters(html: $0) } ?? YoLetters(text: StripTags.strip(html))
        var out = folded
        let lined = out.withUnsafeMutableBufferPointer { o -> Bool in
            // The е of the folded text, in order (found by their second byte), each made ё
            // where the html has ё.
            guard let base = o.baseAddress else { return letters.count == 0 }
            var k = 0
            var nextYo = 0
            var i = 0
            while i < o.count, let hit = memchr(base + i, 0xB5, o.count - i) {
                let at = UnsafeMutableRawPointer(base).distance(to: hit)
                if at > 0, o[at - 1] == 0xD0 {
                    if nextYo < letters.yo.count, letters.yo[nextYo] == k {
                        o[at - 1] = 0xD1
                        o[at] = 0x91
                        nextYo += 1
                    }
                    k += 1
                }
                i = at + 1
            }
            return k == letters.count
        }
        return lined ? out : nil
    }

    /// The chapter's text prepared as ``PreparedText`` prepares it, but with ё kept.
    func unfoldedText(_ html: Bytes) -> Bytes {
        // A byte that is not in any text stands in for ё while the cleanup runs.
        let marked = PHPStrings.replace(Self.yo, with: Self.yoStandIn, in: html)
        var string = PreparedText.cleanup(marked)
        string = StripTags.strip(string)
        string = finder.preg.replace(ReferencePatterns.Snippets.sentenceBreak.bytes, [0x0D], string) ?? []
        return PHPStrings.replace(Self.yoStandIn, with: Self.yo, in: string)
    }

    static let e = Bytes(php: "е"), yo = Bytes(php: "ё")
    /// Two bytes, as ё is, so that the text keeps its length: an invalid UTF-8 pair that
    /// no cleanup step looks at (0xFE never occurs in UTF-8).
    private static let yoStandIn: Bytes = [0xFE, 0xFE]

    /// What the snippet's marks and the reference's quotation handling add or take away.
    private static let noise: [Bytes] = ["<i>", "</i>", "&laquo;", "&raquo;", "&quot;", "«", "»", "\""].map { Bytes(php: $0) }

    /// `text` without ``noise``, a line break read as a space, and where each byte left was.
    /// (Written into buffers of the text's size: a whole chapter goes through it for each
    /// result, and appending byte by byte was a third of a search's work on man-ru.)
    fileprivate static func normalized(_ text: Bytes) -> (bytes: Bytes, places: [Int]) {
        var used = 0
        var places = [Int](repeating: 0, count: text.count)
        let bytes = Bytes(unsafeUninitializedCapacity: text.count) { out, count in
            places.withUnsafeMutableBufferPointer { places in
                text.withUnsafeBufferPointer { t in
                    var i = 0
                    outer: while i < t.count {
                        let b = t[i]
                        if b == 0x3C || b == 0x26 || b == 0x22 || b == 0xC2 {
                            for n in noise
                            where t.count - i >= n.count
                                && n.withUnsafeBufferPointer({ memcmp($0.baseAddress!, t.baseAddress! + i, n.count) == 0 })
                            {
                                i += n.count
                                continue outer
                            }
                        }
                        out[used] = b == 0x0D ? 0x20 : b
                        places[used] = i
                        used += 1
                        i += 1
                    }
                }
            }
            count = used
        }
        places.removeLast(places.count - used)
        return (bytes, places)
    }

    static func restoreYo(in shown: Bytes, from unfoldedText: UnfoldedText) -> Bytes {
        let unfolded = unfoldedText.text
        let folded = unfoldedText.folded
        var result = shown
        var from = 0
        var normalizedFrom = 0
        // The parts of a snippet: sentences not next to each other are joined by "... ".
        var partStart = 0
        let separator = Bytes(php: "... ")
        while partStart < shown.count {
            let cut = PHPStrings.firstIndex(of: separator, in: shown, from: partStart) ?? shown.count
            let (part, partPlaces) = normalized(Array(shown[partStart..<cut]))
            if !part.isEmpty {
                // Where each byte of the part is in the unfolded text.
                var place: ((Int) -> Int)?
                if let found = PHPStrings.firstIndex(of: part, in: folded, from: from)
                    ?? PHPStrings.firstIndex(of: part, in: folded, from: 0)
                {
                    place = { found + $0 }
                    from = found + part.count
                } else {
                    // The whole text normalized only for a part not found as it is (one
                    // that spans a quotation the snippet took out or a sentence break),
                    // once a chapter.
                    let (text, textPlaces) = unfoldedText.normalized
                    if let found = PHPStrings.firstIndex(of: part, in: text, from: normalizedFrom)
                        ?? PHPStrings.firstIndex(of: part, in: text, from: 0)
                    {
                        place = { textPlaces[found + $0] }
                        normalizedFrom = found + part.count
                    }
                }
                if let place {
                    var k = 0
                    while k + 1 < part.count {
                        if part[k] == 0xD0, part[k + 1] == 0xB5 {
                            let at = place(k)
                            if unfolded[at] == 0xD1, unfolded[at + 1] == 0x91 {
                                let index = partStart + partPlaces[k]
                                result[index] = 0xD1
                                result[index + 1] = 0x91
                            }
                            k += 2
                        } else {
                            k += 1
                        }
                    }
                }
            }
            partStart = cut + separator.count
        }
        return result
    }
}
