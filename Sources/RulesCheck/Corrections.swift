import RulesSearch

/// The corrections of a word the dictionary does not know, best first: Hunspell's, the word
/// split in two (вообщем → в общем, незнаю → не знаю) or given its hyphen (ктото → кто-то),
/// each with ё where the word was typed with о or ё there (жолудь → жёлудь), ranked by the
/// mistakes people make in Russian (``SpellingCost``: an unstressed vowel, a doubled or
/// unpronounced consonant, з/с in a prefix, ь/ъ, о/ё after a sibilant cost less than other
/// edits; a space or hyphen, half an edit) rather than in Hunspell's order, which breaks ties.
package struct Corrections {
    /// How close one of the mistakes undone (or a split) must come for Hunspell's
    /// corrections, which cost a few hundredths of a second a word, not to be asked for:
    /// two edits. (Measured on the misspellings: asking whenever none comes within half an
    /// edit finds no more right forms first.)
    static let enough = 2 * SpellingCost.edit

    /// Short words that a word is most often mistakenly joined to.
    static let joinedWords: Set<String> = [
        "в", "во", "на", "по", "не", "ни", "с", "со", "к", "ко", "о", "об", "обо", "за", "из", "до", "от", "у", "без", "при", "над",
        "под", "про", "для", "как", "так", "что", "то", "же", "бы", "ли", "и", "а", "но", "да", "всё", "все", "уже", "ещё", "еще",
        "вот", "раз", "чем", "тем",
    ]
    /// The short words most often run into the next (не знаю, в целом, по сути, то есть).
    static let runInto: Set<String> = ["не", "ни", "в", "по", "что", "то", "из", "без", "ли"]

    /// Letters people write for each other, each way: unstressed vowels, voiced and
    /// voiceless consonants, е and э, ь and ъ.
    static let swaps: [(String, String)] = [
        ("а", "о"), ("о", "а"), ("е", "и"), ("и", "е"), ("е", "я"), ("я", "е"), ("и", "я"), ("я", "и"), ("и", "ы"), ("ы", "и"),
        ("б", "п"), ("п", "б"), ("в", "ф"), ("ф", "в"), ("г", "к"), ("к", "г"), ("д", "т"), ("т", "д"), ("ж", "ш"), ("ш", "ж"),
        ("з", "с"), ("с", "з"), ("е", "э"), ("э", "е"), ("ь", "ъ"), ("ъ", "ь"), ("о", "ё"), ("ё", "о"), ("щ", "сч"), ("сч", "щ"),
        ("щ", "жч"), ("щ", "зч"), ("ш", "ч"), ("ч", "ш"), ("ю", "я"), ("я", "ю"), ("у", "а"), ("а", "у"), ("ш", "сш"), ("ш", "зш"),
        ("ц", "тс"), ("ц", "тьс"), ("х", "г"), ("щ", "стч"), ("ё", "йо"), ("жж", "зж"), ("зж", "жж"), ("тся", "ться"), ("ться", "тся"),
        ("ыва", "ова"),
        ("ова", "ыва"), ("ива", "ева"), ("ева", "ива"),
    ]

    /// `word` with one mistake of ``swaps`` undone, one consonant doubled or undoubled, or
    /// ь, ъ, an unpronounced т, д, л or в put in or taken out.
    /// `inserting`: false leaves out the letters put in (ь, ъ, т, д, л, в at each place).
    static func variants(of word: String, inserting: Bool = true) -> [String] {
        let letters = Array(word)
        var found: [String] = []
        let n = letters.count
        guard n >= 2, n <= 40 else { return [] }
        for (from, to) in swaps {
            let pattern = Array(from)
            var k = 0
            while k + pattern.count <= n {
                if Array(letters[k..<k + pattern.count]) == pattern {
                    found.append(String(letters[..<k]) + to + String(letters[(k + pattern.count)...]))
                }
                k += 1
            }
        }
        let vowels = Set("аоуыэеёюяи")
        for k in 0..<n {
            let c = letters[k]
            // Doubled: taken out; single: doubled.
            if k + 1 < n, letters[k + 1] == c, !vowels.contains(c) {
                found.append(String(letters[..<k]) + String(letters[(k + 1)...]))
            } else if !vowels.contains(c), c != "ь", c != "ъ", c != "й" {
                found.append(String(letters[...k]) + String(c) + String(letters[(k + 1)...]))
            }
            if c == "ь" || c == "ъ" { found.append(String(letters[..<k]) + String(letters[(k + 1)...])) }
        }
        guard inserting else { return found }
        // ь left out at the end (восемь, стричь).
        // Not after a verb's -ет, -ит (зависет is зависит more often than зависеть).
        if let last = letters.last, !vowels.contains(last), last != "ь", last != "ъ", last != "й",
            !(last == "т" && n >= 2 && vowels.contains(letters[n - 2]))
        {
            found.append(word + "ь")
        }
        for k in 1..<n {
            for inserted in ["ь", "ъ", "т", "д", "л", "в"] {
                found.append(String(letters[..<k]) + inserted + String(letters[k...]))
            }
            if ["т", "д", "л", "в"].contains(String(letters[k])), k + 1 < n, !vowels.contains(letters[k - 1]),
                !vowels.contains(letters[k + 1])
            {
                found.append(String(letters[..<k]) + String(letters[(k + 1)...]))
            }
        }
        return found
    }

    /// Particles written with a hyphen after a word.
    static let hyphenAfter = ["то", "либо", "нибудь", "ка", "таки", "де"]

    /// At most `limit` corrections of `word` (as typed: a capital kept), with their costs
    /// in quarters of an edit.
    /// `thorough`: Hunspell's corrections are asked for even when one of the typical
    /// mistakes undone gives a word; `hunspell`: false, never.
    package static func of(
        _ word: String, in dictionary: SpellingDictionary, limit: Int = 3, thorough: Bool = false, hunspell: Bool = true
    ) -> [(text: String, cost: Int)] {
        let lower = word.lowercased()
        // A name written small (москва, пушкин): the dictionary's name.
        let name = lower.prefix(1).uppercased() + lower.dropFirst()
        if word == lower, dictionary.knows(name), !dictionary.knows(lower) { return [(name, 0)] }
        var candidates: [(text: String, spacing: Int)] = []
        var seen: Set<String> = []
        func add(_ candidate: String, spacing: Int? = nil) {
            let key = candidate.lowercased()
            guard key != lower, !Self.misplacedO(key), seen.insert(key).inserted else { return }
            candidates.append((key, spacing ?? Self.spacingCost(key)))
        }
        // The mistakes people make, undone one at a time (щитать → считать, лошка → ложка);
        // Hunspell's own corrections, slow to make, only when none of them comes close.
        let spelling = SpellingCost(typed: Self.units(lower))
        // Each candidate's cost, worked out once (it is asked for up to three times).
        var costs: [String: Int] = [:]
        func cost(_ candidate: String) -> Int {
            if let known = costs[candidate] { return known }
            let found = spelling.cost(Self.units(candidate))
            costs[candidate] = found
            return found
        }
        let variants = Self.variants(of: lower)
        for variant in variants where dictionary.knows(variant) { add(variant) }
        // Whether one mistake undone comes within two edits, else Hunspell is asked.
        let typical = candidates.contains { cost($0.text) <= Self.enough }
        if (!typical && hunspell) || thorough { for suggestion in dictionary.corrections(lower) { add(suggestion) } }
        // Two of them in one word (калекция → коллекция, харашо → хорошо), when one alone
        // comes no closer than an edit: each pair within an edit looked up once, a quarter
        // dearer than its letters (on a tie, Hunspell's correction wins).
        // Words of up to 16 letters, each of the two costing half an edit at most, none a
        // letter put in (a text of noise checked so took ten times as long).
        if hunspell, lower.count <= 16, !candidates.contains(where: { cost($0.text) <= SpellingCost.edit }) {
            var tried: Set<String> = []
            for variant in Self.variants(of: lower, inserting: false) where cost(variant) <= SpellingCost.half {
                for second in Self.variants(of: variant, inserting: false) where tried.insert(second).inserted {
                    if cost(second) <= SpellingCost.edit, dictionary.knows(second) { add(second, spacing: 1) }
                }
            }
        }
        let letters = Array(lower)
        if letters.count >= 3 {
            for cut in 1..<letters.count {
                let left = String(letters[..<cut])
                let right = String(letters[cut...])
                guard dictionary.knows(left), dictionary.knows(right) else { continue }
                // во, со, ко, обо stand before consonants (and и: во имя), never before another
                // vowel: «вообщем» is «в общем» run together.
                if Self.misplacedO(left + " " + right) {
                    add(String(left.dropLast()) + " " + right, spacing: 0)
                    continue
                }
                // кто-то, скажи-ка; во-первых, в-третьих; кое-кто; по-моему, по-русски: a hyphen,
                // not a space.
                let ordinal = ["в", "во"].contains(left) && (right.hasSuffix("ых") || right.hasSuffix("их"))
                let adverb = left == "по" && ["ому", "ему", "ски", "цки", "ьи"].contains(where: right.hasSuffix) && right != "одному"
                let prepositions = left == "из" && (right == "за" || right == "под")
                let half = left == "пол" && (right.first.map { "аоуыэеёюяил".contains($0) } ?? false)
                // A shade of a colour and an adjective of two coordinate ones (светло-зелёный,
                // научно-исследовательский).
                let compound =
                    left.count >= 4 && left.hasSuffix("о")
                    && (["светло", "тёмно", "темно", "ярко", "бледно"].contains(left)
                        || ["ский", "цкий", "ская", "ское", "ские", "ской"].contains(where: right.hasSuffix))
                if hyphenAfter.contains(right) || ordinal || adverb || prepositions || half || compound || ["кое", "кой"].contains(left) {
                    add(left + "-" + right, spacing: SpellingCost.half)
                } else if let preposition = ["бес": "без", "ис": "из"][left] {
                    // бес and ис are prefixes only; the prepositions are без and из (без толку).
                    if dictionary.knows(preposition) { add(preposition + " " + right) }
                } else if left == "не", ["л", "ла", "ло", "ли", "ть", "ться"].contains(where: right.hasSuffix) {
                    // не before a verb (не был, не смог): likelier than any one word.
                    add(left + " " + right, spacing: 1)
                } else {
                    add(left + " " + right)
                }
            }
        }
        // Three words run together, the first a short one (насамомделе, темнеменее, незачто),
        // when no split in two makes words.
        let splitInTwo = candidates.contains { $0.text.contains(" ") || $0.text.contains("-") }
        if letters.count >= 5 {
            for cut in 1...3 where cut + 3 <= letters.count && joinedWords.contains(String(letters[..<cut])) {
                for second in (cut + 1)...(letters.count - 2) {
                    let middle = String(letters[cut..<second])
                    let last = String(letters[second...])
                    guard middle.count >= 2 || joinedWords.contains(middle), last.count >= 3 || joinedWords.contains(last),
                        dictionary.knows(middle), dictionary.knows(last)
                    else { continue }
                    let phrase = String(letters[..<cut]) + " " + middle + " " + last
                    // ни or не, a preposition and a pronoun: a negative pronoun split by the
                    // preposition (ни за что, ни с кем, не за что), written apart.
                    let first = String(letters[..<cut])
                    if ["ни", "не"].contains(first), joinedWords.contains(middle),
                        ["что", "чего", "чему", "чем", "чём", "кто", "кого", "кому", "кем", "ком"].contains(last)
                    {
                        add(phrase, spacing: 1)
                    } else if !splitInTwo {
                        add(phrase, spacing: Self.spacingCost(phrase) + SpellingCost.half)
                    }
                }
            }
        }
        // ё where the word has о or ё at the same place (after a sibilant, most often): the
        // correction with ё takes the place of the one with е.
        for (index, candidate) in candidates.enumerated() where candidate.text.count == lower.count {
            var withYo = Array(candidate.text)
            var changed = false
            for (k, c) in withYo.enumerated() where c == "е" && (letters[k] == "о" || letters[k] == "ё") {
                withYo[k] = "ё"
                changed = true
            }
            if changed, dictionary.knows(String(withYo)), seen.insert(String(withYo)).inserted {
                candidates[index].text = String(withYo)
            }
        }
        // A word a rule writes with a hyphen is not offered with a space too (по моему).
        let hyphenated = Set(
            candidates.filter { $0.text.contains("-") && !$0.text.contains(" ") }.map { $0.text.replacingOccurrences(of: "-", with: " ") })
        candidates.removeAll { hyphenated.contains($0.text) }
        var ranked = candidates.enumerated().map { order, candidate in
            let letters = cost(candidate.text) + Self.ruleBonus(typed: lower, candidate.text)
            let words = candidate.text.contains(" ") || candidate.text.contains("-") ? 1 : 0
            return (text: candidate.text, cost: max(letters + candidate.spacing, 0), words: words, order: order)
        }
        // On a tie, one word before two, then Hunspell's order.
        ranked.sort { ($0.cost, $0.words, $0.order) < ($1.cost, $1.words, $1.order) }
        let capital = word.first.map { $0.isUppercase } ?? false
        return ranked.prefix(limit).map { item in
            (capital ? item.text.prefix(1).uppercased() + item.text.dropFirst() : item.text, item.cost)
        }
    }

    /// Whether `word` is two words run together, the first a short word people run into
    /// the next (вообщем, незнаю, небыло).
    package static func isRunTogether(_ word: String, in dictionary: SpellingDictionary) -> Bool {
        let letters = Array(word.lowercased())
        for cut in 1..<max(letters.count, 1) where runInto.contains(String(letters[..<cut])) || String(letters[..<cut]) == "во" {
            let right = String(letters[cut...])
            if right.count >= 2, dictionary.knows(right) { return true }
        }
        return false
    }

    /// Whether one typical mistake undone (half an edit at most, ``variants(of:)``) makes
    /// `word` a word of the dictionary: then it is likelier that mistake than a new word.
    package static func hasTypicalCorrection(_ word: String, in dictionary: SpellingDictionary) -> Bool {
        let lower = word.lowercased()
        let cost = SpellingCost(typed: units(lower))
        return variants(of: lower).contains { cost.cost(units($0)) <= SpellingCost.half && dictionary.knows($0) }
    }

    /// Whether `phrase` begins with во, со, ко or обо before a vowel other than и, where
    /// Russian has в, с, к, о (во имя, but в общем).
    static func misplacedO(_ phrase: String) -> Bool {
        let parts = phrase.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, ["во", "со", "ко", "обо"].contains(parts[0]), let next = parts[1].first else { return false }
        return "аоуыэеёюя".contains(next)
    }

    /// What a space or a hyphen in a correction costs beside its letters: a word split after
    /// a short word it is often run into (не знаю, в общем), an edit; split otherwise, two; a
    /// hyphen, an edit.
    static func spacingCost(_ candidate: String) -> Int {
        if candidate.contains(" ") {
            let parts = candidate.split(separator: " ").map(String.init)
            if parts.contains(where: runInto.contains) || ["бы", "же", "ли"].contains(parts.last ?? "") { return SpellingCost.half }
            return parts.contains(where: joinedWords.contains) ? SpellingCost.edit : 2 * SpellingCost.edit
        }
        return candidate.contains("-") ? SpellingCost.edit : 0
    }

    /// Less for a difference a rule of spelling explains: a voiced consonant for a voiceless
    /// one (лошка, вогзал) and е for э (тэст, мерия) cost half an edit, as the mistakes
    /// ``SpellingCost`` knows do; and a quarter less for a correction whose difference has a
    /// rule of its own (и or ы after ц, о or ё after a sibilant, a doubled or unpronounced
    /// consonant, ь or ъ, з or с in a prefix, пре- or при-, -тся, чн, щ), so that it wins a tie
    /// with an unstressed vowel.
    static func ruleBonus(typed: String, _ candidate: String) -> Int {
        let difference = SpellingDifference(typed: typed, correction: candidate)
        var bonus = 0
        for kind in difference.kinds where kind == .voicing || kind == .e { bonus -= SpellingCost.half }
        let explained: Set<SpellingDifference.Kind> = [
            .tsVowel, .sibilantVowel, .doubleConsonant, .doubleN, .silentConsonant, .signs, .prefixZS, .prePri, .tsya, .chn, .shch,
            .verbSuffix, .sibilantIAU,
        ]
        if difference.kinds.contains(where: explained.contains) { bonus -= 1 }
        // ь left out at the end is no likelier than a consonant heard otherwise there (морос
        // is мороз as often as морось).
        if candidate == typed + "ь" { bonus += 1 }
        // ц for тс (советский, детский: § 94's -тск-), an edit and a half by letters.
        if typed.contains("ц"), candidate == typed.replacingOccurrences(of: "ц", with: "тс") { bonus -= SpellingCost.edit }
        // ё for йо in a borrowed word (раён, ёгурт: § 403), two edits by letters.
        if typed.contains("ё"), candidate == typed.replacingOccurrences(of: "ё", with: "йо") {
            bonus -= SpellingCost.edit + SpellingCost.half
        }
        // г heard as х before к and ч (мягче, легко); ж heard as зж (езжу, позже).
        for change in difference.changes where change.typed == "х" && change.meant == "г" || change.typed == "ж" && change.meant == "з" {
            let next = candidate.dropFirst(change.at + 1).first
            if next == "к" || next == "ч" || (change.meant == "з" && next == "ж") { bonus -= SpellingCost.half + 1 }
        }
        // A verb's ending of the other conjugation (строют → строят, клеют → клеят).
        let ending = (typed.suffix(2), candidate.suffix(2))
        if typed.dropLast(2) == candidate.dropLast(2),
            ["ют": "ят", "ят": "ют", "ут": "ат", "ат": "ут"][String(ending.0)] == String(ending.1)
        {
            bonus -= SpellingCost.half + 1
        }
        return bonus
    }

    /// The word's letters as ``SpellingCost`` compares them: UTF-16, ё as е, without spaces
    /// and hyphens.
    package static func units(_ word: String) -> [UInt16] {
        word.replacingOccurrences(of: "ё", with: "е").utf16.filter { $0 != 0x20 && $0 != 0x2D }
    }
}
