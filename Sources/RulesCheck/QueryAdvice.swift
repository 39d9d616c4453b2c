import Foundation
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
        // A question is a few words: a longer query (a pasted paragraph, noise) is answered
        // without, for the dictionary's corrections cost up to tens of milliseconds a word
        // (a 2,000-byte query of made-up words took 9 s).
        guard result.query.count <= mostAdvisedBytes else { return false }
        let words = TextWords(String(decoding: result.query, as: UTF8.self)).words
        guard words.count <= mostAdvisedWords else { return false }
        if result.suggestions != nil || (result.hits.isEmpty && result.jump == nil) { return true }
        guard let vocabulary else { return false }
        return words.contains {
            $0.text.count >= 3 && !vocabulary.contains($0.text)
        }
    }

    /// The longest query advised, in bytes and in words.
    static let mostAdvisedBytes = 200
    static let mostAdvisedWords = 8

    /// Words after which a query names a part of a word, not a word.
    static let namesAMorpheme: Set<String> = [
        "суффикс", "суффиксы", "суффикса", "приставка", "приставки", "корень", "корни", "корня", "окончание", "окончания", "частица",
        "буква", "буквы", "сочетание", "сочетания",
    ]

    /// `word` lowercased, ё as е.
    static func folded(_ word: String) -> String { word.lowercased().replacingOccurrences(of: "ё", with: "е") }

    /// `result` with the dictionary's advice; `rules`: whether the index is the built-in
    /// rules' (whose paragraphs decide mistakes).
    package static func advise(_ result: inout SearchSession.Result, dictionary: SpellingDictionary, rules: Bool) {
        let query = String(decoding: result.query, as: UTF8.self)
        let words = TextWords(query).words
        guard !words.isEmpty else { return }
        // (A query names morphemes and letters as such: пре, при, жи ши, тся. A query that
        // has the right form beside the wrong one asks which is right: «ножом или ножём».)
        // So does one with «или» (жалеть или жилеть), and a word after «суффикс», «приставка»
        // and the like is a morpheme (суффикс онок, суффиксы оват еват).
        let typedWords = words.map { Self.folded($0.text) }
        if typedWords.contains("или") { return }
        let findings = SpellingChecker(dictionary: dictionary).check(query).filter { finding in
            let at = words.firstIndex { $0.byteOffset == finding.words[0].byteOffset } ?? 0
            let named = typedWords[..<at].contains(where: Self.namesAMorpheme.contains)
            return finding.typed.count >= 4 && !named && !(finding.corrections.first.map { typedWords.contains(Self.folded($0)) } ?? false)
        }
        // The query corrected: each mistake's first correction in its place, from the end.
        var corrected = Array(query.utf8)
        for finding in findings.reversed() {
            guard let correction = finding.corrections.first else { continue }
            let first = finding.words[0]
            let last = finding.words[finding.words.count - 1]
            corrected.replaceSubrange(first.byteOffset..<(last.byteOffset + last.byteLength), with: Array(correction.utf8))
        }
        // As the index's corrected queries are written: the words, without the query's marks.
        let correctedQuery = findings.isEmpty ? query : Suggester.tidied(String(decoding: corrected, as: UTF8.self))
        // The corrected queries the index's words made, less those that change a word the
        // dictionary knows into one a typical mistake does not explain (компот is not «комроты»;
        // запитая, a word too, is still «запятая»); the dictionary's correction among them,
        // by what its changes cost (``SpellingCost``), first when it costs no more.
        let typed = words.map { $0.text.lowercased() }
        func cost(_ suggestion: String) -> Int? {
            let changed = TextWords(suggestion).words.map { $0.text.lowercased() }
            guard changed.count == typed.count else { return nil }
            var total = 0
            for (was, now) in zip(typed, changed) where was != now {
                let step = SpellingCost(typed: Corrections.units(was)).cost(Corrections.units(now))
                if step > SpellingCost.half, dictionary.knows(was) { return Int.max }
                total += step
            }
            return total
        }
        var ranked = (result.suggestions ?? []).map { (text: $0, cost: cost($0) ?? 0) }.filter { $0.cost != Int.max }
        // (A correction two edits away or more is a guess, not advice: кракозибры is no
        // «ракообразный».)
        let own = correctedQuery == query ? nil : cost(correctedQuery).flatMap { $0 < Corrections.enough ? $0 : nil }
        if let own, !findings.isEmpty {
            ranked.removeAll { $0.text.lowercased() == correctedQuery.lowercased() }
            let place = ranked.firstIndex { $0.cost < own } == 0 ? 1 : 0
            ranked.insert((correctedQuery, own), at: place)
        }
        let suggestions = ranked.map(\.text)
        if result.suggestions != nil || !suggestions.isEmpty { result.suggestions = Array(suggestions.prefix(3)) }
        // A one-word doubt: the rule that decides it, offered first.
        if rules, words.count == 1, own != nil, result.jump == nil, let finding = findings.first, finding.typed.count >= 4,
            let rule = finding.rule
        {
            result.jump = String(rule.number)
        }
    }
}

/// The dictionary's advice for the queries of one search or of a batch: one dictionary,
/// opened the first time a query needs it (a tenth of a second) and used by one worker at a
/// time (Hunspell is for one thread; few queries need it: 11 of the 500 man-ru queries);
/// none when no dictionary is installed, and the port's answer stands alone.
package final class QueryAdvisers: @unchecked Sendable {
    private let lock = NSLock()
    private var dictionary: SpellingDictionary?
    private var opened = false
    private let rules: Bool
    /// What the advice made of each query answered (its corrected queries and the rule it
    /// named), so that a query asked again costs no second look-up in the dictionary; kept
    /// for ``remembered`` queries, then begun again.
    private var memo: [Memo.Key: Memo.Advice] = [:]
    static let remembered = 20_000

    private enum Memo {
        struct Key: Hashable {
            let query: [UInt8]
            let suggestions: [String]?
            let jump: String?
        }

        struct Advice {
            let suggestions: [String]?
            let jump: String?
        }
    }

    /// `rules`: whether the index is the built-in rules' (whose paragraphs decide mistakes).
    package init(rules: Bool) {
        self.rules = rules
    }

    /// `result`, answered by `session`, with the dictionary's advice when it needs it
    /// (``QueryAdvice/wanted(_:vocabulary:)``). `waiting`: whether to wait while another
    /// thread asks the dictionary; a server does not (its thread has other requests to
    /// answer): the answer then comes without the advice not yet remembered, and this
    /// returns false (an answer not to keep).
    @discardableResult
    package func advise(_ result: inout SearchSession.Result, session: SearchSession, waiting: Bool = true) -> Bool {
        guard QueryAdvice.wanted(result, vocabulary: session.knownWords()) else { return true }
        if waiting {
            lock.lock()
        } else if !lock.try() {
            return false
        }
        defer { lock.unlock() }
        let key = Memo.Key(query: result.query, suggestions: result.suggestions, jump: result.jump)
        if let known = memo[key] {
            result.suggestions = known.suggestions
            result.jump = known.jump
            return true
        }
        if !opened {
            dictionary = try? SpellingDictionary()
            opened = true
        }
        guard let dictionary else { return true }
        QueryAdvice.advise(&result, dictionary: dictionary, rules: rules)
        if memo.count >= Self.remembered { memo.removeAll() }
        memo[key] = Memo.Advice(suggestions: result.suggestions, jump: result.jump)
        return true
    }
}
