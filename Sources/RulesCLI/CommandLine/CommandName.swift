/// The commands of `rules`, in the order help lists them.
enum CommandName: String, CaseIterable {
    case search, browse, titles, show, check, serve, stem, index
    case checkEngines = "check-engines"
    case completions, help

    /// The command `word` was most likely meant to be, typed slightly wrong (as git names
    /// the nearest): a Latin word of four letters or more, one edit from a command's name
    /// (a letter added, left out, changed, or two swapped). Anything else is not a command
    /// at all, and `rules` searches for it (`how`, `research`).
    static func nearest(to word: String) -> CommandName? {
        let typed = Array(word.lowercased().unicodeScalars)
        guard typed.count >= 4, typed.allSatisfy({ ($0 >= "a" && $0 <= "z") || $0 == "-" }) else { return nil }
        var best: (command: CommandName, distance: Int)?
        for command in allCases {
            let name = Array(command.rawValue.unicodeScalars)
            let distance = editDistance(typed, name)
            if distance <= 1, distance < best?.distance ?? .max { best = (command, distance) }
        }
        return best?.command
    }

    /// Edits from `a` to `b`: letters added, left out or changed, and two neighbours
    /// swapped (the optimal string alignment distance).
    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let change = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + change)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
                }
            }
        }
        return rows[a.count][b.count]
    }
}
