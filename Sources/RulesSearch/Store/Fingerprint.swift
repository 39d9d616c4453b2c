import RulesRegex

/// A 64-bit hash of a corpus's lines, which the binary form and the texts file both record
/// so that a search can tell whether the two were built from the same corpus (see
/// ``IndexLocation``): a rebuild puts its three files in place one after another, and a
/// search that opens them in between must not take one build's texts for the other's.
///
/// It is not a checksum against damage (each file checks its own structure) and not
/// Swift's `Hasher`, which is seeded anew in every process: a file written today must give
/// the same number to a search tomorrow, on another machine.
enum Fingerprint {
    /// The hash of one line: eight bytes at a time, each multiplied in and folded down, so
    /// that a corpus of megabytes costs well under a millisecond.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        let raw = UnsafeRawBufferPointer(bytes)
        var i = 0
        while i + 8 <= raw.count {
            step(&h, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
            i += 8
        }
        var tail: UInt64 = 0
        for k in i..<raw.count { tail |= UInt64(raw[k]) << (8 * UInt64(k - i)) }
        return mix(h ^ tail)
    }

    /// ``hash(_:)`` of the pieces joined, without joining them (the S2 file's pieces are as
    /// large as the file: a copy of them was a tenth of a build's peak memory).
    static func hash(pieces: [Bytes]) -> UInt64 {
        let total = pieces.reduce(0) { $0 + $1.count }
        var h = 0x9E37_79B9_7F4A_7C15 ^ UInt64(total)
        // A word can span pieces: its bytes are gathered in `carry` first.
        var carry: UInt64 = 0
        var carried = 0
        for piece in pieces {
            piece.withUnsafeBytes { raw in
                var i = 0
                while carried > 0, i < raw.count {
                    carry |= UInt64(raw[i]) << (8 * UInt64(carried))
                    carried += 1
                    i += 1
                    if carried == 8 {
                        step(&h, carry)
                        carry = 0
                        carried = 0
                    }
                }
                while i + 8 <= raw.count {
                    step(&h, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
                    i += 8
                }
                while i < raw.count {
                    carry |= UInt64(raw[i]) << (8 * UInt64(carried))
                    carried += 1
                    i += 1
                }
            }
        }
        return mix(h ^ carry)
    }

    /// One eight-byte word multiplied in and folded down.
    @inline(__always)
    private static func step(_ h: inout UInt64, _ word: UInt64) {
        h = (h ^ word) &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 32
    }

    /// The hash of a sequence: `combine(combine(start, a), b)` for lines a, b.
    static func combine(_ sequence: UInt64, _ next: UInt64) -> UInt64 {
        mix(sequence &* 0x0000_0100_0000_01B3 ^ next)
    }

    static let start: UInt64 = 0xCBF2_9CE4_8422_2325

    /// The finalizer of MurmurHash3: every bit of the input reaches every bit of the output.
    private static func mix(_ x: UInt64) -> UInt64 {
        var h = x
        h ^= h >> 33
        h = h &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h = h &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return h
    }
}
