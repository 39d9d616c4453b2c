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

    /// The low 32 bits, as kept for each record of a word table.
    package static func short(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        UInt32(truncatingIfNeeded: of(bytes))
    }
}
