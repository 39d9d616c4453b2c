import Foundation
import RulesSearch

/// The paragraph of the built-in rules that decides between a word as typed and its
/// correction, found as an editor would look it up: the paragraph that names the typed form
/// as wrong (its `<s>…</s>`), else one that names the correction among its words (or the
/// correction's dictionary form), of the chapter the kind of mistake belongs to when there
/// are several; else the paragraph of that kind of mistake.
package struct DecidingRule: Sendable {
    /// A paragraph: its § number and title.
    package struct Paragraph: Equatable, Sendable {
        package let number: Int
        package let title: String
    }

    /// Each wrong form the rules strike out, and each word they name, with the paragraphs.
    private let struck: [String: [Int]]
    private let named: [String: [Int]]
    private let titles: [Int: String]
    /// Each paragraph's chapter id.
    private let chapters: [Int: String]

    /// The built-in rules' data, read once.
    package static let builtIn = DecidingRule()

    private init() {
        var struck: [String: [Int]] = [:]
        var named: [String: [Int]] = [:]
        var titles: [Int: String] = [:]
        var chapters: [Int: String] = [:]
        let outline = BuiltInIndex.outline
        if let corpus = try? BuiltInIndex.corpus() {
            for record in corpus.chapters.values {
                let id = String(decoding: record.key.bytes, as: UTF8.self)
                guard let place = outline[id], place.kind == .paragraph else { continue }
                titles[place.number] = String(decoding: record.title.stringValue, as: UTF8.self)
                chapters[place.number] = place.chapter
                let html = String(decoding: record.html, as: UTF8.self)
                for form in Self.between("<s>", "</s>", in: html) {
                    struck[form.lowercased(), default: []].append(place.number)
                }
                for keyword in String(decoding: record.keywords.stringValue, as: UTF8.self).split(separator: ",") {
                    let word = keyword.trimmingCharacters(in: CharacterSet(charactersIn: " _")).lowercased()
                    guard !word.isEmpty else { continue }
                    named[word, default: []].append(place.number)
                    named[word.replacingOccurrences(of: "ё", with: "е"), default: []].append(place.number)
                }
            }
        }
        self.struck = struck.mapValues { Array(Set($0)).sorted() }
        self.named = named.mapValues { Array(Set($0)).sorted() }
        self.titles = titles
        self.chapters = chapters
    }

    /// Whether the rules strike `word` out as a wrong form (`<s>…</s>`), in any case.
    package func strikesOut(_ word: String) -> Bool { struck[word.lowercased()] != nil }

    /// The paragraph that decides `typed` against `correction`; `lemmas` are the
    /// correction's dictionary forms; `knows` tells a word of the dictionary (a prefix that
    /// leaves a word behind it, a verb's form). `nil` when no paragraph does.
    package func paragraph(typed: String, correction: String, lemmas: [String] = [], knows: (String) -> Bool = { _ in false }) -> Paragraph?
    {
        // Only the case differs (москва → Москва): which chapter of capitals decides it, the
        // letters do not tell.
        if typed.lowercased() == correction.lowercased() { return nil }
        let difference = SpellingDifference(typed: typed, correction: correction)
        // A short word mistyped (какк, тоть) is a slip, not a matter of any rule; a sibilant's
        // vowel or sign is one even in three letters (шёл, мяч).
        guard
            correction.count > 3 || correction.contains(" ") || correction.contains("-") || struck[typed.lowercased()] != nil
                || (correction.count == 3 && [.sibilantVowel, .signs].contains(difference.main))
        else {
            return nil
        }
        let family = Self.family(difference, typed: typed.lowercased(), correction: correction.lowercased(), knows: knows)
        // Among the paragraphs that name a word, the first of the family's order; else one of
        // the chapters they belong to, for the mistakes whose chapter lists its words (a
        // sibilant's vowel or sign, н or нн) or when the form leaves three or more paragraphs
        // open. A word named in another chapter is named there for another reason, and a
        // prefix or an ending the form decides is not overruled by a neighbour that names
        // the word for another of its letters.
        let listed: Set<SpellingDifference.Kind> = [.sibilantVowel, .signs, .doubleN]
        let familyChapters = listed.contains(difference.main) || family.count >= 3 ? Set(family.compactMap { chapters[$0] }) : []
        func pick(_ numbers: [Int]) -> Int? {
            if family.isEmpty { return numbers.first }
            return family.first { numbers.contains($0) } ?? numbers.first { chapters[$0].map(familyChapters.contains) ?? false }
        }
        let lowerTyped = typed.lowercased()
        let lowerCorrection = correction.lowercased()
        var number: Int?
        if let numbers = struck[lowerTyped] { number = pick(numbers) ?? numbers.first }
        if number == nil {
            for form in [lowerCorrection, lowerCorrection.replacingOccurrences(of: "ё", with: "е")] + lemmas.map({ $0.lowercased() }) {
                if let numbers = named[form], let found = pick(numbers) {
                    number = found
                    break
                }
            }
        }
        if number == nil { number = family.first }
        guard let number, let title = titles[number] else { return nil }
        return Paragraph(number: number, title: title)
    }

    /// The paragraphs a mistake is decided in, the one to read first when no word names
    /// another: by its kind, and by where it stands in the correction and what is around it.
    static func family(_ difference: SpellingDifference, typed t: String, correction c: String, knows: (String) -> Bool) -> [Int] {
        let letters = Array(c)
        let at = difference.changes.first { !($0.typed == $0.meant) }?.at ?? 0
        let fromEnd = letters.count - at
        func around(_ pieces: [String], within: Int = 1) -> Bool {
            pieces.contains { piece in
                var k = c.startIndex
                while let r = c.range(of: piece, range: k..<c.endIndex) {
                    let lower = c.distance(from: c.startIndex, to: r.lowerBound)
                    let upper = c.distance(from: c.startIndex, to: r.upperBound)
                    if at >= lower - within, at <= upper + within - 1 { return true }
                    k = c.index(after: r.lowerBound)
                }
                return false
            }
        }
        let adjective = ["ый", "ий", "ой", "ая", "яя", "ое", "ее", "ые", "ие"].contains(where: c.hasSuffix)
        let change = difference.changes.first { $0.typed != $0.meant }
        let pair = Set([change?.typed ?? "", change?.meant ?? ""])
        let sibilants: Set<Character> = ["ж", "ш", "ч", "щ"]
        let after = at > 0 && at <= letters.count ? letters[at - 1] : nil
        switch difference.main {
        case .spacing:
            if t.hasPrefix("по-") { return [183] }
            if let first = t.split(separator: "-").first.map(String.init), t.contains("-") {
                if ["видео", "авиа", "авто", "радио", "фото", "теле", "микро", "аудио", "мото", "вело", "кино"].contains(first) {
                    return [163]
                }
                if ["анти", "контр", "супер", "ультра", "дез", "гипер", "мега", "псевдо", "квази", "мульти"].contains(first) {
                    return first == "контр" ? [163, 82] : [82]
                }
                if first.count >= 4, first.hasSuffix("о") || first.hasSuffix("е"), !c.contains(" ") { return [158, 165, 166] }
            }
            if c.hasPrefix("не") || c.hasPrefix("ни") {
                return c.hasPrefix("ни") ? [155, 156, 140] : [140, 148, 141, 142, 149, 152, 155]
            }
            if c.hasPrefix("по-") { return [183] }
            if ["кое-", "кой-"].contains(where: c.hasPrefix)
                || ["-то", "-либо", "-нибудь", "-ка", "-таки", "-де"].contains(where: c.hasSuffix)
            {
                return [195]
            }
            if c.hasPrefix("пол") { return [164] }
            if [" бы", " ли", " же", " ль", " б", " ж"].contains(where: c.hasSuffix) { return [196, 194] }
            if c.contains("-") { return [183, 192, 195, 160, 166, 421, 164] }
            if c.contains(" ") { return [189, 426, 428, 186, 187, 188, 190, 193, 194, 429, 427] }
            return [184, 186, 187, 188, 190, 193, 194, 427, 429, 148, 142, 141]
        case .sibilantVowel:
            if at > 0, letters[at - 1] == "ц" { return [11, 12] }
            if at > 0, letters[at - 1] == "ь" { return [22] }
            // A borrowed word (шофёр, дирижёр, жонглёр): the sibilant's own paragraph for them.
            if BorrowedLook.looksBorrowed(c) || ["жёр", "шёр", "жер", "шер"].contains(where: c.hasSuffix) { return [8, 3, 4] }
            if ["ёт", "ёшь", "ём", "ёте", "ёг", "ёгся", "ёк", "ёкся", "ёл", "ёлся"].contains(where: c.hasSuffix), fromEnd <= 4 {
                return [7, 3]
            }
            // The root's first syllable (чёрт, щёки), else an ending or a suffix.
            if at <= 2, fromEnd <= 3, letters.count <= 5, !["ой", "ом", "ов"].contains(where: c.hasSuffix) { return [3, 4] }
            if fromEnd <= 3 { return [4, 5, 3] }
            if around(["ёнок", "онок", "ёнк", "онк", "ов", "ёв", "ом", "ём", "очек", "ёчек", "очк", "ёчк"], within: 0), fromEnd <= 4 {
                return [4, 3]
            }
            if ["ёл", "ёт", "ённый", "ёный", "ёвка", "ёвывать"].contains(where: c.hasSuffix) || around(["ённ", "ён"], within: 0) {
                return [7, 3]
            }
            return [3, 4, 5, 6, 7, 8]
        case .sibilantIAU:
            // A verb's ending or a participle's suffix after a sibilant (дышат, слышащий).
            if ["ат", "ят", "ут", "ют"].contains(where: c.hasSuffix), fromEnd <= 2,
                ["ать", "ить", "еть", "ять"].contains(where: { knows(String(c.dropLast(2)) + $0) })
            {
                return [119, 120]
            }
            if around(["ащ", "ящ", "ущ", "ющ"], within: 0), adjective { return [124] }
            if at < letters.count, "юя".contains(letters[at]) { return [2, 400] }
            return [1, 2]
        case .tsVowel:
            // и before a vowel is the root's or a borrowed suffix's (позиция, акция).
            if at + 1 < letters.count, "аоуэяюеи".contains(letters[at + 1]) { return [9, 10] }
            return fromEnd <= 2 || c.hasSuffix("цын") ? [10, 9] : [9, 10]
        case .signs:
            if at > 0,
                letters[at - 1] == "ь"
                    || (at < letters.count && letters[at] == "ь" && at + 1 < letters.count && "ёо".contains(letters[at + 1]))
            {
                return [22, 64]
            }
            if c.contains("ъ") { return [62, 63] }
            if ["десят", "сот"].contains(where: c.contains), at > 0, ["пят", "шест", "сем", "восем", "девят"].contains(where: c.hasPrefix) {
                return [171]
            }
            if c.hasSuffix("шься") && fromEnd <= 4 { return [69] }
            // ь before -щик, -щица (кровельщик, but каменщик).
            if around(["щик", "щиц", "чик", "чиц"], within: 1), !around(["ьщик", "ьщиц"], within: 0) || pair.contains("ь") {
                if ["щик", "щица", "щики", "щика", "чик", "чица"].contains(where: c.hasSuffix) { return [89, 67] }
            }
            if !difference.changes.contains(where: { $0.meant == "ь" }),
                ["чн", "чк", "нч", "нщ", "рщ"].contains(where: { around([$0], within: 0) })
            {
                return [67]
            }
            let soft = letters.indices.contains(at) && letters[at] == "ь"
            if soft, ["ьте", "ьтесь", "ься"].contains(where: { c.hasSuffix($0) }) && fromEnd <= 5 { return [122, 69] }
            // A sibilant at the end, with ь or without: a verb (режь, намажь: it has a -ешь
            // form) or a noun (ночь, мяч).
            if at >= letters.count - 1, at > 0,
                sibilants.contains(letters[soft ? at - 1 : min(at, letters.count - 1)]) || sibilants.contains(letters[at - 1])
            {
                let bare = c.hasSuffix("ь") ? String(c.dropLast()) : c
                if bare.count >= 4, knows(bare + "ешь") || knows(bare + "ет") { return [69, 68] }
            }
            if soft, at == letters.count - 1, at > 0, "жшчщ".contains(letters[at - 1]) {
                return c.hasSuffix("ешь") || c.hasSuffix("ишь")
                    || c.hasSuffix("чь") && at >= 3 && ["очь", "ечь", "ичь"].contains(where: c.hasSuffix) ? [69, 68] : [68, 69, 70]
            }
            if at > 0, at >= letters.count - 1 {
                // Leaving ь out after a sibilant at the end: the noun's rule, the verb's, the adverb's.
                if "жшчщ".contains(letters[at - 1]) { return ["ешь", "ишь"].contains(where: c.hasSuffix) ? [69] : [68, 69, 70] }
                if !soft, "жшчщ".contains(letters[min(at, letters.count - 1)]) { return [68, 69, 70] }
            }
            if !soft, at > 0, at <= letters.count, "жшчщ".contains(letters[at - 1]) { return [68, 69, 70] }
            if soft, at + 1 < letters.count, "еёюяи".contains(letters[at + 1]) { return [64] }
            if soft, at + 1 < letters.count, !"аоуыэеёюяи".contains(letters[at + 1]) { return [65, 66, 96, 133] }
            return [64, 65, 66, 67, 68, 69, 70, 96, 122, 133, 135, 171, 408, 409]
        case .doubleConsonant, .doubleN:
            if c.contains("жж") || c.hasPrefix("приезж") || c.contains("езж") { return [57] }
            if around(["сск"], within: 0) { return [95, 94] }
            let prefixes = ["рас", "бес", "вос", "ис", "раз", "без", "воз", "из", "под", "от", "над", "об", "пред", "вс", "вз"]
            if let prefix = prefixes.first(where: { c.hasPrefix($0) && (at == $0.count || at == $0.count - 1) }),
                letters.count > prefix.count, letters[prefix.count - 1] == letters[prefix.count]
            {
                return around(["счит", "счёт", "счет"], within: 1) ? [410, 75] : [75]
            }
            if difference.main == .doubleN, ["ица", "ник", "ница", "ость"].contains(where: c.hasSuffix), fromEnd <= 6 {
                return [117, 105]
            }
            // нн where a noun's stem ends in н and the suffix -н- follows (лимон-н-ый, осен-н-ий).
            if difference.main == .doubleN, adjective, let nn = c.range(of: "нн") {
                let stem = String(c[..<c.index(after: nn.lowerBound)])
                // A noun, by a case form no participle's short form has (лимоном, осень, ценой).
                if stem.count >= 3, knows(stem + "ом") || knows(stem + "ь") || knows(stem + "ой") { return [105, 106] }
            }
            if difference.main == .doubleN, adjective, around(["онн", "енн"], within: 0), !around(["ованн", "ёванн", "еванн"], within: 0),
                fromEnd <= 6, !["ённ"].contains(where: c.contains)
            {
                return c.hasSuffix("енный")
                    && ["про", "при", "на", "за", "вы", "по", "от", "пере", "раз", "рас", "с", "у"].contains(where: c.hasPrefix)
                    ? [108, 106] : [106, 108]
            }
            if difference.main == .doubleN, adjective, !c.contains("нн"), fromEnd <= 6 { return [111, 113, 109] }
            if difference.main == .doubleN, adjective || c.hasSuffix("о") || c.hasSuffix("а") || c.hasSuffix("ик") || c.hasSuffix("ица"),
                fromEnd <= 6
            {
                if around(["ованн", "еванн", "ован", "еван"], within: 0) { return [110, 108] }
                if around(["ян", "ан", "ин"], within: 0) && !around(["енн", "онн"], within: 0) { return [107, 101, 105] }
                return [105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117]
            }
            if c.hasSuffix("надцать") || c.hasSuffix("дцать") { return [172, 58] }
            return [58, 75, 59, 95, 410]
        case .silentConsonant:
            if around(["тч", "дч"], within: 0) { return [405, 54] }
            return c.contains("вств") || t.contains("вств") ? [56, 54] : [54, 55, 56]
        case .prefixZS:
            if at == 0, c.hasPrefix("с") { return [72] }
            if at <= 1, c.hasPrefix("роз") || c.hasPrefix("рос") { return [80] }
            return [74, 72, 71, 75]
        case .prePri:
            // The rule of meaning (§ 76), unless § 78 names the word among those the
            // dictionary decides (президент, привилегия): a name picks it from this family.
            return [76, 77, 78]
        case .verbSuffix: return [118, 419]
        case .tsya: return [121]
        case .chn: return [407]
        case .shch:
            if ["чик", "щик", "чица", "щица"].contains(where: c.hasSuffix) || around(["чик", "щик", "чиц", "щиц"], within: 0) {
                return [89]
            }
            if around(["сш", "зш"], within: 0) { return [406] }
            return [60, 89, 405]
        // A borrowed word's consonant no form of the word ends with (ноутбук, but философский:
        // философ).
        case .voicing where BorrowedLook.looksBorrowed(c) && at > 1 && !knows(String(letters[...min(at, letters.count - 1)])):
            return [52, 51]
        case .voicing:
            if at == 0, c.hasPrefix("с"), letters.count > 1, !"аоуыэеёюяи".contains(letters[1]) { return [72, 51] }
            if at == 0 || at == 1, c.hasPrefix("зд") || c.hasPrefix("сд") { return [72, 51] }
            if around(["дц", "тц"], within: 0) { return [61] }
            return [51, 52, 53]
        case .e:
            if at == 0 { return [403, 23, 24, 25] }
            // After a consonant (кафе, резюме) or after a vowel (поэт, диета).
            if let after, !"аоуыэеёюяи".contains(after) { return [24, 23, 25] }
            return [23, 24, 25, 403]
        case .endingVowel, .vowel:
            // о or ё after ь (бульон, компаньон), after a sibilant (шофёр): theirs.
            if pair.isSubset(of: ["о", "ё", "е"]), let after {
                if after == "ь" { return [22] }
                if sibilants.contains(after) {
                    if BorrowedLook.looksBorrowed(c) || ["жёр", "шёр", "жер", "шер"].contains(where: c.hasSuffix) { return [8, 3, 4] }
                    return fromEnd <= 3 ? [4, 3] : [3, 4]
                }
            }
            // -еянный, -еянный: the vowel before -нн- of a participle (посеянный).
            if pair.isSubset(of: ["е", "я", "а", "и"]), at + 2 < letters.count, letters[at + 1] == "н", letters[at + 2] == "н" {
                return [128, 108]
            }
            // A gerund's -ев, -ав (обидев, посмотрев).
            if t.hasSuffix("ив"), c.hasSuffix("ев") || c.hasSuffix("ав"), fromEnd <= 2 { return [129] }
            // A suffix or an ending: -ек/-ик, -ец, -еньк-, -ив-, -чив-, -ист-, a verb's ending,
            // a participle's, -ии.
            if (c.hasSuffix("ик") || c.hasSuffix("ек")) && fromEnd <= 2 { return [83] }
            if around(["ец", "иц", "яц"], within: 0), fromEnd <= 4, !adjective { return [84] }
            if around(["еньк", "оньк", "иньк"], within: 0) { return adjective ? [100, 86] : [86, 100] }
            if adjective, around(["чив", "лив"], within: 0) { return [99, 97] }
            if adjective, around(["ив", "ев"], within: 0) { return [97, 98] }
            if adjective, around(["ист"], within: 0) { return [103] }
            if around(["ущ", "ющ", "ащ", "ящ"], within: 0) { return [124] }
            if around(["ем", "им"], within: 0), c.hasSuffix("мый") || c.hasSuffix("мая") || c.hasSuffix("мое") { return [125] }
            let verbEndings = [
                "ешь", "ишь", "ет", "ит", "ем", "им", "ете", "ите", "ут", "ют", "ат", "ят", "ется", "ится", "ешься", "ишься",
            ]
            if let ending = verbEndings.first(where: c.hasSuffix), fromEnd <= max(4, ending.count + 1) { return [119, 120] }
            if ["ел", "ела", "ело", "ели", "елся", "елась", "ял", "яла", "ялся", "ил", "ила", "ило", "или"].contains(where: c.hasSuffix),
                fromEnd <= 4, pair.isSubset(of: ["е", "и", "я"])
            {
                return [126]
            }
            if (c.hasSuffix("ии") || c.hasSuffix("ие") || c.hasSuffix("ия")) && fromEnd <= 2 { return [132, 191] }
            if difference.main == .endingVowel {
                if adjective { return [134, 135] }
                return [131, 132, 136, 138]
            }
            // ы after a prefix ending in a consonant (сыграть, разыскать, предыстория).
            if pair == ["и", "ы"], at >= 1,
                [
                    "с", "раз", "рас", "без", "бес", "из", "ис", "от", "под", "над", "об", "пред", "меж", "сверх", "вз", "вс", "роз", "воз",
                    "вос",
                ]
                .contains(where: { $0.count == at && c.hasPrefix($0) })
            {
                return [79, 28]
            }
            if pair == ["и", "ы"], at > 1 { return [79, 28] }
            // A vowel of a borrowed word (директор, календарь): § 34 before the roots of its own
            // stock, whose alternations a borrowed word only seems to have.
            let borrowed = BorrowedLook.looksBorrowed(c)
            if borrowed, at > 1 || !["от", "об", "под", "над", "пред", "до", "по", "про"].contains(where: c.hasPrefix) {
                return [34, 33, 30, 28, 31]
            }
            // The roots of §§ 40–43 alternate in verbs (собирать, соберу), not in a noun that
            // only seems to have them (берёза).
            let verb = [
                "ть", "ться", "л", "ла", "ли", "ет", "ут", "ют", "ешь", "ю", "ем", "ите", "ется", "ит", "ат", "ят", "я", "в", "щий", "щая",
                "щее", "щие", "ние", "ния", "тель",
            ].contains(where: c.hasSuffix)
            for (roots, number) in alternatingRoots where around(roots, within: 0) && (verb || number != 40) {
                return [number, 28, 33]
            }
            let prefixes = ["от", "об", "под", "над", "пред", "до", "по", "про"]
            if at <= 1, prefixes.contains(where: c.hasPrefix) { return [71, 28] }
            if pair.isSubset(of: ["е", "и", "я"]) { return [30, 28, 33, 34] }
            return [33, 28, 34, 30, 31, 29, 35]
        case .other: return []
        }
    }

    /// Roots whose vowel alternates by a rule of its own, with its paragraph.
    private static let alternatingRoots: [([String], Int)] = [
        (["твар", "твор"], 46), (["лаг", "лож"], 36), (["раст", "ращ", "рос", "расл"], 37), (["скак", "скоч", "скач"], 38),
        (["кас", "кос"], 39), (["бир", "мир", "тир", "пир", "дир", "бер", "мер", "тер", "пер", "дер"], 40),
        (["блист", "блест", "жиг", "жег", "стил", "стел"], 41), (["чит", "чет"], 42), (["ним", "чина", "ня", "ча"], 43),
        (["гар", "гор"], 44), (["клан", "клон"], 45), (["зар", "зор"], 47), (["плав", "плов"], 48), (["мак", "мок"], 49),
        (["равн", "ровн", "ровес", "уров"], 50),
    ]

    private static func between(_ open: String, _ close: String, in text: String) -> [String] {
        var found: [String] = []
        var rest = text[...]
        while let start = rest.range(of: open), let end = rest[start.upperBound...].range(of: close) {
            found.append(String(rest[start.upperBound..<end.lowerBound]))
            rest = rest[end.upperBound...]
        }
        return found
    }
}
