import Foundation
import RulesSearch

/// One thread's share of ``SpellingChecker``'s work: a dictionary of its own (Hunspell's is
/// not safe to share), what it has looked up, and each word's judgement as an editor would
/// give it: a mistake, with its corrections and rule, or none.
final class SpellingJudge {
    private let dictionary: SpellingDictionary
    private let rules: DecidingRule
    private let accepted: Set<String>
    private var known: [String: Bool] = [:]

    /// `accepted`: the user's own words, taken as right (any case).
    init(dictionary: SpellingDictionary, rules: DecidingRule, accepted: [String]) {
        self.dictionary = dictionary
        self.rules = rules
        self.accepted = Set(accepted.map { $0.lowercased() })
        for word in accepted {
            dictionary.accept(word)
            dictionary.accept(word.lowercased())
        }
    }

    /// The mistakes among `words` (a run of a text's words that no pair of words written
    /// apart crosses), the text's `terms` known.
    func findings(_ words: ArraySlice<TextWords.Word>, terms: [String: Int]) -> [SpellingChecker.Finding] {
        self.terms = terms
        var findings: [SpellingChecker.Finding] = []
        var k = words.startIndex
        while k < words.endIndex {
            let word = words[k]
            if k + 1 < words.endIndex, words[k + 1].followsWordDirectly, let pair = pairFinding(word, words[k + 1]) {
                findings.append(pair)
                k += 2
                continue
            }
            if let finding = wordFinding(word) { findings.append(finding) }
            k += 1
        }
        return findings
    }

    /// The words among `words` that neither the dictionary nor the user knows, lowercased.
    func unknown(_ words: ArraySlice<TextWords.Word>) -> Set<String> {
        var found: Set<String> = []
        for word in words where word.characterLength <= Self.longestWord && !word.text.utf8.contains(0x2D) && !knows(word.text) {
            let lower = word.text.lowercased()
            if !knows(lower) { found.insert(lower) }
        }
        return found
    }

    /// Whether the dictionary (or the user) takes `word` as written.
    func knows(_ word: String) -> Bool {
        if let answer = known[word] { return answer }
        let answer = accepted.contains(word.lowercased()) || dictionary.knows(word)
        known[word] = answer
        return answer
    }

    /// The words of the text being checked that may be its own terms
    /// (``SpellingChecker/terms(in:unknown:)``), with how many forms their family has.
    private var terms: [String: Int] = [:]

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
            // не- makes adjectives, participles and nouns (неидеальный, неуспех); before a
            // verb, an adverb or a particle it is written apart (не знаю, не очень, не только).
            if prefix == "не" {
                // The endings of adjectives and nouns (not -те, -ше, -же: делайте, больше, позже).
                let nominal = [
                    "ый", "ий", "ой", "ая", "яя", "ое", "ее", "ые", "ие", "ого", "его", "ому", "ему", "ым", "им", "ыми", "ими", "ых", "их",
                    "ую", "юю", "ом", "ем", "ей", "ью", "ами", "ями", "ах", "ях", "ов", "ев", "ость", "ости", "ия", "ии", "ию", "ье", "ья",
                    "ен", "на", "ны", "ок", "ка", "ки", "ку", "ке", "ков", "ле", "ре", "не", "се", "де", "ве", "ме", "пе", "бе", "ор", "ер",
                    "ет",
                ]
                if !nominal.contains(where: rest.hasSuffix) || rest.hasSuffix("ет") && knows(String(rest.dropLast(2)) + "ть") { continue }
            }
            return true
        }
        return false
    }

    /// Pronouns' case forms, which prepositions govern though the dictionary lists them
    /// as they are (с ними, ни при чём, по этому).
    static let pronounForms: Set<String> = [
        "чём", "чем", "чему", "чего", "ком", "кем", "кому", "кого", "нём", "нем", "ней", "нему", "них", "ним", "ними", "нее", "неё",
        "этому", "этом", "этой", "этим", "тому", "том", "той", "тем", "всем", "всём", "всему", "себе", "себя", "собой", "мне", "тебе",
        // Adverbs a preposition takes as nouns: отложить на завтра, оставить на потом.
        "завтра", "потом",
    ]

    /// Whether `word` is a compound the dictionary lacks, of two words it knows joined by
    /// the linking о or е (кофемашина, высокоперерабатываемый): not a run-together mistake
    /// (the first part no short word, nor a colour's shade or an adjective of two, which
    /// take a hyphen: светло-зелёный, научно-исследовательский).
    private func isCompound(_ word: String) -> Bool {
        let letters = Array(word)
        guard letters.count >= 9 else { return false }
        // (A first part of eight letters at most: продемонстрированоиспользование is two
        // words run together.)
        for cut in 4...min(8, letters.count - 5) where letters[cut - 1] == "о" || letters[cut - 1] == "е" {
            let left = String(letters[..<cut])
            let right = String(letters[cut...])
            if Corrections.joinedWords.contains(left)
                || ["тоже", "также", "чтобы", "какое", "такое", "светло", "тёмно", "темно"].contains(left)
            {
                continue
            }
            if ["ский", "цкий", "ская", "ское", "ские", "ской"].contains(where: right.hasSuffix) { continue }
            if knows(left), knows(right) { return true }
        }
        return false
    }

    /// Whether the dictionary knows another case of `word` (места, злом, конца): a noun or an
    /// adjective, which a preposition may govern; an adverb (всегда, вне, нельзя) has none.
    private func hasCaseForms(_ word: String) -> Bool {
        var stems = [word]
        if let last = word.last, "аоуыэеёюяиь".contains(last) { stems.append(String(word.dropLast())) }
        // A vowel that drops out (конец: конца, замок: замка).
        if ["ец", "ок", "ек"].contains(where: word.hasSuffix), let last = word.last {
            stems.append(String(word.dropLast(2)) + String(last))
        }
        // An adjective's or a pronoun's ending (первой: первый, первая).
        for ending in ["ой", "ей", "ый", "ий", "ая", "яя", "ое", "ее", "ую", "юю", "ого", "его", "ому", "ему", "ым", "им"]
        where word.hasSuffix(ending) && word.count > ending.count + 2 {
            let stem = String(word.dropLast(ending.count))
            if ["ый", "ий", "ая", "ое", "ой"].contains(where: { stem + $0 != word && knows(stem + $0) }) { return true }
        }
        // время: времени.
        if word.hasSuffix("мя") { stems.append(String(word.dropLast()) + "ен") }
        for stem in stems {
            for ending in ["а", "у", "ом", "ы", "и", "ой", "ам", "е", "ем", "ого", "ому", "ым"] where stem + ending != word {
                if knows(stem + ending) { return true }
            }
        }
        return false
    }

    /// Whether `word` is a form Hunspell's Russian dictionary lacks of a word it has (found
    /// so on the manual pages): a verb's -ся form (обнуляются: обнуляют; урезался: урезал), or
    /// a short form with one н of an adjective or participle (считаны: считанный;
    /// ограничительны: ограничительный).
    private func isMissingForm(_ word: String) -> Bool {
        if word.count >= 5, word.hasSuffix("ся") || word.hasSuffix("сь") {
            let base = String(word.dropLast(2))
            let verb = ["ть", "т", "л", "ла", "ло", "ли", "ю", "ешь", "ем", "ете", "ишь", "им", "ите", "в", "вши", "вший"]
            if verb.contains(where: base.hasSuffix), knows(base) { return true }
        }
        var stem = word
        if let last = stem.last, "ыао".contains(last) { stem.removeLast() }
        guard stem.count >= 5, stem.hasSuffix("н"), !stem.hasSuffix("нн") else { return false }
        return knows(stem + "ый") || knows(stem + "ный")
    }

    /// The longest word judged, in letters: a longer run of letters is no word of the
    /// language (the dictionary's longest are about 35), and judging it would cost time
    /// that grows with its square.
    static let longestWord = 64

    private func wordFinding(_ word: TextWords.Word) -> SpellingChecker.Finding? {
        let text = word.text
        guard word.characterLength <= Self.longestWord else { return nil }
        // Most words: known as written.
        if !text.utf8.contains(0x2D), knows(text) { return nil }
        let lower = text.lowercased()
        // A part of a word (пол-, -то, -еньк-), a letter or two (т. е., буква ё), an
        // abbreviation with no vowel (ул., гг.), a term of the text: not mistakes.
        if word.partOfWord || lower.count <= 2 || !lower.contains(where: { "аоуыэеёюяи".contains($0) }) { return nil }
        if (terms[lower] ?? 0) >= 3 { return nil }
        if text.utf8.contains(0x2D) { return hyphenFinding(word) }
        if knows(text) { return nil }
        // An abbreviation: a short word cut after a consonant, with its period (русск., напр.).
        if word.abbreviated, lower.count <= 5, let last = lower.last, !"аоуыэеёюяийь".contains(last) { return nil }
        // A term of the text, or a word made with a prefix that makes words freely: unless a
        // typical mistake (half an edit) away from a word of the dictionary.
        if terms[lower] != nil || isDerived(lower) || isMissingForm(lower) || isCompound(lower) {
            if !Corrections.hasTypicalCorrection(lower, in: dictionary) { return nil }
        }
        let letters = Array(text)
        let capitals = letters.filter(\.isUppercase).count
        // A word in capitals (ОБЬЯВЛЕНИЕ): checked as written small when it is long enough not
        // to be an abbreviation and a typical mistake explains it.
        if capitals == letters.count, capitals >= 5, !knows(lower), Corrections.hasTypicalCorrection(lower, in: dictionary) {
            return finding([word], corrections: correctionsOf(lower).map { $0.text.uppercased() })
        }
        // An abbreviation, or a name written with capitals inside (ВКонтакте).
        if capitals > 1 { return nil }
        if capitals == 1 {
            guard letters[0].isUppercase else { return nil }
            if knows(lower) { return nil }
            // A capitalised word the dictionary lacks is a name (Вольтер is no mistake for
            // Вальтер), unless it begins a sentence and is a mistake the rules name (Извените,
            // struck out in their text), two words run together (Вообщем, Незнаю) or a
            // typical mistake (half an edit) from a word of the dictionary (Здраствуйте,
            // Карова).
            guard word.startsSentence,
                rules.strikesOut(lower) || Corrections.isRunTogether(lower, in: dictionary)
                    || Corrections.hasTypicalCorrection(lower, in: dictionary)
            else { return nil }
            return finding([word], corrections: correctionsOf(text).map(\.text))
        }
        let corrections = correctionsOf(text)
        guard !corrections.isEmpty else { return finding([word], corrections: []) }
        return finding([word], corrections: corrections.map(\.text))
    }

    private var correctionCache: [String: [(text: String, cost: Int)]] = [:]

    /// How many words a thread asks Hunspell's corrections for (a few hundredths of a second
    /// each): past that, a text of noise gets the typical mistakes undone only, so that no
    /// text takes more than about half a minute a thread.
    static let hunspellBudget = 1000
    private var hunspellAsked = 0

    private func correctionsOf(_ text: String) -> [(text: String, cost: Int)] {
        if let cached = correctionCache[text] { return cached }
        let found = Corrections.of(text, in: dictionary, hunspell: hunspellAsked < Self.hunspellBudget)
        hunspellAsked += 1
        correctionCache[text] = found
        return found
    }

    /// A word with a hyphen, each part of which the dictionary knows (else the parts' own
    /// mistakes): a hyphen before a particle written apart, or one where the word is
    /// written together.
    private func hyphenFinding(_ word: TextWords.Word) -> SpellingChecker.Finding? {
        let text = word.text
        let parts = text.split(separator: "-").map(String.init)
        let lower = parts.map { $0.lowercased() }
        if accepted.contains(text.lowercased()) { return nil }
        if !parts.allSatisfy({ knows($0) || knows($0.lowercased()) }) {
            let joined = parts.joined()
            if knows(joined) || knows(joined.lowercased()) { return finding([word], corrections: [joined]) }
            // A prefix that is written together (псевдо-терминалы → псевдотерминалы).
            if parts.count == 2, Self.productivePrefixes.contains(lower[0]), lower[0] != "не", knows(parts[1]) || knows(lower[1]) {
                return finding([word], corrections: [joined])
            }
            // A part no typical mistake explains is a term or a name (своп-файл, кэш-файл).
            let unknownParts = lower.filter { !knows($0) }
            if !unknownParts.contains(where: { Corrections.hasTypicalCorrection($0, in: dictionary) }) { return nil }
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
        // Conjunctions and set phrases of two words written apart (как будто, потому что).
        if Self.writtenApart.contains(lower.joined(separator: " ")) {
            return finding([word], corrections: [parts.joined(separator: " ")])
        }
        // во-первых, во-вторых (but в-третьих, в-пятых).
        if lower[0] == "в", ["первых", "вторых"].contains(lower[1]) { return finding([word], corrections: [parts[0] + "о-" + parts[1]]) }
        return nil
    }

    /// Conjunctions, particles and set phrases of two words that are written apart, never
    /// with a hyphen (§§ 194, 196 and the dictionary's own entries).
    static let writtenApart: Set<String> = [
        "как будто", "то есть", "потому что", "так что", "так как", "как раз", "само собой", "будто бы", "оттого что", "то ли",
        "как бы", "если бы", "чтобы не", "так же", "то же", "что бы", "все равно", "всё равно", "в общем", "в целом",
    ]

    /// Words written with a hyphen that the norm also writes together, meaning the same.
    static let hyphenatedAlso: Set<String> = ["пол-литра", "пол-литровый"]

    /// Pronouns and adverbs that -то, -либо, -нибудь join with a hyphen.
    static let pronouns: Set<String> = [
        "кто", "кого", "кому", "кем", "ком", "что", "чего", "чему", "чем", "чём", "где", "куда", "откуда", "когда", "как", "какой",
        "какая", "какое", "какие", "какого", "какую", "каким", "какими", "каких", "чей", "чья", "чьё", "чьи", "почему", "зачем",
        "сколько",
    ]
    /// Every word ``pairFinding(_:_:)`` can begin a pair with.
    static let pairStarters: Set<String> = pronouns.union(pronounsBeforeTo).union(joinsToTheNext).union([
        "кое", "кой", "всё", "все", "так", "опять", "довольно", "верно", "из", "вице", "экс", "северо", "юго", "обер", "унтер",
        "лейб", "по", "во", "в", "пол", "видео", "фото", "авиа", "авто", "радио", "теле", "микро", "кино", "аудио", "мото", "вело",
        "не", "ни",
    ])

    /// What по- makes adverbs of with a hyphen (по-новому, по-моему): written apart, they are
    /// a mistake at the end of a clause (по моему мнению is right).
    static let adverbsInOmu: Set<String> = [
        "моему", "твоему", "своему", "нашему", "вашему", "новому", "старому", "другому", "иному", "прежнему", "настоящему",
        "хорошему", "плохому", "честному", "доброму", "простому", "разному", "всякому", "любому", "особому", "летнему", "зимнему",
        "домашнему",
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
    private func pairFinding(_ first: TextWords.Word, _ second: TextWords.Word) -> SpellingChecker.Finding? {
        // Only a few words begin such a pair: most are passed over before any work.
        guard first.text.utf8.count <= 16, second.characterLength <= Self.longestWord, !first.partOfWord, !second.partOfWord else {
            return nil
        }
        let a = first.text.lowercased()
        guard Self.pairStarters.contains(a) else { return nil }
        let b = second.text.lowercased()
        guard !a.utf8.contains(0x2D), !b.utf8.contains(0x2D) else { return nil }
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
        } else if a == "по", Self.adverbsInOmu.contains(b), second.endsClause {
            correction = hyphenated
        } else if a == "во" || a == "в", ["первых", "вторых", "третьих", "четвёртых", "четвертых", "пятых", "шестых"].contains(b),
            second.endsClause
        {
            correction = hyphenated
        } else if a == "пол", let start = b.first, b.count >= 3, !Self.prepositions.contains(b), knows(b) {
            if "аоуыэеёюяил".contains(start) || start.isUppercase {
                correction = hyphenated
            } else if knows(a + b) {
                correction = joined
            }
        } else if ["видео", "фото", "авиа", "авто", "радио", "теле", "микро", "кино", "аудио", "мото", "вело"].contains(a), knows(a + b) {
            correction = joined
        } else if (a == "не" && ["зачем", "куда", "чего", "где", "откуда"].contains(b))
            || (a == "ни" && ["когда", "куда", "где", "сколько", "откуда", "чего", "чем", "кто"].contains(b)), knows(a + b)
        {
            correction = joined
        } else if Self.joinsToTheNext.contains(a), b.count >= 3, !knows(second.text), !knows(b), knows(a + b) {
            correction = joined
        } else if Self.joinsToTheNext.contains(a), a != "не", a != "ни", second.endsClause, b.count >= 3, !Self.pronounForms.contains(b),
            knows(b),
            dictionary.isEntry(a + b), !hasCaseForms(b) || ["ую", "юю"].contains(where: b.hasSuffix) || (a == "во" && b == "время")
        {
            // An adverb the dictionary has, split at the end of a clause into a preposition and
            // a word that cannot follow it there: one with no case forms (пришёл во время, из
            // вне, до нельзя) or an adjective's with no noun after it (сделано в ручную); and
            // во время, a preposition that needs its noun after it (во время работы).
            correction = joined
        }
        guard let correction else { return nil }
        return finding([first, second], corrections: [correction])
    }

    /// Short words a wrongly split word begins with (в кратце → вкратце).
    static let joinsToTheNext: Set<String> = ["в", "во", "на", "по", "за", "из", "до", "от", "с", "со", "не", "ни", "без", "при"]

    private func finding(_ words: [TextWords.Word], corrections: [String]) -> SpellingChecker.Finding {
        let typed = words.map(\.text).joined(separator: " ")
        var rule: DecidingRule.Paragraph?
        if let best = corrections.first {
            rule = rules.paragraph(
                typed: typed, correction: best, lemmas: best.contains(" ") ? [] : dictionary.lemmas(best), knows: dictionary.knows)
        }
        return SpellingChecker.Finding(words: words, typed: typed, corrections: corrections, rule: rule)
    }
}
