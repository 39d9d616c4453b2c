import Foundation
import RulesSearch

/// `rules check`: each word of a text checked against the dictionary as a careful editor
/// would, and for each mistake its corrections and the paragraph of the rules that decides
/// it (``DecidingRule``).
///
/// Beside the dictionary's own check: a word with a capital inside a sentence that the
/// dictionary does not know is a name, not a mistake; one in capitals is an abbreviation;
/// ё written as е is never a mistake (the norm allows е). Hyphens and spaces the
/// dictionary cannot see (it checks each part of a hyphenated word alone) are checked here:
/// a hyphen before бы, ли, же (навряд-ли → навряд ли), a hyphen where the word is written
/// together (по-этому → поэтому, пол-часа → полчаса), кое and -нибудь, -либо, -то apart
/// (кое кто → кое-кто), «по моему» at the end of a clause (→ по-моему).
package final class SpellingChecker {
    /// A mistake: the word (or the words) as typed, where, the corrections, the rule.
    package struct Finding: Sendable {
        /// The words the finding covers: one, or two written apart that should not be.
        package let words: [TextWords.Word]
        package let typed: String
        package let corrections: [String]
        package let rule: DecidingRule.Paragraph?
    }

    private let judges: [SpellingJudge]

    /// One thread for each dictionary given (each thread needs its own); `accepted`: the
    /// user's own words, taken as right (any case).
    package init(dictionaries: [SpellingDictionary], rules: DecidingRule = .builtIn, accepted: [String] = []) {
        precondition(!dictionaries.isEmpty)
        judges = dictionaries.map { SpellingJudge(dictionary: $0, rules: rules, accepted: accepted) }
    }

    package convenience init(dictionary: SpellingDictionary, rules: DecidingRule = .builtIn, accepted: [String] = []) {
        self.init(dictionaries: [dictionary], rules: rules, accepted: accepted)
    }

    /// The mistakes in `text`, in the order they stand. The words are cut into as many runs
    /// as there are threads, between words no pair written apart can join; each thread first
    /// says which of its words the dictionary lacks (for the text's terms), then judges them.
    package func check(_ text: String, format: TextWords.Format = .text) -> [Finding] {
        let words = TextWords(text, format: format).words
        let runs = Self.runs(of: words, count: judges.count)
        // Safe to share: thread k uses judges[k] alone.
        nonisolated(unsafe) let judges = self.judges
        let unknown = Shared<Set<String>>(count: runs.count, empty: [])
        DispatchQueue.concurrentPerform(iterations: runs.count) { k in unknown.set(k, judges[k].unknown(words[runs[k]])) }
        let terms = Self.terms(in: words, unknown: unknown.all.reduce(into: Set<String>()) { $0.formUnion($1) })
        let findings = Shared<[Finding]>(count: runs.count, empty: [])
        DispatchQueue.concurrentPerform(iterations: runs.count) { k in findings.set(k, judges[k].findings(words[runs[k]], terms: terms)) }
        return findings.all.flatMap { $0 }
    }

    /// `words` cut into at most `count` runs of about the same length, each starting at a
    /// word no word before it joins (``TextWords/Word/followsWordDirectly`` false).
    static func runs(of words: [TextWords.Word], count: Int) -> [Range<Int>] {
        guard count > 1, words.count > 1000 else { return [0..<words.count] }
        var bounds = [0]
        for k in 1..<count {
            var cut = max(bounds[k - 1], words.count * k / count)
            while cut < words.count, words[cut].followsWordDirectly { cut += 1 }
            bounds.append(cut)
        }
        bounds.append(words.count)
        return (0..<count).map { bounds[$0]..<bounds[$0 + 1] }.filter { !$0.isEmpty }
    }

    /// The words the dictionary lacks that a text may use as terms, not by mistake: a word
    /// met at least three times in at least two forms (сокет, сокета, сокетов; локаль,
    /// локали), its forms told by the Porter stemmer and by their beginnings. A mistake is
    /// mostly made in one form; a word declined is a word of the writer's language. (One met
    /// in only two forms is still a mistake when a typical one is a step away.)
    static func terms(in words: [TextWords.Word], unknown: Set<String>) -> [String: Int] {
        let stemmer = Stemmer()
        var families: [String: (forms: Set<String>, count: Int)] = [:]
        // A word's family: its stem, and its beginning (the stemmer takes -али of «локали» for
        // a verb's ending).
        func keys(_ word: String) -> Set<String> {
            [stemmer.stem(word), "<" + String(word.prefix(5))]
        }
        for word in words where !word.text.utf8.contains(0x2D) {
            let lower = word.text.lowercased()
            guard unknown.contains(lower) else { continue }
            for key in keys(lower) {
                families[key, default: ([], 0)].forms.insert(lower)
                families[key, default: ([], 0)].count += 1
            }
        }
        var terms: [String: Int] = [:]
        for family in families.values where family.forms.count >= 2 && family.count >= 3 {
            for form in family.forms { terms[form] = max(terms[form] ?? 0, family.forms.count) }
        }
        return terms
    }

}

/// Results of the threads, each writing its own slot.
private final class Shared<Value>: @unchecked Sendable {
    private var values: [Value]
    private let lock = NSLock()

    init(count: Int, empty: Value) { values = Array(repeating: empty, count: count) }

    func set(_ k: Int, _ value: Value) {
        lock.lock()
        values[k] = value
        lock.unlock()
    }

    var all: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}
