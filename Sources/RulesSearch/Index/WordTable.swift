import Foundation
import RulesRegex

/// Distinct byte strings, numbered from 0 in the order they were first added.
///
/// The indexer meets every word of a corpus (man-ru: 169,000 words, 17,000 distinct) and
/// needs, for each, the number of its first meeting: that order is the order of PHP's
/// arrays. A `Dictionary` of byte-string keys would allocate a key per distinct word and
/// hash each word with SipHash; this table copies the words into one buffer, hashes eight
/// bytes at a time and probes an open-addressing table of numbers, so that adding a word
/// already met allocates nothing.
struct WordTable {
    /// The words end to end; word `i` is `bytes[ends[i - 1]..<ends[i]]`.
    private(set) var bytes: Bytes = []
    private var ends: [Int] = []
    private var hashes: [UInt64] = []
    /// Word numbers by hash, -1 where empty; the count is a power of two, at most half full.
    private var buckets: [Int32]

    init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        buckets = Array(repeating: -1, count: size)
        ends.reserveCapacity(capacity)
        hashes.reserveCapacity(capacity)
    }

    var count: Int { ends.count }

    /// The bytes of word `i`.
    func word(_ i: Int) -> ArraySlice<UInt8> {
        bytes[(i == 0 ? 0 : ends[i - 1])..<ends[i]]
    }

    /// The number of `word`, added at the end when new.
    mutating func add(_ word: UnsafeBufferPointer<UInt8>) -> Int {
        let hash = Self.hash(word)
        let mask = buckets.count - 1
        var b = Int(truncatingIfNeeded: hash) & mask
        while true {
            let n = Int(buckets[b])
            if n < 0 { break }
            if hashes[n] == hash, equals(n, word) { return n }
            b = (b + 1) & mask
        }
        let n = ends.count
        buckets[b] = Int32(n)
        bytes.append(contentsOf: word)
        ends.append(bytes.count)
        hashes.append(hash)
        if ends.count * 2 > buckets.count { grow() }
        return n
    }

    /// The number of `word`, or `nil` when it was never added.
    func find(_ word: UnsafeBufferPointer<UInt8>) -> Int? {
        let hash = Self.hash(word)
        let mask = buckets.count - 1
        var b = Int(truncatingIfNeeded: hash) & mask
        while true {
            let n = Int(buckets[b])
            if n < 0 { return nil }
            if hashes[n] == hash, equals(n, word) { return n }
            b = (b + 1) & mask
        }
    }

    mutating func add(_ word: Bytes) -> Int {
        word.withUnsafeBufferPointer { add($0) }
    }

    func equals(_ n: Int, _ word: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = n == 0 ? 0 : ends[n - 1]
        let count = word.count
        guard ends[n] - start == count else { return false }
        guard count > 0 else { return true }
        return bytes.withUnsafeBufferPointer { stored in
            let a = UnsafeRawPointer(stored.baseAddress! + start)
            let b = UnsafeRawPointer(word.baseAddress!)
            // Eight bytes at a time, the last load overlapping the one before (four bytes
            // twice for a shorter word): a word is short, and a call to memcmp costs more.
            if count >= 8 {
                var i = 0
                while i + 8 < count {
                    guard
                        a.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                            == b.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    else { return false }
                    i += 8
                }
                return a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                    == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            }
            if count >= 4 {
                return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                    && a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                        == b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            }
            return memcmp(a, b, count) == 0
        }
    }

    private mutating func grow() {
        buckets = Array(repeating: -1, count: buckets.count * 2)
        let mask = buckets.count - 1
        for (n, hash) in hashes.enumerated() {
            var b = Int(truncatingIfNeeded: hash) & mask
            while buckets[b] >= 0 { b = (b + 1) & mask }
            buckets[b] = Int32(n)
        }
    }

    /// A multiply-xorshift hash over eight-byte loads: fast for the short words of a text,
    /// and good enough for a table that compares whole words on a hash match. The bytes
    /// after the last full eight are read by one load that overlaps the one before (or, in
    /// a shorter word, by two overlapping four-byte loads, or by its first, middle and last
    /// bytes): never a byte outside the word, and no loop over the tail.
    static func hash(_ word: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = word.count
        var h = UInt64(count) &* 0x9E37_79B9_7F4A_7C15
        guard let base = word.baseAddress, count > 0 else { return h }
        let raw = UnsafeRawPointer(base)
        let tail: UInt64
        if count >= 8 {
            var i = 0
            while i + 8 <= count {
                h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
                h ^= h >> 31
                i += 8
            }
            if i == count { return h ^ (h >> 29) }
            tail = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            tail =
                UInt64(raw.loadUnaligned(as: UInt32.self))
                | UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32
        } else {
            tail = UInt64(base[0]) | UInt64(base[count / 2]) << 8 | UInt64(base[count - 1]) << 16
        }
        h = (h ^ tail) &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 29)
    }
}

/// Calls `body` with each word of `text` between single spaces, leaving out empty ones:
/// `Indexer::str_to_array`'s `explode(' ', ...)` and `array_filter(..., 'strlen')`.
@inline(__always)
func forEachSpaceSeparatedWord(_ text: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    guard let base = text.baseAddress else { return }
    var start = 0
    let n = text.count
    while start < n {
        // The next space, eight bytes at a time (see ``ByteScan``).
        let space = ByteScan.firstIndex(in: text, from: start, marks: { ByteScan.equal($0, 0x20) }, isStop: { $0 == 0x20 })
        if space > start { body(UnsafeBufferPointer(start: base + start, count: space - start)) }
        start = space + 1
    }
}
