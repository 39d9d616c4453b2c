/// The words of a ``Vocabulary`` within a cost of a word typed (``SpellingCost``).
///
/// The sorted words are walked as the paths of a trie: a word's table shares its first
/// rows with the word before it, as far as their beginnings agree, so only the rest is
/// computed; and when a row's smallest cost is over the limit, and the row before it is
/// too far over for the moves that skip a row (``SpellingCost/skipsARow``), every word with
/// that beginning is passed over without a row more.
extension Vocabulary {
    struct Near {
        let word: Int
        let cost: Int
    }

    func near(_ typed: [UInt16], within limit: Int) -> [Near] {
        guard !typed.isEmpty else { return [] }
        let cost = SpellingCost(typed: typed)
        let width = typed.count + 1
        var table = [Int](repeating: 0, count: (Self.longestWord + 1) * width)
        // Each row's smallest cost.
        var smallest = [Int](repeating: 0, count: Self.longestWord + 1)
        var found: [Near] = []
        table.withUnsafeMutableBufferPointer { table in
            cost.fillFirstRow(in: table)
            smallest[0] = table[0..<width].min()!
            // The table's rows are those of the first `valid` letters of word `previous`.
            var previous = 0
            var valid = 0
            var k = 0
            while k < count {
                let units = self.units(k)
                let before = self.units(previous)
                var common = 0
                while common < valid, common < units.count, before[common] == units[common] { common += 1 }
                var prunedAt: Int?
                for i in stride(from: common + 1, through: units.count, by: 1) {
                    smallest[i] = cost.fillRow(i, of: units, in: table)
                    if smallest[i] > limit, smallest[i - 1] + SpellingCost.skipsARow > limit {
                        prunedAt = i
                        break
                    }
                }
                previous = k
                if let depth = prunedAt {
                    // Rows 0..<depth are those of this word's first depth - 1 letters; every
                    // word that begins with its first depth letters costs too much.
                    valid = depth - 1
                    k = end(of: units[0..<depth], after: k)
                    continue
                }
                valid = units.count
                if table[units.count * width + typed.count] <= limit {
                    found.append(Near(word: k, cost: table[units.count * width + typed.count]))
                }
                k += 1
            }
        }
        return found
    }
}

extension Vocabulary {
    /// The first word after word `k` that does not begin with `beginning`, which word `k`
    /// begins with: the sorted words that do lie together, found by a binary search.
    func end(of beginning: Slice<UnsafeBufferPointer<UInt16>>, after k: Int) -> Int {
        // Most such runs are short: steps doubling from `k` find one, then a binary search
        // within the last step.
        var step = 1
        while k + step < count, units(k + step).starts(with: beginning) { step *= 2 }
        var low = k + step / 2 + 1
        var high = min(k + step, count)
        while low < high {
            let middle = (low + high) / 2
            if units(middle).starts(with: beginning) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether `word` (code units, ё as е) is one of the vocabulary's words.
    func contains(_ word: [UInt16]) -> Bool {
        index(of: word) != nil
    }

    /// Which of the vocabulary's words `word` (code units, ё as е) is: a binary search of
    /// the sorted words.
    func index(of word: [UInt16]) -> Int? {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            let units = self.units(middle)
            if units.elementsEqual(word) { return middle }
            if units.lexicographicallyPrecedes(word) { low = middle + 1 } else { high = middle }
        }
        return nil
    }
}
