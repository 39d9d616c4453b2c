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

    private let dictionary: SpellingDictionary
    private let rules: DecidingRule
    private let accepted: Set<String>
    private var known: [String: Bool] = [:]

    /// `accepted`: the user's own words, taken as right (any case).
    package init(dictionary: SpellingDictionary, rules: DecidingRule = .builtIn, accepted: [String] = []) {
        self.dictionary = dictionary
        self.rules = rules
        self.accepted = Set(accepted.map { $0.lowercased() })
        for word in accepted {
            dictionary.accept(word)
            dictionary.accept(word.lowercased())
        }
    }

    /// The mistakes in `text`, in the order they stand.
    package func check(_ text: String, format: TextWords.Format = .text) -> [Finding] {
        let words = TextWords(text, format: format).words
        terms = Self.terms(in: words, knows: knows)
        var findings: [Finding] = []
        var k = 0
        while k < words.count {
            let word = words[k]
            if k + 1 < words.count, words[k + 1].followsWordDirectly, let pair = pairFinding(word, words[k + 1]) {
                findings.append(pair)
                k += 2
                continue
            }
            if let finding = wordFinding(word) { findings.append(finding) }
            k += 1
        }
        return findings
    }

    /// Whether the dictionary (or the user) takes `word` as written.
    package func knows(_ word: String) -> Bool {
        if let answer = known[word] { return answer }
        let answer = accepted.contains(word.lowercased()) || dictionary.knows(word)
        known[word] = answer
        return answer
    }

    /// The words of the text being checked that may be its own terms (``terms(in:knows:)``),
    /// with how many forms their family has.
    private var terms: [String: Int] = [:]

    /// The words the dictionary lacks that a text may use as terms, not by mistake: a word
    /// met at least three times in at least two forms (сокет, сокета, сокетов; локаль,
    /// локали), its forms told by the Porter stemmer and by their beginnings. A mistake is
    /// mostly made in one form; a word declined is a word of the writer's language. (One met
    /// in only two forms is still a mistake when a typical one is a step away.)
    static func terms(in words: [TextWords.Word], knows: (String) -> Bool) -> [String: Int] {
        let stemmer = Stemmer()
        var families: [String: (forms: Set<String>, count: Int)] = [:]
        var unknown: [String: Bool] = [:]
        // A word's family: its stem, and its beginning (the stemmer takes -али of «локали» for
        // a verb's ending).
        func keys(_ word: String) -> Set<String> {
            [stemmer.stem(word), "<" + String(word.prefix(max(3, min(5, word.count - 2))))]
        }
        for word in words where !word.text.contains("-") {
            let lower = word.text.lowercased()
            if unknown[lower] == nil { unknown[lower] = !knows(word.text) && !knows(lower) }
            guard unknown[lower] == true else { continue }
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

    /// Prefixes that make new words freely (перекомпилировать, поднабор, автодополнение): a
    /// word made of one and a word the dictionary knows is a word. Not those whose own
    /// spelling is a rule people get wrong (раз-/рас-, без-/бес-, из-/ис-, пре-/при-, с-).
    static let productivePrefixes = [
        "пере", "под", "над", "пред", "про", "со", "полу", "само", "много", "одно", "двух", "трёх", "авто", "анти", "контр",
        "супер", "псевдо", "квази", "мульти", "микро", "макро", "мини", "суб", "пост", "ре", "де", "меж", "сверх", "недо", "около",
        "после", "авиа", "видео", "фото", "радио", "теле", "аудио", "гипер", "мега", "нано", "био", "гео", "эко", "вне", "внутри",
        "обще", "не",
    ]

    /// Whether `word` is a prefix of ``productivePrefixes`` and a word the dictionary
    /// knows. After не, not a verb's form (незнаю, небыл are не знаю, не был); not и after a
    /// prefix ending in a consonant (предистория is предыстория).
    private func isDerived(_ word: String) -> Bool {
        for prefix in Self.productivePrefixes where word.hasPrefix(prefix) && word.count >= prefix.count + 3 {
            let rest = String(word.dropFirst(prefix.count))
            guard knows(rest) else { continue }
            if let first = rest.first, first == "и", let last = prefix.last, !"аоуыэеёюяи".contains(last) { continue }
            if prefix == "не" {
                let verbEndings = [
                    "ю", "у", "л", "ла", "ло", "ли", "ешь", "ет", "ем", "ете", "ут", "ют", "ит", "им", "ите", "ат", "ят", "ть",
                    "ться", "тся", "лся", "лась", "лось", "лись", "шь",
                ]
                if verbEndings.contains(where: rest.hasSuffix) { continue }
            }
            return true
        }
        return false
    }

    private func wordFinding(_ word: TextWords.Word) -> Finding? {
        let text = word.text
        let lower = text.lowercased()
        // A part of a word (пол-, -то, -еньк-), a letter or two (т. е., буква ё), an
        // abbreviation with no vowel (ул., гг.), a term of the text: not mistakes.
        if word.partOfWord || lower.count <= 2 || !lower.contains(where: { "аоуыэеёюяи".contains($0) }) { return nil }
        if (terms[lower] ?? 0) >= 3 { return nil }
        if text.contains("-") { return hyphenFinding(word) }
        if knows(text) { return nil }
        // An abbreviation: a short word cut after a consonant, with its period (русск., напр.).
        if word.abbreviated, lower.count <= 5, let last = lower.last, !"аоуыэеёюяийь".contains(last) { return nil }
        // A term of the text, or a word made with a prefix that makes words freely: unless a
        // typical mistake (half an edit) away from a word of the dictionary.
        if terms[lower] != nil || isDerived(lower) {
            if !Corrections.hasTypicalCorrection(lower, in: dictionary) { return nil }
        }
        let letters = Array(text)
        let capitals = letters.filter(\.isUppercase).count
        // An abbreviation, or a name written with capitals inside (ВКонтакте).
        if capitals > 1 { return nil }
        if capitals == 1 {
            guard letters[0].isUppercase else { return nil }
            if knows(lower) { return nil }
            // Inside a sentence, a capitalised word the dictionary lacks is a name.
            guard word.startsSentence else { return nil }
        }
        let corrections = correctionsOf(text)
        guard let best = corrections.first else { return finding([word], corrections: []) }
        // At a sentence's start, a word far from every correction is taken for a name.
        if capitals == 1, best.cost > 4 { return nil }
        return finding([word], corrections: corrections.map(\.text))
    }

    private var correctionCache: [String: [(text: String, cost: Int)]] = [:]

    private func correctionsOf(_ text: String) -> [(text: String, cost: Int)] {
        if let cached = correctionCache[text] { return cached }
        let found = Corrections.of(text, in: dictionary)
        correctionCache[text] = found
        return found
    }

    /// A word with a hyphen, each part of which the dictionary knows (else the parts' own
    /// mistakes): a hyphen before a particle written apart, or one where the word is
    /// written together.
    private func hyphenFinding(_ word: TextWords.Word) -> Finding? {
        let text = word.text
        let parts = text.split(separator: "-").map(String.init)
        let lower = parts.map { $0.lowercased() }
        if accepted.contains(text.lowercased()) { return nil }
        if !parts.allSatisfy({ knows($0) || knows($0.lowercased()) }) {
            let joined = parts.joined()
            if knows(joined) || knows(joined.lowercased()) { return finding([word], corrections: [joined]) }
            // The parts' own mistakes: the whole word corrected as one.
            let corrections = correctionsOf(text).map(\.text)
            if parts.first.map({ Array($0).filter(\.isUppercase).count > 0 }) == true, !word.startsSentence { return nil }
            return finding([word], corrections: corrections)
        }
        guard parts.count == 2 else { return nil }
        let joined = lower.joined()
        if ["бы", "ли", "же", "ль", "б", "ж"].contains(lower[1]) {
            if knows(joined) { return finding([word], corrections: [parts.joined()]) }
            return finding([word], corrections: [parts.joined(separator: " ")])
        }
        if knows(joined), !Self.hyphenatedAlso.contains(text.lowercased()) { return finding([word], corrections: [parts.joined()]) }
        return nil
    }

    /// Words written with a hyphen that the norm also writes together, meaning the same.
    static let hyphenatedAlso: Set<String> = ["пол-литра", "пол-литровый"]

    /// Pronouns and adverbs that -то, -либо, -нибудь join with a hyphen.
    static let pronouns: Set<String> = [
        "кто", "кого", "кому", "кем", "ком", "что", "чего", "чему", "чем", "чём", "где", "куда", "откуда", "когда", "как", "какой",
        "какая", "какое", "какие", "какого", "какую", "каким", "какими", "каких", "чей", "чья", "чьё", "чьи", "почему", "зачем",
        "сколько",
    ]
    /// Pronouns in -ому, -ему after по written apart (по которому, по тому).
    static let pronounsInOmu: Set<String> = [
        "которому", "тому", "этому", "всему", "самому", "одному", "ему", "нему", "кому", "чему", "никому", "ничему", "какому", "такому",
        "каждому", "любому", "иному",
    ]

    /// Pronouns and adverbs after which то is -то (кто-то, где-то): not что and как, which
    /// stand before то as often written apart (что то письмо, как то дерево).
    static let pronounsBeforeTo: Set<String> = [
        "кто", "кого", "кому", "кем", "где", "куда", "откуда", "когда", "какой", "какая", "какое", "какие", "какого", "какую", "каким",
        "какими", "каких", "чей", "чья", "чьё", "чьи", "почему", "зачем",
    ]
    static let prepositions: Set<String> = [
        "в", "во", "на", "с", "со", "у", "о", "об", "к", "ко", "по", "за", "из", "от", "до", "для", "без", "при", "про", "над", "под",
    ]

    /// Two words written apart that are one word with a hyphen (кое кто, кто нибудь, по
    /// моему at the end of a clause, по русски).
    private func pairFinding(_ first: TextWords.Word, _ second: TextWords.Word) -> Finding? {
        let a = first.text.lowercased()
        let b = second.text.lowercased()
        guard !a.contains("-"), !b.contains("-"), !first.partOfWord, !second.partOfWord else { return nil }
        var correction: String?
        let hyphenated = first.text + "-" + second.text
        let joined = first.text + b
        if a == "кое" || a == "кой", !Self.prepositions.contains(b), knows(b) {
            correction = hyphenated
        } else if Self.pronouns.contains(a), b == "нибудь" || (b == "либо" && !second.endsClause) {
            correction = hyphenated
        } else if Self.pronounsBeforeTo.contains(a), b == "то" {
            correction = hyphenated
        } else if ["всё", "все", "так", "опять", "довольно", "верно"].contains(a), b == "таки" {
            correction = hyphenated
        } else if a == "из", b == "за" || b == "под" {
            correction = hyphenated
        } else if ["вице", "экс", "северо", "юго", "обер", "унтер", "лейб"].contains(a), knows(b) {
            correction = hyphenated
        } else if a == "по" || a == "во", ["ски", "цки", "ьи"].contains(where: b.hasSuffix), knows(b), !knows(a + b) {
            correction = hyphenated
        } else if a == "по", ["ому", "ему"].contains(where: b.hasSuffix), !Self.pronounsInOmu.contains(b), second.endsClause, !knows(a + b)
        {
            correction = hyphenated
        } else if a == "во" || a == "в", ["первых", "вторых", "третьих", "четвёртых", "четвертых", "пятых", "шестых"].contains(b),
            second.endsClause
        {
            correction = hyphenated
        } else if a == "пол", let start = b.first, knows(b) {
            if "аоуыэеёюяил".contains(start) || start.isUppercase {
                correction = hyphenated
            } else if knows(a + b) {
                correction = joined
            }
        } else if ["видео", "фото", "авиа", "авто", "радио", "теле", "микро", "кино", "аудио", "мото", "вело"].contains(a), knows(a + b) {
            correction = joined
        } else if a == "не" || a == "ни", ["зачем", "куда", "чего", "когда", "где", "сколько", "откуда", "почему"].contains(b),
            knows(a + b)
        {
            correction = joined
        } else if Self.joinsToTheNext.contains(a), !knows(second.text), !knows(b), knows(a + b) {
            correction = joined
        }
        guard let correction else { return nil }
        return finding([first, second], corrections: [correction])
    }

    /// Short words a wrongly split word begins with (в кратце → вкратце).
    static let joinsToTheNext: Set<String> = ["в", "во", "на", "по", "за", "из", "до", "от", "с", "со", "не", "ни", "без", "при"]

    private func finding(_ words: [TextWords.Word], corrections: [String]) -> Finding {
        let typed = words.map(\.text).joined(separator: " ")
        var rule: DecidingRule.Paragraph?
        if let best = corrections.first {
            rule = rules.paragraph(typed: typed, correction: best, lemmas: best.contains(" ") ? [] : dictionary.lemmas(best))
        }
        return Finding(words: words, typed: typed, corrections: corrections, rule: rule)
    }
}
