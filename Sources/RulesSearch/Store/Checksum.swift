import RulesRegex

/// A checksum against damage of the bytes of an index file: ``Fingerprint``'s hash, eight
/// bytes at a time, each step a bijection, so that any change within one aligned eight
/// bytes changes the sum for certain, and other changes all but certainly. The binary
/// form and the texts file keep one for each part a search reads, and check it when the
/// part is first read (see ``BinaryIndex`` and ``ChapterTexts``).
package enum Checksum {
    package static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        Fingerprint.hash(UnsafeBufferPointer(start: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: bytes.count))
    }

    package static func of(_ bytes: Bytes) -> UInt64 {
        bytes.withUnsafeBytes { of($0) }
    }

    /// ``of(_:)`` of the pieces joined.
    package static func of(pieces: [Bytes]) -> UInt64 {
        Fingerprint.hash(pieces: pieces)
    }

    /// A checksum of the same kind in four lanes, eight bytes each, 32 bytes a step: the
    /// four multiplications run side by side, about three times as fast as ``of(_:)`` on a
    /// file read whole at once (the vocabulary). Each lane's step is a bijection, and the
    /// lanes are joined by a bijection of each, so that a change within one aligned eight
    /// bytes still changes the sum for certain.
    package static func wide(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let k: UInt64 = 0xFF51_AFD7_ED55_8CCD
        var a = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var b = 0xC2B2_AE3D_27D4_EB4F ^ UInt64(bytes.count)
        var c = 0x1656_67B1_9E37_79F9 ^ UInt64(bytes.count)
        var d = 0x27D4_EB2F_1656_67C5 ^ UInt64(bytes.count)
        var i = 0
        while i + 32 <= bytes.count {
            a = (a ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))) &* k
            b = (b ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))) &* k
            c = (c ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self))) &* k
            d = (d ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self))) &* k
            a ^= a >> 32
            b ^= b >> 32
            c ^= c >> 32
            d ^= d >> 32
            i += 32
        }
        // The lanes in turn through one chain (each step a bijection of the chain), then
        // the bytes left.
        var h = a
        for lane in [b, c, d] { h = ((h ^ (h >> 29)) &* k) ^ lane }
        return Fingerprint.combine(h, of(UnsafeRawBufferPointer(rebasing: bytes[i...])))
    }

    /// The low 32 bits, as kept for each record of a word table.
    package static func short(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        UInt32(truncatingIfNeeded: of(bytes))
    }
}
