import RulesRegex

/// A query that names a rule rather than asks about one: «191», «§191», «§ 191», «ch17»,
/// «глава 17», or a chapter's id in an index of one's own. Beside the port: the reference
/// searches such a query as words (a number is a word of the texts that cite it), and its
/// answer stays as it is; the rule named is offered before it, as a jump.
///
/// Read on bytes, with no Foundation call: every search asks it, and a first call of
/// Foundation's string functions costs a one-query run more than a tenth of its time.
package enum RuleJump {
    private static let section = Bytes(php: "§")
    private static let chapterWords = ["глава", "Глава", "ГЛАВА", "гл.", "Гл."].map { Bytes(php: $0) }

    /// The id `words` name, when they are a reference to a rule and nothing else: a number
    /// with or without `§` (as one word or two), `chN`, `главаN` / `глава N`, `гл. N`.
    /// Whether the index holds it is for ``id(named:in:)`` to say.
    package static func reference(_ words: [String]) -> String? {
        var text = Bytes()
        for (k, word) in words.enumerated() { text += (k > 0 ? [0x20] : []) + Bytes(word.utf8) }
        return reference(bytes: text[...])
    }

    private static func reference(bytes: ArraySlice<UInt8>) -> String? {
        var text = trimmed(bytes)
        guard !text.isEmpty, text.count <= 40 else { return nil }
        var chapter = false
        if text.starts(with: section) {
            text = text.dropFirst(section.count)
        } else if text.count > 2, text[text.startIndex] | 0x20 == UInt8(ascii: "c"), text[text.startIndex + 1] | 0x20 == UInt8(ascii: "h") {
            text = text.dropFirst(2)
            chapter = true
        } else if let word = chapterWords.first(where: { text.starts(with: $0) }) {
            text = text.dropFirst(word.count)
            chapter = true
        }
        text = trimmed(text)
        guard (1...6).contains(text.count), text.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), text.first != 0x30 else { return nil }
        return (chapter ? "ch" : "") + String(decoding: text, as: UTF8.self)
    }

    private static func trimmed(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var text = text
        while let first = text.first, first == 0x20 || first == 0x09 { text = text.dropFirst() }
        while let last = text.last, last == 0x20 || last == 0x09 { text = text.dropLast() }
        return text
    }

    /// The id of the chapter `query` names in `index`, when there is one: a reference
    /// (``reference(_:)``), or, in an index of one's own, the query being a chapter's id.
    package static func id(named query: Bytes, in index: any IndexReading) -> String? {
        let word = trimmed(query[...])
        for candidate in [reference(bytes: word).map { Bytes($0.utf8) }, word.contains(0x20) ? nil : Bytes(word)] {
            guard let candidate, !candidate.isEmpty else { continue }
            if index.entry(ByteKey(candidate)) != nil { return String(decoding: candidate, as: UTF8.self) }
        }
        return nil
    }
}
