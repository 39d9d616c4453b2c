import RulesRegex

/// Finding the next byte that matters in a long run of bytes that do not, eight bytes at a
/// time (SWAR): strip_tags' plain text, a JSON string's plain characters.
///
/// In a 64-bit word `x`, `(x - 0x0101…) & ~x & 0x8080…` sets the top bit of each zero byte,
/// and of bytes below `n` with `n·0x0101…` in place of `0x0101…`. A borrow can also mark a
/// byte above a true one, never below: so the lowest marked byte is always true, and that
/// is the only one used. "Lowest" is first in memory on a little-endian machine; elsewhere
/// the bytes are looked at one by one.
enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The top bit of each byte of `word` equal to `b`.
    @inline(__always)
    static func equal(_ word: UInt64, _ b: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(b))
        return (x &- ones) & ~x & highs
    }

    /// The top bit of each byte of `word` below `n` (at most 0x80).
    @inline(__always)
    static func below(_ word: UInt64, _ n: UInt8) -> UInt64 {
        (word &- ones &* UInt64(n)) & ~word & highs
    }

    /// The first index from `start` whose byte `isStop` accepts, or `bytes.count`;
    /// `marks` gives, for a word, the top bits of the bytes `isStop` accepts.
    @inline(__always)
    static func firstIndex(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int,
        marks: (UInt64) -> UInt64, isStop: (UInt8) -> Bool
    ) -> Int {
        var j = start
        #if _endian(little)
            if let base = bytes.baseAddress {
                let raw = UnsafeRawPointer(base)
                while j + 8 <= bytes.count {
                    let found = marks(raw.loadUnaligned(fromByteOffset: j, as: UInt64.self))
                    if found != 0 { return j + found.trailingZeroBitCount >> 3 }
                    j += 8
                }
            }
        #endif
        while j < bytes.count, !isStop(bytes[j]) { j += 1 }
        return j
    }
}
