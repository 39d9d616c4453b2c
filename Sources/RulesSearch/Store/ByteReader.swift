import Foundation
import RulesRegex

/// Reads little-endian numbers and byte strings from a buffer, `nil` past its end. The
/// buffer's owner (a ``FileBytes``) must outlive the reader.
struct ByteReader {
    let buffer: UnsafeRawBufferPointer
    var position: Int

    init(_ bytes: FileBytes, position: Int = 0) {
        buffer = bytes.buffer
        self.position = position
    }

    /// Bytes left after the position: a bound on what a count read here can describe.
    var remaining: Int { max(buffer.count - position, 0) }

    private mutating func take(_ n: Int) -> Int? {
        guard n >= 0, position >= 0, buffer.count - position >= n else { return nil }
        defer { position += n }
        return position
    }

    mutating func bytes(_ n: Int) -> Bytes? {
        take(n).map { Bytes(UnsafeRawBufferPointer(rebasing: buffer[$0..<($0 + n)])) }
    }

    /// Moves past `n` bytes; `false` when there are fewer.
    mutating func skip(_ n: Int) -> Bool {
        take(n) != nil
    }

    /// Reads `n` bytes and tells how they compare with `key`: `nil` past the end.
    mutating func compare(_ n: Int, with key: Bytes) -> Int? {
        guard let start = take(n) else { return nil }
        let common = min(n, key.count)
        let order = key.withUnsafeBytes { k in
            common == 0 ? 0 : Int(memcmp(buffer.baseAddress! + start, k.baseAddress!, common))
        }
        return order != 0 ? order : n - key.count
    }

    mutating func uint8() -> UInt8? {
        take(1).map { buffer[$0] }
    }

    mutating func uint32() -> UInt32? {
        take(4).map { UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: $0, as: UInt32.self)) }
    }

    mutating func uint64() -> UInt64? {
        take(8).map { UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: $0, as: UInt64.self)) }
    }
}
