/// Where a pattern's match can start, as a table, so that a global search can move past
/// text where none can without asking the engine at each character.
///
/// PCRE2 does the same inside with its start bitmap, but in UTF-8 mode the bitmap knows a
/// character beyond ASCII by its first byte only: for the indexer's `[^\-а-яё0-9a-z\^]+`
/// every Cyrillic letter shares its first byte with characters that may start a match, so
/// the JIT starts an attempt at every letter of every word. The table here is by code point
/// for every one- and two-byte character. And a pattern that begins by looking behind for
/// one character, as the snippets' sentence break `(?<=[\.?!;])[ \n\t]+` does, can only
/// match after that character: PCRE2 tries every place its first character allows (every
/// space), the table finds the few after a sentence end.
///
/// Only attempts that cannot succeed are left out: the engine still starts its search at the
/// place found and decides every match (see ``MatchPrefilter`` for the same principle).
public struct StartCharacters: Sendable {
    private enum Kind {
        /// By code point, for every one- and two-byte character: whether a match can start
        /// with it. Characters beyond the table (three and four bytes) always may.
        case first
        /// By byte: whether a match can start right after it (an ASCII character in UTF-8).
        case after
    }
    private let kind: Kind
    private let table: [Bool]

    /// The table for `pattern`, or `nil` when its structure does not tell (a match can be
    /// empty, start with a caseless or unmodelled item, or must start where the search
    /// stands: `/A`, `\G`), or when any character may start a match. The first-character
    /// table is for `/u` patterns only: without `/u`, PCRE2's own bitmap is by byte, as
    /// exact as this table and faster. `tree` is the pattern's ``PHPPattern/syntaxTree``,
    /// which ``Preg`` parses once for this analysis and ``MatchPrefilter``'s.
    init?(pattern: PHPPattern, tree: Node?) {
        guard !pattern.isAnchoredAtSearchStart, let tree, tree.lengths.min > 0 else { return nil }
        let utf = pattern.options.contains(.utf)
        if let before = Self.characterBefore(tree, utf: utf) {
            kind = .after
            table = before
        } else if utf, let first = Self.firstCharacters(of: tree, below: 0x800) {
            var table = [Bool](repeating: false, count: 0x800)
            for range in first { for c in range { table[Int(c)] = true } }
            if table.allSatisfy({ $0 }) { return nil }
            kind = .first
            self.table = table
        } else {
            return nil
        }
    }

    /// For a pattern that starts with a look-behind for one character `(?<=[...])`, by
    /// byte, the characters it looks for (ASCII ones only in UTF-8, where a byte below
    /// 0x80 is a whole character and no other byte can be one of them); `nil` otherwise.
    private static func characterBefore(_ tree: Node, utf: Bool) -> [Bool]? {
        guard case .sequence(let items) = tree, let head = items.first,
            case .group(.lookbehind(negative: false), let inner) = head,
            inner.lengths.min == 1, inner.lengths.max == 1,
            let characters = firstCharacters(of: inner, below: 0x11_0000)
        else { return nil }
        var table = [Bool](repeating: false, count: 0x100)
        for range in characters {
            guard range.upperBound < (utf ? 0x80 : 0x100) else { return nil }
            for c in range { table[Int(c)] = true }
        }
        return table
    }

    /// The characters below `size` that the first character of a match of `node` (which
    /// consumes at least one) can be, as ranges (which may overlap); `nil` when not known.
    /// The ICU translation also reads it, to let ICU pass over positions where no branch
    /// of a long alternation can start.
    static func firstCharacters(of node: Node, below size: UInt32) -> [ClosedRange<UInt32>]? {
        switch node {
        case .literal(let c, let caseless):
            if caseless { return nil }
            return c < size ? [c...c] : []
        case .charClass(let cls):
            guard !cls.caseless, cls.properties.isEmpty else { return nil }
            let inside = cls.ranges.compactMap { r in r.lowerBound < size ? r.lowerBound...min(r.upperBound, size - 1) : nil }
            guard cls.negated else { return inside }
            // What the ranges leave out, below `size`: the gaps between them, joined.
            var outside: [ClosedRange<UInt32>] = []
            var next: UInt32 = 0
            for r in inside.merged {
                if r.lowerBound > next { outside.append(next...(r.lowerBound - 1)) }
                next = r.upperBound + 1
            }
            if next < size { outside.append(next...(size - 1)) }
            return outside
        case .group(let kind, let inner):
            return kind.isLookaround ? nil : firstCharacters(of: inner, below: size)
        case .sequence(let items):
            // Zero-width items (assertions, look-arounds) come before the first character
            // without taking it; an optional item may take it or leave it to what follows.
            var all: [ClosedRange<UInt32>] = []
            for item in items {
                let lengths = item.lengths
                if lengths.max == 0 { continue }
                var first = firstCharacters(of: item, below: size)
                if case .repeated(let inner, 0, _, _) = item { first = firstCharacters(of: inner, below: size) }
                guard let first else { return nil }
                all += first
                if lengths.min > 0 { return all }
            }
            return nil   // the sequence can match empty
        case .alternation(let branches):
            var all: [ClosedRange<UInt32>] = []
            for branch in branches {
                guard branch.lengths.min > 0, let first = firstCharacters(of: branch, below: size) else { return nil }
                all += first
            }
            return all
        case .repeated(let inner, let low, _, _):
            return low > 0 ? firstCharacters(of: inner, below: size) : nil
        case .empty, .assertion, .raw, .backReference:
            return nil
        }
    }

    /// The first offset from `offset` (a character boundary) where a match can start, or
    /// `subject.count` when there is none. The subject is valid UTF-8 for a `/u` pattern
    /// (``Preg`` checks it first).
    @inline(__always)
    func next(from offset: Int, in subject: UnsafeBufferPointer<UInt8>) -> Int {
        table.withUnsafeBufferPointer { table in
            let n = subject.count
            switch kind {
            case .after:
                // Right after the next byte looked for that is not before `offset`.
                var i = max(offset, 1) - 1
                while i < n, !table[Int(subject[i])] { i += 1 }
                return min(i + 1, n)
            case .first:
                var i = offset
                while i < n {
                    let b = subject[i]
                    if b < 0x80 {
                        if table[Int(b)] { return i }
                        i += 1
                    } else if b >= 0xC2, b < 0xE0, i + 1 < n {
                        if table[Int(b & 0x1F) << 6 | Int(subject[i + 1] & 0x3F)] { return i }
                        i += 2
                    } else {
                        return i
                    }
                }
                return n
            }
        }
    }
}

extension Array where Element == ClosedRange<UInt32> {
    /// The ranges sorted, with those that overlap or touch joined.
    var merged: [ClosedRange<UInt32>] {
        var out: [ClosedRange<UInt32>] = []
        for r in sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = out.last, r.lowerBound <= last.upperBound + 1 {
                out[out.count - 1] = last.lowerBound...Swift.max(last.upperBound, r.upperBound)
            } else {
                out.append(r)
            }
        }
        return out
    }
}
