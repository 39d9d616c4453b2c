/// How far a word typed is from a word of the vocabulary: the edit distance with adjacent
/// transpositions (optimal string alignment), where the mistakes people make in Russian
/// spelling cost half an edit: an unstressed vowel written for another (а/о, е/и, е/я, и/я,
/// и/ы), ь for ъ and back, з for с in a prefix (the first four letters: «безполезный»,
/// «расчёт»/«разчёт»), a consonant doubled or left single («класный»), ь or ъ left out or
/// added, and an unpronounced consonant left out: т or д after с, з or н («чесный»,
/// «празник»), л before н («сонце»), в before с («чуство»), д before ц («серце»); о for
/// ё (е), я for а and ю for у after ж, ш, ч, щ, ц and back («жолтый», «шёколад», «чяща»,
/// «щюка»), щ for сч or зч and back
/// («щастье»). A letter typed for the key beside it on the Russian keyboard costs three
/// quarters: a slip of the finger is likelier than any other letter.
///
/// Costs are counted in quarters of an edit (an edit is 4), so that they add up exactly.
/// Words are compared as UTF-16 code units with ё as е: the vocabulary is kept so.
///
/// Every cost depends only on the letters up to the one it is for, so that the rows of
/// the table for a word are those of any word with the same beginning: ``Vocabulary``
/// walks its sorted words reusing them (see ``Suggester``).
package struct SpellingCost {
    package static let edit = 4
    package static let half = 2

    let typed: [UInt16]
    /// The substitution cost of each Cyrillic letter а…я (the vocabulary's letter) for
    /// each letter typed, as far as it depends on those two alone: row `c` is the letter
    /// U+0430 + c. The inner loop reads it instead of working the cost out.
    private let letterCosts: [Int]

    package init(typed: [UInt16]) {
        self.typed = typed
        gapOfTyped = typed.indices.map { Self.gap(typed[$0], after: $0 > 0 ? typed[$0 - 1] : 0) }
        var costs = [Int](repeating: 0, count: 32 * typed.count)
        for c in 0..<32 {
            for (j, t) in typed.enumerated() { costs[c * typed.count + j] = Self.letterCost(0x430 + UInt16(c), t) }
        }
        letterCosts = costs
    }

    // Letters as UTF-16 units, as literals: the inner loop reads them as constants.
    private static let z: UInt16 = 0x437, s: UInt16 = 0x441, n: UInt16 = 0x43D, t: UInt16 = 0x442, d: UInt16 = 0x434
    private static let soft: UInt16 = 0x44C, hard: UInt16 = 0x44A
    private static let l: UInt16 = 0x43B, v: UInt16 = 0x432, ts: UInt16 = 0x446
    private static let o: UInt16 = 0x43E, e: UInt16 = 0x435, shch: UInt16 = 0x449, ch: UInt16 = 0x447
    private static let letterA: UInt16 = 0x430, ya: UInt16 = 0x44F, letterU: UInt16 = 0x443, yu: UInt16 = 0x44E

    /// Whether `silent` before `next` is a consonant people leave out because it is not
    /// heard: л in «лн», в in «вс», д in «дц» (т and д after с, з, н are ``gap(_:after:)``'s).
    static func isSilent(_ silent: UInt16, before next: UInt16) -> Bool {
        (silent == l && next == n) || (silent == v && next == s) || (silent == d && next == ts)
    }

    /// ж, ш, ч, щ, ц: after them о and ё (е) are confused.
    static func isSibilant(_ c: UInt16) -> Bool {
        c == 0x436 || c == 0x448 || c == 0x447 || c == 0x449 || c == 0x446
    }

    /// The pairs of letters confused for each other: an unstressed vowel, ь and ъ.
    private static let cheapPairs = ["ао", "еи", "ея", "ия", "иы", "ьъ"].map { Array($0.utf16) }
    /// Keys side by side on a row of the Russian keyboard.
    private static let keyboardRows = ["йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю"].map { Array($0.utf16) }
    static let neighbourKey = 3
    /// The least a move from two rows back costs beyond the row between (a silent
    /// consonant, щ for сч): a row over the limit cuts off the words that begin so only when
    /// the row before it is over the limit by less than this.
    static let skipsARow = half

    /// Replacing `a` by `b`, as far as it depends on those two letters alone.
    private static func letterCost(_ a: UInt16, _ b: UInt16) -> Int {
        if a == b { return 0 }
        if cheapPairs.contains(where: { ($0[0] == a && $0[1] == b) || ($0[0] == b && $0[1] == a) }) { return half }
        for row in keyboardRows {
            if let k = row.firstIndex(of: a), (k > 0 && row[k - 1] == b) || (k + 1 < row.count && row[k + 1] == b) { return neighbourKey }
        }
        return edit
    }

    /// Replacing `a` (at `i` in the vocabulary's word, after `previous`) by `b` (at `j` in
    /// the word typed).
    static func substitution(_ a: UInt16, _ b: UInt16, _ i: Int, _ j: Int, after previous: UInt16) -> Int {
        if a == b { return 0 }
        if i < 4, j < 4, (a == z && b == s) || (a == s && b == z) { return half }
        if isSibilant(previous),
            (a == e && b == o) || (a == o && b == e) || (a == ya && b == letterA) || (a == letterA && b == ya)
                || (a == yu && b == letterU) || (a == letterU && b == yu)
        {
            return half
        }
        return letterCost(a, b)
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
        let row = i * width
        let previous = row - width
        let twoBack = previous - width
        let letter = word[i - 1]
        let before = i >= 2 ? word[i - 2] : 0
        let gapOfLetter = Self.gap(letter, after: before)
        table[row] = table[previous] + gapOfLetter
        var smallest = table[row]
        // A row whose substitutions depend on more than its letter and the one typed (з and
        // с in the first letters, е and о after a sibilant) works each one out.
        let special =
            (i <= 4 && (letter == Self.z || letter == Self.s))
            || ((letter == Self.e || letter == Self.o || letter == Self.letterA || letter == Self.ya || letter == Self.letterU
                || letter == Self.yu)
                && Self.isSibilant(before))
        // The moves that only some letters make, known for the row.
        let silent = i >= 2 && Self.isSilent(before, before: letter)
        let chAfterSibilant = i >= 2 && letter == Self.ch && (before == Self.s || before == Self.z)
        let shch = letter == Self.shch
        let cyrillic = letter &- 0x430 < 32
        let costs = cyrillic ? Int(letter &- 0x430) * typed.count : 0
        typed.withUnsafeBufferPointer { typed in
            gapOfTyped.withUnsafeBufferPointer { gapOfTyped in
                letterCosts.withUnsafeBufferPointer { letterCosts in
                    for j in 1..<width {
                        let t = typed[j - 1]
                        let substitution =
                            special
                            ? Self.substitution(letter, t, i - 1, j - 1, after: before)
                            : cyrillic ? letterCosts[costs + j - 1] : letter == t ? 0 : Self.edit
                        var best = table[previous + j - 1] + substitution
                        best = min(best, table[previous + j] + gapOfLetter)
                        best = min(best, table[row + j - 1] + gapOfTyped[j - 1])
                        if before == t, letter != t, j >= 2, i >= 2, letter == typed[j - 2] {
                            best = min(best, table[twoBack + j - 2] + Self.edit)
                        }
                        // The word's silent consonant left out before the letter typed.
                        if silent, letter == t {
                            best = min(best, table[twoBack + j - 1] + Self.half)
                        }
                        // щ typed for the word's сч or зч.
                        if chAfterSibilant, t == Self.shch {
                            best = min(best, table[twoBack + j - 1] + Self.half)
                        }
                        // сч typed for the word's щ.
                        if shch, t == Self.ch, j >= 2, typed[j - 2] == Self.s {
                            best = min(best, table[previous + j - 2] + Self.half)
                        }
                        table[row + j] = best
                        smallest = min(smallest, best)
                    }
                }
            }
        }
        return smallest
    }

    /// The cost of leaving out each letter of `typed`.
    private let gapOfTyped: [Int]

    /// Row 0: `typed`'s beginnings against no letter.
    func fillFirstRow(in table: UnsafeMutableBufferPointer<Int>) {
        table[0] = 0
        for j in 0..<typed.count { table[j + 1] = table[j] + gapOfTyped[j] }
    }

    /// The whole cost of `typed` against `word` (for tests and single checks).
    package func cost(_ word: [UInt16]) -> Int {
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
