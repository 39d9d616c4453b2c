import Foundation
import RulesRegex

/// A query that names a rule rather than asks about one: «191», «§191», «§ 191», «ch17»,
/// «глава 17», or a chapter's id in an index of one's own. Beside the port: the reference
/// searches such a query as words (a number is a word of the texts that cite it), and its
/// answer stays as it is; the rule named is offered before it, as a jump.
package enum RuleJump {
    /// The id `words` name, when they are a reference to a rule and nothing else: a number
    /// with or without `§` (as one word or two), `chN`, `главаN` / `глава N`, `гл. N`.
    /// Whether the index holds it is for ``id(named:in:)`` to say.
    package static func reference(_ words: [String]) -> String? {
        var text = words.joined(separator: " ").lowercased().trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.count <= 16 else { return nil }
        var chapter = false
        for prefix in ["§", "ch", "глава", "гл."] where text.hasPrefix(prefix) {
            text = String(text.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
            chapter = prefix != "§"
            break
        }
        guard (1...6).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }), text.first != "0" else { return nil }
        return chapter ? "ch" + text : text
    }

    /// The id of the chapter `query` names in `index`, when there is one: a reference
    /// (``reference(_:)``), or, in an index of one's own, the query being a chapter's id.
    package static func id(named query: String, in index: any IndexReading) -> String? {
        let words = query.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        for candidate in [reference(words), words.count == 1 ? words[0] : nil] {
            guard let candidate else { continue }
            if index.entry(ByteKey(Bytes(candidate.utf8))) != nil { return candidate }
        }
        return nil
    }
}
