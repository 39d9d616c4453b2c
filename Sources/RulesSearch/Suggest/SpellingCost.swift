/// How far a word typed is from a word of the vocabulary: the edit distance with adjacent
/// transpositions (optimal string alignment), where the mistakes people make in Russian
/// spelling cost half an edit: an unstressed vowel written for another (а/о, е/и, е/я, и/я,
/// и/ы), ь for ъ and back, з for с in a prefix (the first four letters: «безполезный»,
/// «расчёт»/«разчёт»), a consonant doubled or left single («класный»), ь or ъ left out or
/// added, and an unpronounced т or д after с, з or н («чесный», «празник»).
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

    /// Replacing `a` (at `i` in one word) by `b` (at `j` in the other).
    static func substitution(_ a: UInt16, _ b: UInt16, _ i: Int, _ j: Int) -> Int {
        if a == b { return 0 }
        if cheapPairs.contains(UInt32(a) << 16 | UInt32(b)) { return half }
        if i < 4, j < 4, (a == z && b == s) || (a == s && b == z) { return half }
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
            var best = table[previous + j - 1] + Self.substitution(letter, t, i - 1, j - 1)
            best = min(best, table[previous + j] + gapOfLetter)
            best = min(best, table[row + j - 1] + gapOfTyped[j - 1])
            if i >= 2, j >= 2, letter == typed[j - 2], before == t, letter != t {
                best = min(best, table[twoBack + j - 2] + Self.edit)
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
