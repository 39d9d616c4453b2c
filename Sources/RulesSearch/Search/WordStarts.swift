import RulesRegex

/// Where in a prepared text a match of the snippet pattern can start, so that the pattern
/// is tried only there (see ``Finder/snippets(_:texts:)``).
///
/// The pattern is `(?<=[^a-zа-я]|^)(stem|stem...)[a-zа-я]*` with `/iu`, the stems joined
/// as they are. When every stem is a plain word (no regex metacharacter), a match is a
/// stem matched ignoring case, at a place the look-behind accepts:
///
/// - at the text's start, or after a character that is not one of A–Z, a–z, А–Я, а–я
///   (those are all in the class the look-behind rejects);
/// - where the text's characters equal the stem's ignoring case. PCRE2 and ICU compare one
///   character with one, so two *simple* characters (ASCII, А–Я, а–я, Ё, ё) are equal
///   ignoring case when their lower cases are; what else Unicode folds together (the
///   Kelvin sign with `k`, U+1C80 with `в`, ...) is never simple, and a character that is
///   not simple, in the text or in the stem, is taken to match, unless it is *uncased*:
///   punctuation, spaces and symbols (U+00A0–U+00BF but µ, U+2000–U+206F, arrows,
///   mathematical operators, №, × and ÷), which no Unicode version gives a case, so that
///   they equal only themselves.
///
/// So every start of a match is kept, and most places that cannot start one are not; the
/// pattern decides at each.
struct WordStarts: Equatable {
    /// The lists of starts: at a letter or digit, by its lower case (one list a slot, see
    /// ``slot(_:)``); then ``unusualList``, at a character beyond ASCII that is neither
    /// simple nor uncased; then ``uncasedList``, at an uncased character (a match starts
    /// there only for a stem that starts with a character that is not simple). `nil` for a
    /// list still in ``stored``.
    private var lists: [[Int]?]
    /// The lists as the texts file keeps them, each read when a query first needs it: a
    /// search reads a few lists of ten chapters.
    private let stored: Stored?
    /// For each start of a letter's list, the lower case of the character after the first:
    /// ``notSimple`` when it is not simple, ``noCharacter`` at the end of the text. Most
    /// places that cannot match a stem differ from it there. Worked out for a list when a
    /// stem first needs it.
    private var seconds = [[UInt32]?](repeating: nil, count: WordStarts.slotCount)

    private static let unusualList = slotCount
    private static let uncasedList = slotCount + 1
    private static let listCount = slotCount + 2

    private struct Stored {
        /// Keeps the mapping that `numbers` points into.
        let owner: FileBytes
        let numbers: UnsafeRawBufferPointer
        /// Where each list's positions begin among `numbers`, and how many there are.
        let first: [Int]
        let count: [Int]

        func number(_ i: Int) -> Int {
            Int(UInt32(littleEndian: numbers.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)))
        }
    }

    /// The same starts (what is remembered aside).
    static func == (a: WordStarts, b: WordStarts) -> Bool {
        (0..<listCount).allSatisfy { a.unchecked($0) == b.unchecked($0) }
    }

    init(_ text: Bytes) {
        var lists = [[Int]](repeating: [], count: Self.listCount)
        Self.scan(text) { list, position in lists[list].append(position) }
        self.lists = lists
        stored = nil
    }

    /// Calls `found(list, position)` for each start in `text`, in order.
    @inline(__always)
    private static func scan(_ text: Bytes, _ found: (Int, Int) -> Void) {
        text.withUnsafeBufferPointer { buffer in
            var previousIsLetter = false
            var i = 0
            // The text is valid UTF-8 (only such a text is searched this way); a bad one
            // is still never read past its end: a byte that leads nothing counts alone.
            Self.classes.withUnsafeBufferPointer { classes in
                while i < buffer.count {
                    // One- and two-byte characters by table; the rest as they come.
                    let b = buffer[i]
                    let c: UInt32
                    let length: Int
                    if b < 0x80 {
                        c = UInt32(b)
                        length = 1
                    } else if b >= 0xC2, b < 0xE0, i + 1 < buffer.count, buffer[i + 1] & 0xC0 == 0x80 {
                        c = UInt32(b & 0x1F) << 6 | UInt32(buffer[i + 1] & 0x3F)
                        length = 2
                    } else {
                        guard let (decoded, decodedLength) = Self.character(at: i, in: buffer) else { break }
                        if !previousIsLetter, let list = Self.classify(decoded).list { found(list, i) }
                        previousIsLetter = Self.isLetter(decoded)
                        i += max(decodedLength, 1)
                        continue
                    }
                    let known = classes[Int(c)]
                    if !previousIsLetter, known & 0x7FFF != 0 { found(Int(known & 0x7FFF) - 1, i) }
                    previousIsLetter = known & 0x8000 != 0
                    i += length
                }
            }
        }
    }

    /// Which rules found the stored lists: a change to what counts as a letter, simple or
    /// uncased must change it, so that lists stored by another version are not trusted.
    static let rulesVersion = 1
    /// Set in the first number of the stored form that names its lists (see
    /// ``encoded(of:)``); without it, the first form, every list's length in order.
    static let namedLists = 0x8000_0000

    /// The stored form of the starts in `text`: UInt32 ``rulesVersion`` with ``namedLists``
    /// set, the number of lists that hold a position, then for each of them (in the order of ``lists``) its
    /// number and its length, then the positions of each, all UInt32 little-endian. Only
    /// the lists that hold a position are named, so that a short chapter's starts take a
    /// few bytes, not a header for every list (the first form, version 1, gave each of the
    /// 164 lists its length: 664 bytes for a chapter of one word). Found in one pass
    /// without a list for each slot, the positions then put in their places: `rules index
    /// build` does this for every chapter.
    static func encoded(of text: Bytes) -> Bytes {
        var found: [UInt64] = []
        found.reserveCapacity(text.count / 4)
        var counts = [Int](repeating: 0, count: listCount)
        scan(text) { list, position in
            found.append(UInt64(list) << 32 | UInt64(position))
            counts[list] += 1
        }
        let named = (0..<listCount).filter { counts[$0] > 0 }
        // Where each list's next position goes, in bytes from the start.
        var next = [Int](repeating: 0, count: listCount)
        var at = 4 * (2 + 2 * named.count)
        for k in named {
            next[k] = at
            at += 4 * counts[k]
        }
        return Bytes(writingAtMost: at) { out in
            out.littleEndian(UInt32(namedLists | rulesVersion))
            out.littleEndian(UInt32(named.count))
            for k in named {
                out.littleEndian(UInt32(k))
                out.littleEndian(UInt32(truncatingIfNeeded: counts[k]))
            }
            out.skip(4 * found.count)
            for entry in found {
                let list = Int(entry >> 32)
                out.littleEndian(UInt32(truncatingIfNeeded: entry), at: next[list])
                next[list] += 4
            }
        }
    }

    /// The stored form in `raw`, a part of `owner`'s mapping; `nil` when its shape is
    /// wrong or another version stored it (then the lists are found again from the text).
    /// The first form (every list's length, in order) is read as well.
    /// Each list's positions are checked when it is read (see ``list(_:in:)``).
    init?(stored raw: UnsafeRawBufferPointer, in owner: FileBytes) {
        let numbers = raw.count / 4
        func number(_ i: Int) -> Int {
            Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)))
        }
        guard raw.count % 4 == 0, numbers >= 2 else { return nil }
        var first = [Int](repeating: 0, count: Self.listCount)
        var count = [Int](repeating: 0, count: Self.listCount)
        var next: Int
        let start: Int
        switch number(0) {
        case Self.namedLists | Self.rulesVersion:
            // The lists named, in increasing order, each with a position at least.
            let named = number(1)
            guard named <= Self.listCount, numbers >= 2 + 2 * named else { return nil }
            next = 2 + 2 * named
            start = next
            var previous = -1
            for i in 0..<named {
                let k = number(2 + 2 * i)
                let n = number(3 + 2 * i)
                guard k > previous, k < Self.listCount, n > 0 else { return nil }
                first[k] = next
                count[k] = n
                next += n
                previous = k
            }
        case Self.rulesVersion:
            guard number(1) == Self.listCount, numbers >= 2 + Self.listCount else { return nil }
            next = 2 + Self.listCount
            start = next
            for k in 0..<Self.listCount {
                first[k] = next
                count[k] = number(2 + k)
                next += count[k]
            }
        default:
            return nil
        }
        // Positions in all, and no more than the lists hold.
        guard next == numbers, next > start else { return nil }
        stored = Stored(owner: owner, numbers: raw, first: first, count: count)
        lists = [[Int]?](repeating: nil, count: Self.listCount)
    }

    /// List `k`, read from ``stored`` on first need; `nil` when a position there is out of
    /// order or not at the start of a character of `text` (PCRE2 must never be started
    /// inside one).
    private mutating func list(_ k: Int, in text: UnsafeBufferPointer<UInt8>) -> [Int]? {
        if let known = lists[k] { return known }
        guard let stored else { return nil }
        var list = [Int](repeating: 0, count: stored.count[k])
        var previous = -1
        for j in list.indices {
            let position = stored.number(stored.first[k] + j)
            guard position > previous, position < text.count, text[position] & 0xC0 != 0x80 else { return nil }
            list[j] = position
            previous = position
        }
        lists[k] = list
        return list
    }

    /// List `k` as it is, unchecked: for comparing and writing.
    private func unchecked(_ k: Int) -> [Int] {
        if let known = lists[k] { return known }
        guard let stored else { return [] }
        return (0..<stored.count[k]).map { stored.number(stored.first[k] + $0) }
    }

    /// The possible starts of a match of the snippet pattern for `stems` in `text` (the
    /// text this was made from), in order; `nil` when the stems are not plain words (a
    /// stem with a regex metacharacter, or an empty one, changes what the pattern means;
    /// then it is tried everywhere), or when a stored list is damaged.
    mutating func candidates(for stems: [Bytes], in text: Bytes) -> [Int]? {
        // Each stem as characters lower-cased, `notSimple` for one that is not simple.
        var stemsBySlot: [Int: [[UInt32]]] = [:]
        var anyStart = false
        for stem in stems {
            guard let first = stem.first, first != 0x2D, stem.allSatisfy(ReferencePatterns.Snippets.standsForItself),
                UTF8Bytes.isValid(stem)
            else {
                return nil
            }
            var characters: [UInt32] = []
            stem.withUnsafeBufferPointer { buffer in
                var i = 0
                while i < buffer.count {
                    let (c, length) = UTF8Bytes.decode(buffer, at: i)
                    characters.append(Self.simpleLowercase(c) ?? Self.notSimple)
                    i += length
                }
            }
            // A stem that starts with a character that is not simple may match where a
            // word starts with anything (ᲀ with в, say): then every start is kept.
            if characters[0] == Self.notSimple {
                anyStart = true
            } else {
                stemsBySlot[Self.slot(characters[0]), default: []].append(characters)
            }
        }
        return text.withUnsafeBufferPointer { buffer -> [Int]? in
            if anyStart {
                var all: [Int] = []
                for k in 0..<Self.listCount {
                    guard let list = list(k, in: buffer) else { return nil }
                    all += list
                }
                return all.sorted()
            }
            guard var starts = list(Self.unusualList, in: buffer) else { return nil }
            for (slot, group) in stemsBySlot {
                guard let list = list(slot, in: buffer) else { return nil }
                if seconds[slot] == nil { seconds[slot] = Self.seconds(of: list, in: buffer) }
                let second = seconds[slot]!
                var kept = [Bool](repeating: false, count: list.count)
                for stem in group {
                    stem.withUnsafeBufferPointer { stem in
                        // The second character first, where most places differ.
                        let wanted = stem.count > 1 ? stem[1] : Self.notSimple
                        for k in list.indices where !kept[k] {
                            let found = second[k]
                            if wanted != Self.notSimple, found != Self.notSimple, found != wanted { continue }
                            if Self.mayMatch(stem, buffer, at: list[k]) { kept[k] = true }
                        }
                    }
                }
                for k in list.indices where kept[k] { starts.append(list[k]) }
            }
            return starts.sorted()
        }
    }

    private static func seconds(of list: [Int], in buffer: UnsafeBufferPointer<UInt8>) -> [UInt32] {
        list.map { start in
            guard let (_, length) = character(at: start, in: buffer),
                let (second, _) = character(at: start + length, in: buffer)
            else { return noCharacter }
            return simpleLowercase(second) ?? notSimple
        }
    }

    /// Whether the text at `start` may match `stem` ignoring case: no two simple characters
    /// differ, and the text does not end first.
    private static func mayMatch(_ stem: UnsafeBufferPointer<UInt32>, _ text: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        var i = start
        for c in stem {
            guard let (t, length) = character(at: i, in: text) else { return false }
            if c != notSimple {
                if let folded = simpleLowercase(t) {
                    if folded != c { return false }
                } else if isUncased(t) {
                    return false
                }
            }
            i += length
        }
        return true
    }

    /// The character at byte `i` and its length; `nil` at the end. The texts searched are
    /// valid UTF-8; a bad one is still never read past its end (a byte that leads no
    /// character, or one cut short, counts alone as U+FFFD).
    private static func character(at i: Int, in text: UnsafeBufferPointer<UInt8>) -> (UInt32, Int)? {
        guard i < text.count else { return nil }
        let length = UTF8Bytes.sequenceLength(lead: text[i])
        guard length > 0, i + length <= text.count else { return (0xFFFD, 1) }
        return UTF8Bytes.decode(text, at: i)
    }

    /// Punctuation, spaces and symbols that have no case in any Unicode version.
    private static func isUncased(_ c: UInt32) -> Bool {
        switch c {
        case 0xA0...0xB4, 0xB6...0xBF, 0xD7, 0xF7, 0x2000...0x206F, 0x2116, 0x2190...0x22FF: return true
        default: return false
        }
    }

    private static let notSimple = UInt32.max
    private static let noCharacter = UInt32.max - 1

    /// Which list a word starting with `c` goes to (none for a character that is neither
    /// a letter nor a digit once lowered), and whether `c` is a letter.
    private static func classify(_ c: UInt32) -> (list: Int?, isLetter: Bool) {
        let list: Int?
        if let folded = simpleLowercase(c) {
            list = isLetterOrDigit(folded) ? slot(folded) : nil
        } else {
            list = isUncased(c) ? uncasedList : unusualList
        }
        return (list, isLetter(c))
    }

    /// ``classify(_:)`` of U+0000...U+07FF: the list plus one in the low bits (0 for
    /// none), the top bit set for a letter.
    private static let classes: [UInt16] = (0..<UInt32(0x800)).map { c in
        let (list, letter) = classify(c)
        return UInt16((list ?? -1) + 1) | (letter ? 0x8000 : 0)
    }

    private static func isLetter(_ c: UInt32) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x410 && c <= 0x44F)
    }

    private static func isLetterOrDigit(_ folded: UInt32) -> Bool {
        (folded >= 0x30 && folded <= 0x39) || (folded >= 0x61 && folded <= 0x7A) || folded >= 0x430
    }

    /// The lower case of a simple character (ASCII, А–Я, а–я, Ё, ё); `nil` for any other.
    private static func simpleLowercase(_ c: UInt32) -> UInt32? {
        switch c {
        case 0x41...0x5A, 0x410...0x42F: return c + 0x20
        case 0x401: return 0x451
        case 0...0x7F, 0x430...0x44F, 0x451: return c
        default: return nil
        }
    }

    /// Each lower-case letter and digit has a slot: ASCII by its code, U+0430...U+0451
    /// after it.
    private static let slotCount = 0x80 + 0x22
    private static func slot(_ folded: UInt32) -> Int {
        folded < 0x80 ? Int(folded) : 0x80 + Int(folded - 0x430)
    }
}
