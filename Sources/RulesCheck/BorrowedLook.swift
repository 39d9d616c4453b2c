/// Whether a word looks borrowed, by what words of Slavic stock seldom have: the letters э
/// and ф, a first а, дж, two vowels side by side in the stem, a doubled consonant inside the
/// root, г, к or х before е inside the word, and the borrowed suffixes (-изм, -ист, -ция,
/// -тор, -ёр, -ент, -тека, -ика…). It tells § 34 (vowels in borrowed words) from § 28, § 30
/// and § 33, and § 8 (о and ё after sibilants in borrowed words) from § 3 and § 4.
///
/// A look, not a dictionary: it is asked only about a word a mistake was made in, to choose
/// which of two paragraphs to read first.
enum BorrowedLook {
    static func looksBorrowed(_ word: String) -> Bool {
        let whole = word.lowercased().replacingOccurrences(of: "ё", with: "е")
        // A noun in -ия (линия, стипендия): Russian nouns of its own stock end in -ие.
        if whole.count >= 5, whole.hasSuffix("ия") || whole.hasSuffix("ией"),
            let before = whole.dropLast(whole.hasSuffix("ия") ? 2 : 3).last, !"аоуыэеюяи".contains(before)
        {
            return true
        }
        let s = stem(of: whole)
        let letters = Array(s)
        guard letters.count >= 4 else { return false }
        if s.contains("э") && !s.hasPrefix("эт") { return true }
        if s.contains("ф") || s.contains("дж") { return true }
        if letters[0] == "а" { return true }
        let vowels: Set<Character> = ["а", "о", "у", "ы", "и", "э"]
        // Two vowels side by side (чемпион, тротуар), unless a prefix's vowel meets the
        // root's (поезд, заехать).
        for k in 1..<letters.count
        where (vowels.contains(letters[k - 1]) && (vowels.contains(letters[k]) || letters[k] == "е"))
            || (letters[k - 1] == "е" && "оау".contains(letters[k]))
        {
            // и: стоит, воин; е after а, у, я: a verb's -ает, -ует (промокаемый).
            if letters[k] == "и" || (letters[k] == "е" && letters[k - 1] != "и") { continue }
            if k <= 4, Self.vowelPrefixes.contains(where: { $0.count == k && s.hasPrefix($0) }) { continue }
            return true
        }
        // A consonant doubled inside the root (пессимизм, коллекция), unless a prefix's last
        // letter meets the root's first (рассказ, ссылка) or it is -сск- (русский).
        for pair in ["пп", "сс", "лл", "мм", "тт", "кк", "рр", "фф", "бб", "гг", "зз"] {
            guard let r = s.range(of: pair) else { continue }
            let at = s.distance(from: s.startIndex, to: r.lowerBound)
            if Self.consonantPrefixes.contains(where: { $0.count == at + 1 && s.hasPrefix($0) }) { continue }
            if pair == "сс", s[r.upperBound...].hasPrefix("к") { continue }
            return true
        }
        // г, к or х before е inside the word (генерал, календарь).
        for k in 0..<(letters.count - 2) where "гкх".contains(letters[k]) && letters[k + 1] == "е" { return true }
        return ["изм", "ция", "ктор", "птор", "нтор", "атор", "итор", "нер", "ент", "ант", "ион", "граф", "метр", "олог"].contains {
            s.hasSuffix($0)
        }
    }

    private static let vowelPrefixes = ["по", "за", "на", "до", "про", "пере", "со", "во", "обо", "при", "пре", "не", "ни"]
    private static let consonantPrefixes = [
        "с", "рас", "бес", "вос", "ис", "рос", "без", "раз", "воз", "из", "роз", "чрес", "пред", "от", "под", "над", "об", "вз", "вс",
    ]

    /// The word without its ending, so that borrowed suffixes are seen at the end.
    private static func stem(of s: String) -> String {
        let endings = [
            "ованный", "ировать", "ованного", "ного", "ному", "ными", "ный", "ная", "ное", "ные", "ной", "ную", "ыми", "ого", "ому", "ами",
            "ями", "ах", "ях", "ом", "ем", "ой", "ей", "ью", "ия", "ии", "ию", "ией", "ать", "ять", "еть", "ить", "ы", "и", "а", "я", "у",
            "ю",
            "е", "о", "ь",
        ]
        for ending in endings where s.hasSuffix(ending) && s.count - ending.count >= 4 {
            return String(s.dropLast(ending.count))
        }
        return s
    }
}
