/// The «§ N» in a rule's text: the paragraphs of the built-in rules it names, which
/// `rules browse` follows (Tab selects one, Enter opens it, Escape comes back). A reference
/// is «§», a space (or a no-break space), and the number; «§ 12 и § 13» are two.
enum CrossReferences {
    /// Where each reference stands in `characters`, and the id of the paragraph it names.
    static func find(in characters: [Character]) -> [(range: Range<Int>, id: String)] {
        var found: [(range: Range<Int>, id: String)] = []
        var k = 0
        while k + 2 < characters.count {
            guard characters[k] == "§", characters[k + 1] == " " || characters[k + 1] == "\u{A0}" else {
                k += 1
                continue
            }
            var end = k + 2
            while end < characters.count, end - k - 2 < 7, characters[end].isASCII, characters[end].isWholeNumber { end += 1 }
            // (A number of more than six digits names no paragraph.)
            if end > k + 2, end - k - 2 <= 6, characters[k + 2] != "0" {
                found.append((k..<end, String(characters[k + 2..<end])))
                k = end
            } else {
                k += 1
            }
        }
        return found
    }

    /// The ids `text` names, in order, the marks of found words (``HitSummary``) passed over.
    static func ids(in text: String) -> [String] {
        find(in: text.filter { String($0) != HitSummary.foundStart && String($0) != HitSummary.foundEnd }.map { $0 }).map(\.id)
    }
}
