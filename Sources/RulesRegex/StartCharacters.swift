/// The characters a pattern's match can start with, as a table, so that a global search can
/// move past text where no match can start without asking the engine at each character.
///
/// PCRE2 does the same inside with its start bitmap, but in UTF-8 mode the bitmap knows a
/// character beyond ASCII by its first byte only: for the indexer's `[^\-а-яё0-9a-z\^]+`
/// every Cyrillic letter shares its first byte with characters that may start a match, so
/// the JIT starts an attempt at every letter of every word. The table here is by code point
/// for every one- and two-byte character.
///
/// Only attempts that cannot succeed are left out: the engine still starts its search at the
/// place found and decides every match (see ``MatchPrefilter`` for the same principle).
public struct StartCharacters: Sendable {
    /// By code point, for every one- and two-byte character: whether a match can start
    /// with it. Characters beyond the table (three and four bytes) always may.
    private let table: [Bool]

    /// The table for a `/u` pattern, or `nil` when its structure does not tell (a match can
    /// be empty, start with a caseless or unmodelled item, or must start where the search
    /// stands: `/A`, `\G`), or when any character may start a match. Not for a pattern
    /// without `/u`: there PCRE2's own bitmap is by byte, as exact as this table and faster.
    init?(pattern: PHPPattern) {
        guard pattern.options.contains(.utf), !pattern.options.contains(.extended),
              !pattern.isAnchoredAtSearchStart else { return nil }
        let size: UInt32 = 0x800
        guard var parser = try? PCREParser(body: pattern.body, options: pattern.options),
              let tree = try? parser.parseTopLevel(),
              tree.lengths.min > 0,
              let first = Self.firstCharacters(of: tree, below: size) else { return nil }
        var table = [Bool](repeating: false, count: Int(size))
        for range in first { for c in range { table[Int(c)] = true } }
        if table.allSatisfy({ $0 }) { return nil }
        self.table = table
    }

    /// The characters below `size` that the first character of a match of `node` (which
    /// consumes at least one) can be, as ranges; `nil` when not known.
    private static func firstCharacters(of node: Node, below size: UInt32) -> [ClosedRange<UInt32>]? {
        switch node {
        case .literal(let c, let caseless):
            if caseless { return nil }
            return c < size ? [c...c] : []
        case .charClass(let cls):
            guard !cls.caseless, cls.properties.isEmpty else { return nil }
            let inside = cls.ranges.compactMap { r in r.lowerBound < size ? r.lowerBound...min(r.upperBound, size - 1) : nil }
            guard cls.negated else { return inside }
            // What the ranges leave out, below `size`.
            var outside: [ClosedRange<UInt32>] = []
            var next: UInt32 = 0
            for r in inside.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if r.lowerBound > next { outside.append(next...(r.lowerBound - 1)) }
                next = max(next, r.upperBound + 1)
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

    /// The first offset from `offset` (a character boundary) where a match can start: the
    /// start of a character the table allows, or of one beyond it; `subject.count` when
    /// there is none. The subject is valid UTF-8 (``Preg`` checks it first).
    @inline(__always)
    func next(from offset: Int, in subject: UnsafeBufferPointer<UInt8>) -> Int {
        table.withUnsafeBufferPointer { table in
            var i = offset
            let n = subject.count
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
