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
    public func textAsWritten(_ hit: Hit) -> Bytes {
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
        guard let shown = fromText, PHPStrings.firstIndex(of: Self.e, in: shown, from: 0) != nil,
              let html = texts?.html(chapter), PHPStrings.firstIndex(of: Self.yo, in: html, from: 0) != nil else {
            return hit.text
        }
        return Self.restoreYo(in: shown, from: unfoldedText(html))
    }

    /// The chapter's text prepared as ``PreparedText`` prepares it, but with ё kept.
    private func unfoldedText(_ html: Bytes) -> Bytes {
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
    private static func normalized(_ text: Bytes) -> (bytes: Bytes, places: [Int]) {
        var bytes = Bytes(), places: [Int] = []
        bytes.reserveCapacity(text.count)
        places.reserveCapacity(text.count)
        var i = 0
        outer: while i < text.count {
            let b = text[i]
            if b == 0x3C || b == 0x26 || b == 0x22 || b == 0xC2 {
                for n in noise where text.count - i >= n.count && text[i..<(i + n.count)].elementsEqual(n) {
                    i += n.count
                    continue outer
                }
            }
            bytes.append(b == 0x0D ? 0x20 : b)
            places.append(i)
            i += 1
        }
        return (bytes, places)
    }

    static func restoreYo(in shown: Bytes, from unfolded: Bytes) -> Bytes {
        let folded = PHPStrings.replace(yo, with: e, in: unfolded)
        let (text, textPlaces) = normalized(folded)
        var result = shown
        var from = 0
        // The parts of a snippet: sentences not next to each other are joined by "... ".
        var partStart = 0
        let separator = Bytes(php: "... ")
        while partStart < shown.count {
            let cut = PHPStrings.firstIndex(of: separator, in: shown, from: partStart) ?? shown.count
            let (part, partPlaces) = normalized(Array(shown[partStart..<cut]))
            if !part.isEmpty {
                let found = PHPStrings.firstIndex(of: part, in: text, from: from) ?? PHPStrings.firstIndex(of: part, in: text, from: 0)
                if let found {
                    var k = 0
                    while k + 1 < part.count {
                        if part[k] == 0xD0, part[k + 1] == 0xB5 {
                            let at = textPlaces[found + k]
                            if unfolded[at] == 0xD1, unfolded[at + 1] == 0x91 {
                                let place = partStart + partPlaces[k]
                                result[place] = 0xD1
                                result[place + 1] = 0x91
                            }
                            k += 2
                        } else {
                            k += 1
                        }
                    }
                    from = found + part.count
                }
            }
            partStart = cut + separator.count
        }
        return result
    }
}
