/// What tells a word as typed from its correction, as an editor names it: the letters that
/// differ, aligned, and the kind of mistake each is (an unstressed vowel, a doubled
/// consonant, a space or hyphen, …). ``DecidingRule`` finds the paragraph of the rules
/// from it.
package struct SpellingDifference: Sendable {
    /// A kind of mistake, as the chapters of the rules divide them.
    package enum Kind: String, CaseIterable, Sendable {
        /// Written together, apart or with a hyphen where it should not be.
        case spacing
        /// о, ё or е after ж, ш, ч, щ, ц.
        case sibilantVowel
        /// и or ы after ц.
        case tsVowel
        /// и, а, у (ы, я, ю) after ж, ш, ч, щ: жи-ши, брошюра.
        case sibilantIAU
        /// ь or ъ left out, added or swapped.
        case signs
        /// A consonant doubled or left single (н and нн: ``doubleN``).
        case doubleConsonant
        case doubleN
        /// A consonant one does not hear, left out or added (лестница, чувство, солнце).
        case silentConsonant
        /// з or с at the end of a prefix (бес-, раз-, из-).
        case prefixZS
        /// пре- or при-.
        case prePri
        /// The suffixes -ова-/-ева- and -ыва-/-ива- of verbs.
        case verbSuffix
        /// -тся or -ться.
        case tsya
        /// чн or шн; щ or сч.
        case chn, shch
        /// A voiced consonant for a voiceless one or back (дуб, лодка).
        case voicing
        /// е or э.
        case e
        /// A vowel in an ending (the last letters).
        case endingVowel
        /// An unstressed vowel in the root or a suffix.
        case vowel
        /// Anything else: a letter left out, added or typed for another.
        case other
    }

    /// The kinds of the differences, in the order they stand in the word.
    package let kinds: [Kind]
    /// Where each difference stands in the correction (from 0), and the letters typed and
    /// meant there, in the order they stand.
    package let changes: [(at: Int, typed: String, meant: String)]

    /// The kind that decides which rule to read: the first that is not ``Kind/other``.
    package var main: Kind { kinds.first { $0 != .other } ?? .other }

    package init(typed: String, correction: String) {
        let a = Array(typed.lowercased())
        let b = Array(correction.lowercased())
        var kinds: [Kind] = []
        var changes: [(at: Int, typed: String, meant: String)] = []
        for edit in Self.align(a, b) {
            kinds.append(Self.kind(of: edit, typed: a, correct: b))
            changes.append((edit.correct.lowerBound, String(a[edit.typed]), String(b[edit.correct])))
        }
        self.changes = changes
        // Whole-word patterns: a suffix or an ending seen only in the two words together.
        let t = String(a)
        let c = String(b)
        if (t.contains("ыва") && c.contains("ова")) || (t.contains("ива") && c.contains("ева")) || (t.contains("ова") && c.contains("ыва"))
            || (t.contains("ева") && c.contains("ива"))
        {
            kinds.insert(.verbSuffix, at: 0)
        }
        let shch = ["сч", "зч", "жч", "стч"]
        if (t.contains("щ") && shch.contains(where: c.contains)) || (c.contains("щ") && shch.contains(where: t.contains)) {
            kinds.insert(.shch, at: 0)
        }
        if (c.contains("сш") || c.contains("зш")) && !(t.contains("сш") || t.contains("зш")) { kinds.insert(.shch, at: 0) }
        if (t.hasSuffix("тся") && c.hasSuffix("ться")) || (t.hasSuffix("ться") && c.hasSuffix("тся"))
            || (t.hasSuffix("тса") || t.hasSuffix("ца") && c.hasSuffix("тся"))
        {
            kinds.insert(.tsya, at: 0)
        }
        self.kinds = kinds
    }

    /// One difference: letters of the typed word at `typed` replaced by the correction's
    /// at `correct` (either range may be empty).
    struct Edit {
        let typed: Range<Int>
        let correct: Range<Int>
    }

    /// The fewest edits from `a` to `b` (Levenshtein's), as runs of single edits.
    static func align(_ a: [Character], _ b: [Character]) -> [Edit] {
        let n = a.count
        let m = b.count
        var d = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in 0...n { d[i][0] = i }
        for j in 0...m { d[0][j] = j }
        if n > 0, m > 0 {
            for i in 1...n {
                for j in 1...m {
                    d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                }
            }
        }
        var edits: [Edit] = []
        var i = n
        var j = m
        while i > 0 || j > 0 {
            if i > 0, j > 0, a[i - 1] == b[j - 1], d[i][j] == d[i - 1][j - 1] {
                i -= 1
                j -= 1
            } else if i > 0, j > 0, d[i][j] == d[i - 1][j - 1] + 1 {
                edits.append(Edit(typed: i - 1..<i, correct: j - 1..<j))
                i -= 1
                j -= 1
            } else if i > 0, d[i][j] == d[i - 1][j] + 1 {
                edits.append(Edit(typed: i - 1..<i, correct: j..<j))
                i -= 1
            } else {
                edits.append(Edit(typed: i..<i, correct: j - 1..<j))
                j -= 1
            }
        }
        return edits.reversed()
    }

    private static let sibilants: Set<Character> = ["ж", "ш", "ч", "щ", "ц"]
    private static let vowels: Set<Character> = ["а", "о", "у", "ы", "э", "е", "ё", "и", "ю", "я"]
    /// The prefixes whose last letter is з before a voiced consonant and с before a
    /// voiceless one.
    private static let zsPrefixes: Set<String> = [
        "без", "бес", "раз", "рас", "роз", "рос", "из", "ис", "воз", "вос", "низ", "нис", "вз", "вс", "через", "черес", "чрез", "чрес",
    ]
    private static let obstruents: Set<Character> = ["б", "п", "ф", "г", "к", "х", "д", "т", "ж", "ш", "з", "с", "ц", "ч", "щ"]
    private static let voicingPairs: [Set<Character>] = [["б", "п"], ["в", "ф"], ["г", "к"], ["д", "т"], ["ж", "ш"], ["з", "с"]]

    private static func kind(of edit: Edit, typed a: [Character], correct b: [Character]) -> Kind {
        let x = edit.typed.first.map { a[$0] }
        let y = edit.correct.first.map { b[$0] }
        let at = edit.correct.lowerBound
        let before: Character? = at > 0 ? b[at - 1] : nil
        let after: Character? =
            edit.correct.upperBound < b.count
            ? b[edit.correct.upperBound] : (edit.typed.upperBound < a.count ? a[edit.typed.upperBound] : nil)
        let changed = [x, y].compactMap { $0 }
        if changed.contains(" ") || changed.contains("-") { return .spacing }
        if changed.contains("ь") || changed.contains("ъ") { return .signs }
        if let before, sibilants.contains(before), changed.allSatisfy({ "оёе".contains($0) }) { return .sibilantVowel }
        if let before, sibilants.contains(before), before != "ц", changed.allSatisfy({ "иыяаюу".contains($0) }) { return .sibilantIAU }
        if before == "ц", changed.allSatisfy({ "иы".contains($0) }) { return .tsVowel }
        // A letter added or left out.
        if x == nil || y == nil, let letter = x ?? y {
            let neighbour = x == nil ? (before, after) : (at > 0 ? b[at - 1] : nil, at < b.count ? b[at] : nil)
            if letter == neighbour.0 || letter == neighbour.1 { return letter == "н" ? .doubleN : .doubleConsonant }
            if "тдлв".contains(letter), let left = neighbour.0, let right = neighbour.1, !vowels.contains(left), !vowels.contains(right) {
                return .silentConsonant
            }
            // в before -ств- (чувство, участвовать) and т before ч (клетчатый): not heard.
            let rest = String(b[min(at + (x == nil ? 1 : 0), b.count)...])
            if letter == "в", rest.hasPrefix("ств") || rest.hasPrefix("ст") && x != nil { return .silentConsonant }
            if letter == "т" || letter == "д", rest.hasPrefix("ч") { return .silentConsonant }
            if letter == "с" || letter == "з", at <= 4 { return .prefixZS }
            return .other
        }
        guard let x, let y else { return .other }
        // з or с ending a prefix, before a consonant (бесполезный, but зарок, сорока, грузный);
        // с- at the start is always с (сделать, not зделать).
        if at <= 3, (x == "з" && y == "с") || (x == "с" && y == "з"), let after, !vowels.contains(after),
            at == 0 ? y == "с" : Self.zsPrefixes.contains(String(b[...at]))
        {
            return .prefixZS
        }
        if at == 2, b.starts(with: Array("пр")), (x == "е" && y == "и") || (x == "и" && y == "е") { return .prePri }
        if (x == "ш" && y == "ч") || (x == "ч" && y == "ш") { return .chn }
        if (x == "щ" && y == "с") || (x == "с" && y == "щ") || (x == "щ" && y == "ч") || (x == "ч" && y == "щ") { return .shch }
        // A voiced consonant for a voiceless one where neither is heard as written: at the
        // end, or before another such consonant (дуб, лодка; not крушка for кружка's к).
        if voicingPairs.contains(where: { $0.contains(x) && $0.contains(y) }) {
            // Through ь to the letter after it (стерлядь, молотьба).
            let next = after == "ь" ? (edit.correct.upperBound + 1 < b.count ? b[edit.correct.upperBound + 1] : nil) : after
            return next.map { Self.obstruents.contains($0) } ?? true ? .voicing : .other
        }
        if (x == "е" && y == "э") || (x == "э" && y == "е") { return .e }
        if vowels.contains(x), vowels.contains(y) { return at >= b.count - 2 ? .endingVowel : .vowel }
        return .other
    }
}
