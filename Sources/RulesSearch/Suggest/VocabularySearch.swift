/// The words of a ``Vocabulary`` within a cost of a word typed (``SpellingCost``).
///
/// The sorted words are walked as the paths of a trie: a word's table shares its first
/// rows with the word before it, as far as their beginnings agree, so only the rest is
/// computed; and when a row's smallest cost is over the limit, every word with that
/// beginning is passed over without a row more.
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
        var found: [Near] = []
        table.withUnsafeMutableBufferPointer { table in
            cost.fillFirstRow(in: table)
            // The table's rows are those of the first `valid` letters of word `previous`.
            var previous = 0, valid = 0
            var k = 0
            while k < count {
                let units = self.units(k)
                let before = self.units(previous)
                var common = 0
                while common < valid, common < units.count, before[common] == units[common] { common += 1 }
                var prunedAt: Int?
                for i in stride(from: common + 1, through: units.count, by: 1) where cost.fillRow(i, of: units, in: table) > limit {
                    prunedAt = i
                    break
                }
                previous = k
                if let depth = prunedAt {
                    // Rows 0..<depth are those of this word's first depth - 1 letters; every
                    // word that begins with its first depth letters costs too much.
                    valid = depth - 1
                    k += 1
                    while k < count, self.units(k).starts(with: units[0..<depth]) { k += 1 }
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
