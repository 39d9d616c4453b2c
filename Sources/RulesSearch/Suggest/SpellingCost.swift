/// How far a word typed is from a word of the vocabulary: the edit distance with adjacent
/// transpositions (optimal string alignment), where the mistakes people make in Russian
/// spelling cost half an edit: an unstressed vowel written for another (а/о, е/и, е/я, и/я,
/// и/ы), ь for ъ and back, з for с in a prefix (the first four letters: «безполезный»,
/// «расчёт»/«разчёт»), a consonant doubled or left single («класный»), ь or ъ left out or
/// added, and an unpronounced consonant left out: т or д after с, з or н («чесный»,
/// «празник»), л before н («сонце»), в before с («чуство»), д before ц («серце»); о for
/// ё (е) after ж, ш, ч, щ, ц and back («жолтый», «шёколад»), щ for сч or зч and back
/// («щастье»). A letter typed for the key beside it on the Russian keyboard costs three
/// quarters: a slip of the finger is likelier than any other letter.
///
/// Costs are counted in quarters of an edit (an edit is 4), so that they add up exactly.
/// Words are compared as UTF-16 code units with ё as е: the vocabulary is kept so.
///
/// Every cost depends only on the letters up to the one it is for, so that the rows of
/// the table for a word are those of any word with the same beginning: ``Vocabulary``
/// walks its sorted words reusing them (see ``Suggester``).
struct SpellingCost {
    static let edit = 4
    static let half = 2

    let typed: [UInt16]

    init(typed: [UInt16]) {
        self.typed = typed
        _gapOfTyped = typed.indices.map { Self.gap(typed[$0], after: $0 > 0 ? typed[$0 - 1] : 0) }
    }

    // Letters as UTF-16 units.
    private static func u(_ s: String) -> UInt16 { s.utf16.first! }
    private static let cheapPairs: Set<UInt32> = {
        var set = Set<UInt32>()
        for pair in ["ао", "еи", "ея", "ия", "иы", "ьъ"] {
            let units = Array(pair.utf16)
            set.insert(UInt32(units[0]) << 16 | UInt32(units[1]))
            set.insert(UInt32(units[1]) << 16 | UInt32(units[0]))
        }
        return set
    }()
    private static let z = u("з"), s = u("с"), n = u("н"), t = u("т"), d = u("д")
    private static let soft = u("ь"), hard = u("ъ")
    private static let l = u("л"), v = u("в"), ts = u("ц")

    /// Whether `silent` before `next` is a consonant people leave out because it is not
    /// heard: л in «лн», в in «вс», д in «дц» (т and д after с, з, н are ``gap(_:after:)``'s).
    static func isSilent(_ silent: UInt16, before next: UInt16) -> Bool {
        (silent == l && next == n) || (silent == v && next == s) || (silent == d && next == ts)
    }

    private static let o = u("о"), e = u("е"), shch = u("щ"), ch = u("ч")
    private static let sibilants: Set<UInt16> = Set("жшчщц".utf16)
    /// Keys side by side on a row of the Russian keyboard.
    private static let neighbours: Set<UInt32> = {
        var set = Set<UInt32>()
        for row in ["йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю"] {
            let keys = Array(row.utf16)
            for k in 1..<keys.count {
                set.insert(UInt32(keys[k - 1]) << 16 | UInt32(keys[k]))
                set.insert(UInt32(keys[k]) << 16 | UInt32(keys[k - 1]))
            }
        }
        return set
    }()
    static let neighbourKey = 3
    /// The least a move from two rows back costs beyond the row between (a silent
    /// consonant, щ for сч): a row over the limit cuts off the words that begin so only when
    /// the row before it is over the limit by less than this.
    static let skipsARow = half

    /// Replacing `a` (at `i` in the vocabulary's word, after `previous`) by `b` (at `j` in
    /// the word typed).
    static func substitution(_ a: UInt16, _ b: UInt16, _ i: Int, _ j: Int, after previous: UInt16) -> Int {
        if a == b { return 0 }
        let pair = UInt32(a) << 16 | UInt32(b)
        if cheapPairs.contains(pair) { return half }
        if i < 4, j < 4, (a == z && b == s) || (a == s && b == z) { return half }
        if (a == e && b == o) || (a == o && b == e), sibilants.contains(previous) { return half }
        if neighbours.contains(pair) { return neighbourKey }
        return edit
    }

    /// Leaving out or adding letter `c` of a word, `previous` before it (0 at the start).
    static func gap(_ c: UInt16, after previous: UInt16) -> Int {
        if c == previous || c == soft || c == hard { return half }
        if (c == t || c == d) && (previous == s || previous == z || previous == n) { return half }
        return edit
    }

    /// Row `i` of the table in `table` (rows of `typed.count + 1` cells, one after
    /// another): the cost of each beginning of `typed` against the vocabulary word's first
    /// `i` letters, `word`, from rows `i - 1` and `i - 2` (for transpositions). Returns the
    /// row's smallest cost: when it is over the limit, so is every word that begins so.
    func fillRow(_ i: Int, of word: UnsafeBufferPointer<UInt16>, in table: UnsafeMutableBufferPointer<Int>) -> Int {
        let width = typed.count + 1
        let row = i * width, previous = row - width, twoBack = previous - width
        let letter = word[i - 1], before = i >= 2 ? word[i - 2] : 0
        let gapOfLetter = Self.gap(letter, after: before)
        table[row] = table[previous] + gapOfLetter
        var smallest = table[row]
        for j in 1..<width {
            let t = typed[j - 1]
            var best = table[previous + j - 1] + Self.substitution(letter, t, i - 1, j - 1, after: before)
            best = min(best, table[previous + j] + gapOfLetter)
            best = min(best, table[row + j - 1] + gapOfTyped[j - 1])
            if i >= 2, j >= 2, letter == typed[j - 2], before == t, letter != t {
                best = min(best, table[twoBack + j - 2] + Self.edit)
            }
            if i >= 2 {
                // The word's silent consonant left out before the letter typed.
                if letter == t, Self.isSilent(before, before: letter) {
                    best = min(best, table[twoBack + j - 1] + Self.half)
                }
                // щ typed for the word's сч or зч.
                if t == Self.shch, letter == Self.ch, before == Self.s || before == Self.z {
                    best = min(best, table[twoBack + j - 1] + Self.half)
                }
            }
            // сч typed for the word's щ.
            if j >= 2, letter == Self.shch, t == Self.ch, typed[j - 2] == Self.s {
                best = min(best, table[previous + j - 2] + Self.half)
            }
            table[row + j] = best
            smallest = min(smallest, best)
        }
        return smallest
    }

    /// The cost of leaving out each letter of `typed`.
    private var gapOfTyped: [Int] { _gapOfTyped }
    private let _gapOfTyped: [Int]

    /// Row 0: `typed`'s beginnings against no letter.
    func fillFirstRow(in table: UnsafeMutableBufferPointer<Int>) {
        table[0] = 0
        for j in 0..<typed.count { table[j + 1] = table[j] + gapOfTyped[j] }
    }

    /// The whole cost of `typed` against `word` (for tests and single checks).
    func cost(_ word: [UInt16]) -> Int {
        var table = [Int](repeating: 0, count: (word.count + 1) * (typed.count + 1))
        return table.withUnsafeMutableBufferPointer { table in
            word.withUnsafeBufferPointer { word in
                fillFirstRow(in: table)
                for i in stride(from: 1, through: word.count, by: 1) { _ = fillRow(i, of: word, in: table) }
                return table[(word.count + 1) * (typed.count + 1) - 1]
            }
        }
    }
}
