import Foundation
import RulesRegex

/// The bytes of an index file, mapped into memory (or copied into a buffer of their own),
/// at an address that holds still for the life of the object.
///
/// The index files are read in place, a few records per search; a fixed address lets
/// ``ByteReader`` read them through a raw pointer, where reading through `Data` costs a
/// copy and a bounds dance for every number. The files are replaced by rename, never
/// rewritten in place, so a mapping never sees a file change under it.
final class FileBytes: @unchecked Sendable {
    let buffer: UnsafeRawBufferPointer
    private let isMapped: Bool

    struct OpenError: Error, CustomStringConvertible {
        let description: String
    }

    /// The file at `path` opened for reading, with its size; the caller closes it.
    private static func open(_ path: String) throws(OpenError) -> (fd: Int32, size: Int) {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw OpenError(description: "cannot open \(path): \(String(cString: strerror(errno)))") }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw OpenError(description: "cannot read \(path): \(reason)")
        }
        // A directory opens, but neither maps nor reads ("No such device").
        if info.st_mode & S_IFMT == S_IFDIR {
            close(fd)
            throw OpenError(description: "cannot read \(path): it is a directory")
        }
        return (fd, Int(info.st_size))
    }

    /// Maps the file at `path` for reading.
    init(contentsOf path: String) throws {
        let (fd, size) = try Self.open(path)
        defer { close(fd) }
        guard size > 0 else {
            buffer = UnsafeRawBufferPointer(start: nil, count: 0)
            isMapped = false
            return
        }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else {
            throw OpenError(description: "cannot map \(path): \(String(cString: strerror(errno)))")
        }
        buffer = UnsafeRawBufferPointer(start: address, count: size)
        isMapped = true
    }

    /// The whole file at `path`, read into an array: a file parsed once (a corpus, an S2
    /// index file). A line longer than `longestLine` bytes is an error as soon as that
    /// much of it is read: input without line breaks (`/dev/zero`, a binary file given by
    /// mistake) stops there instead of filling the memory.
    static func read(_ path: String, longestLine: Int = .max) throws(OpenError) -> Bytes {
        let (fd, size) = try open(path)
        defer { close(fd) }
        var bytes = Bytes()
        var lineStart = 0
        var chunkSize = max(size, 0) + 1   // one more, to see the end at once
        while true {
            var failure: Int32 = 0
            let chunk = Bytes(unsafeUninitializedCapacity: chunkSize) { buffer, count in
                let n = Glibc.read(fd, buffer.baseAddress, chunkSize)
                if n < 0 { failure = errno }
                count = max(n, 0)
            }
            if failure == EINTR { continue }
            if failure != 0 { throw OpenError(description: "cannot read \(path): \(String(cString: strerror(failure)))") }
            if chunk.isEmpty { return bytes }
            if let lastBreak = chunk.lastIndex(of: 0x0A) { lineStart = bytes.count + lastBreak + 1 }
            if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
            if bytes.count - lineStart > longestLine {
                let line = bytes[..<lineStart].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
                throw OpenError(description: "\(path): line \(line) is longer than \(longestLine >> 20) MiB, the most a line may have")
            }
            chunkSize = 1 << 16
        }
    }

    /// A copy of `bytes` (an index carried in memory, such as the built-in one).
    init<C: Collection>(copying bytes: C) where C.Element == UInt8 {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        // One memcpy for contiguous bytes (an array, `Data`); byte by byte otherwise.
        if bytes.withContiguousStorageIfAvailable({ copy.copyMemory(from: UnsafeRawBufferPointer($0)) }) == nil {
            _ = copy.initializeMemory(as: UInt8.self, from: bytes)
        }
        buffer = UnsafeRawBufferPointer(start: copy.baseAddress, count: bytes.count)
        isMapped = false
    }

    /// The bytes that `base64` (standard alphabet, `=` padding, nothing else) stands for,
    /// decoded straight into the buffer: the built-in index is carried this way and read on
    /// every run. `nil` when the text is not such base64.
    init?(base64: String) {
        var text = base64
        let decoded: UnsafeMutableRawBufferPointer? = text.withUTF8 { chars in
            guard chars.count % 4 == 0 else { return nil }
            let n = chars.count
            let padding = n == 0 || chars[n - 1] != 0x3D ? 0 : chars[n - 2] == 0x3D ? 2 : 1
            let size = n / 4 * 3 - padding
            let out = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 1), alignment: 16)
            let ok = Self.base64Values.withUnsafeBufferPointer { values -> Bool in
                var bad: UInt8 = 0
                var o = 0
                var i = 0
                // Every group but the last: four characters, three bytes.
                while i + 4 < n || (i + 4 == n && padding == 0) {
                    let a = values[Int(chars[i])], b = values[Int(chars[i + 1])]
                    let c = values[Int(chars[i + 2])], d = values[Int(chars[i + 3])]
                    bad |= (a | b | c | d) & 0xC0
                    let group = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    out[o] = UInt8(truncatingIfNeeded: group >> 16)
                    out[o + 1] = UInt8(truncatingIfNeeded: group >> 8)
                    out[o + 2] = UInt8(truncatingIfNeeded: group)
                    o += 3
                    i += 4
                }
                // The last group, with one or two `=`.
                if i < n {
                    let a = values[Int(chars[i])], b = values[Int(chars[i + 1])]
                    let c = padding == 2 ? 0 : values[Int(chars[i + 2])]
                    bad |= (a | b | c) & 0xC0
                    let group = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6
                    out[o] = UInt8(truncatingIfNeeded: group >> 16)
                    if padding == 1 { out[o + 1] = UInt8(truncatingIfNeeded: group >> 8) }
                }
                return bad == 0
            }
            guard ok else {
                out.deallocate()
                return nil
            }
            return UnsafeMutableRawBufferPointer(start: out.baseAddress, count: size)
        }
        guard let decoded else { return nil }
        buffer = UnsafeRawBufferPointer(decoded)
        isMapped = false
    }

    /// Each byte's base64 value, 0-63; 255 (two high bits set) for anything else, `=` too.
    private static let base64Values: [UInt8] = {
        var table = [UInt8](repeating: 255, count: 256)
        for (value, char) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(char)] = UInt8(value)
        }
        return table
    }()

    deinit {
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: buffer.baseAddress), buffer.count)
        } else if let base = buffer.baseAddress {
            base.deallocate()
        }
    }

    var count: Int { buffer.count }

    /// A copy of the bytes in `range`, which must lie within the file.
    subscript(range: Range<Int>) -> Bytes {
        Bytes(UnsafeRawBufferPointer(rebasing: buffer[range]))
    }
}

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
