import RulesSearch

/// The dictionary's word on a search query that has a word the index does not know, beside
/// the port's answer (which it leaves as it is): the query with the dictionary's correction
/// first among the corrected queries, even when the corpus lacks the word; no corrected
/// query that changes a word the dictionary knows (a word of the language is not "corrected"
/// into another because the corpus lacks it); and, for the built-in rules, the paragraph
/// that decides the mistake offered first, as a rule a query names is (``RuleJump``).
package enum QueryAdvice {
    /// Whether `result` may need the dictionary: a word of its query unknown to the index,
    /// or one the corpus never writes so (будующий, whose stem the index has), or nothing
    /// found. (Opening the dictionary costs a tenth of a second: asked only then.)
    package static func wanted(_ result: SearchSession.Result, vocabulary: Vocabulary?) -> Bool {
        if result.suggestions != nil || (result.hits.isEmpty && result.jump == nil) { return true }
        guard let vocabulary else { return false }
        return TextWords(String(decoding: result.query, as: UTF8.self)).words.contains {
            $0.text.count >= 3 && !vocabulary.contains($0.text)
        }
    }

    /// `result` with the dictionary's advice; `rules`: whether the index is the built-in
    /// rules' (whose paragraphs decide mistakes).
    package static func advise(_ result: inout SearchSession.Result, dictionary: SpellingDictionary, rules: Bool) {
        let query = String(decoding: result.query, as: UTF8.self)
        let words = TextWords(query).words
        guard !words.isEmpty else { return }
        let findings = SpellingChecker(dictionary: dictionary).check(query)
        // The query corrected: each mistake's first correction in its place, from the end.
        var corrected = Array(query.utf8)
        for finding in findings.reversed() {
            guard let correction = finding.corrections.first else { continue }
            let first = finding.words[0]
            let last = finding.words[finding.words.count - 1]
            corrected.replaceSubrange(first.byteOffset..<(last.byteOffset + last.byteLength), with: Array(correction.utf8))
        }
        let correctedQuery = String(decoding: corrected, as: UTF8.self)
        // The corrected queries the index's words made, less those that change a word the
        // dictionary knows.
        let typed = words.map { $0.text.lowercased() }
        var suggestions = (result.suggestions ?? []).filter { suggestion in
            let changed = TextWords(suggestion).words.map { $0.text.lowercased() }
            guard changed.count == typed.count else { return true }
            return !zip(typed, changed).contains { $0 != $1 && (dictionary.knows($0) || dictionary.knows($0.capitalized)) }
        }
        if correctedQuery != query {
            suggestions.removeAll { $0.lowercased() == correctedQuery.lowercased() }
            suggestions.insert(correctedQuery, at: 0)
        }
        if result.suggestions != nil || !suggestions.isEmpty { result.suggestions = Array(suggestions.prefix(3)) }
        if rules, result.jump == nil, let rule = findings.lazy.compactMap(\.rule).first { result.jump = String(rule.number) }
    }
}
