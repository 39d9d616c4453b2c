import Foundation
import RulesRegex

/// The bytes of an index file, mapped into memory (or copied into a buffer of their own),
/// at an address that holds still for the life of the object.
///
/// The index files are read in place, a few records per search; a fixed address lets
/// ``ByteReader`` read them through a raw pointer, where reading through `Data` costs a
/// copy and a bounds dance for every number. rules replaces them by rename, never rewrites
/// them in place, so a mapping never sees rules change a file under it; but something else
/// may (`cp` over the file, `rsync --inplace`), and a mapped page past a file's new end
/// then faults (SIGBUS). What reads for long (a batch, browse) takes a copy of the files
/// instead (``init(contentsOf:whole:copied:)``): it reads one version of them to the end.
// Safe to share: the bytes are only read once it is made, and freed only with it.
final class FileBytes: @unchecked Sendable {
    let buffer: UnsafeRawBufferPointer
    private let storage: Storage

    /// Where the bytes are, and so what is done with them at the end.
    private enum Storage {
        /// A mapping of a file, unmapped.
        case mapped
        /// A buffer of this object's own, freed.
        case allocated
        /// A buffer of this object's own from `malloc`, which says when memory runs out
        /// where Swift's allocation would end the program.
        case malloced
        /// The program's own bytes, left alone.
        case program
    }

    struct OpenError: LocalizedFailure, CustomStringConvertible {
        let text: Localized
        var description: String { text.en }
        /// Why the file could not be opened or read (a system error, "it is not a regular
        /// file"), when that is the trouble; `nil` for a file read whose content is wrong.
        var reason: Localized? = nil

        init(_ text: Localized) {
            self.text = text
        }

        /// What was being done to a file.
        enum Action {
            case open, read, map

            var text: Localized {
                switch self {
                case .open: Localized("open", ru: "открыть")
                case .read: Localized("read", ru: "прочитать")
                case .map: Localized("map", ru: "отобразить в память")
                }
            }
        }

        /// "cannot `action` `path`: `reason`".
        init(cannot action: Action, _ path: String, reason: Localized) {
            text = Localized("cannot \(action.text.en) \(path): \(reason.en)", ru: "не удаётся \(action.text.ru) \(path): \(reason.ru)")
            self.reason = reason
        }

        /// A system error (`errno`) while doing `action`.
        init(cannot action: Action, _ path: String, errno code: Int32) {
            self.init(cannot: action, path, reason: .system(code))
        }
    }

    /// The file at `path` opened for reading, with its size; the caller closes it. With
    /// `regularOnly`, anything but a regular file is refused, and opened without waiting:
    /// opening a FIFO for reading waits for a writer, so that a FIFO where an index file
    /// belongs would hang the search.
    private static func open(_ path: String, regularOnly: Bool = false) throws(OpenError) -> (fd: Int32, size: Int) {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | (regularOnly ? O_NONBLOCK : 0))
        guard fd >= 0 else {
            throw OpenError(cannot: .open, path, errno: errno)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw OpenError(cannot: .read, path, errno: code)
        }
        // A directory opens, but neither maps nor reads ("No such device").
        if info.st_mode & S_IFMT == S_IFDIR {
            close(fd)
            throw OpenError(cannot: .read, path, reason: Localized("it is a directory", ru: "это каталог"))
        }
        if regularOnly, info.st_mode & S_IFMT != S_IFREG {
            close(fd)
            throw OpenError(cannot: .read, path, reason: Localized("it is not a regular file", ru: "это не обычный файл"))
        }
        return (fd, Int(info.st_size))
    }

    /// Maps the file at `path` for reading; `whole` when all of it will be read (a file
    /// checked end to end at once): its pages are then mapped in one call, not one fault a
    /// page. `copied`: read into a buffer of its own instead, once, so that nothing done to
    /// the file afterwards reaches what was read.
    init(contentsOf path: String, whole: Bool = false, copied: Bool = false) throws {
        // Only a regular file maps.
        let (fd, size) = try Self.open(path, regularOnly: true)
        defer { close(fd) }
        guard size > 0 else {
            buffer = UnsafeRawBufferPointer(start: nil, count: 0)
            storage = .allocated
            return
        }
        if copied {
            guard let copy = malloc(size) else { throw Self.outOfMemory(path, size) }
            var filled = 0
            while filled < size {
                let n = pread(fd, copy + filled, size - filled, off_t(filled))
                if n < 0, errno == EINTR { continue }
                if n < 0 {
                    let code = errno
                    free(copy)
                    throw OpenError(cannot: .read, path, errno: code)
                }
                if n == 0 { break }   // cut short since: what was there is what there is
                filled += n
            }
            buffer = UnsafeRawBufferPointer(start: copy, count: filled)
            storage = .malloced
            return
        }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE | (whole ? MAP_POPULATE : 0), fd, 0), address != MAP_FAILED else {
            throw OpenError(cannot: .map, path, errno: errno)
        }
        buffer = UnsafeRawBufferPointer(start: address, count: size)
        storage = .mapped
    }

    /// The whole file at `path`, read into an array: a file parsed once (a corpus, an S2
    /// index file). A line longer than `longestLine` bytes is an error as soon as that
    /// much of it is read: input without line breaks (`/dev/zero`, a binary file given by
    /// mistake) stops there instead of filling the memory. An index file (`regularOnly`)
    /// must be a regular file: `/dev/zero` or a FIFO in its place would be read, or waited
    /// for, without end; a corpus may come through a pipe.
    static func read(_ path: String, longestLine: Int = .max, regularOnly: Bool = true) throws(OpenError) -> Bytes {
        let (fd, size) = try open(path, regularOnly: regularOnly)
        defer { close(fd) }
        var bytes = Bytes()
        var lineStart = 0
        var chunkSize = max(size, 0) + 1   // one more, to see the end at once
        // A file larger than the memory the program may have (a limit, a sparse file of
        // gigabytes) is said, where the array's allocation would end the program.
        // (A mapping as the probe: a malloc freed unused is taken out by the optimizer.)
        let probe = mmap(nil, chunkSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let probe, probe != MAP_FAILED else { throw outOfMemory(path, size) }
        munmap(probe, chunkSize)
        while true {
            var failure: Int32 = 0
            let chunk = Bytes(unsafeUninitializedCapacity: chunkSize) { buffer, count in
                let n = Glibc.read(fd, buffer.baseAddress, chunkSize)
                if n < 0 { failure = errno }
                count = max(n, 0)
            }
            if failure == EINTR { continue }
            if failure != 0 { throw OpenError(cannot: .read, path, errno: failure) }
            if chunk.isEmpty { return bytes }
            if let lastBreak = chunk.lastIndex(of: 0x0A) { lineStart = bytes.count + lastBreak + 1 }
            if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
            if bytes.count - lineStart > longestLine {
                let line = bytes[..<lineStart].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
                throw OpenError(
                    Localized(
                        "\(path): line \(line) is longer than \(longestLine >> 20) MiB, the most a line may have",
                        ru: "\(path): строка \(line) длиннее \(longestLine >> 20) МиБ, а длиннее строка быть не может"))
            }
            chunkSize = 1 << 16
        }
    }

    private static func outOfMemory(_ path: String, _ size: Int) -> OpenError {
        OpenError(
            cannot: .read, path,
            reason: Localized(
                "\(size) bytes is more than the memory there is for it", ru: "\(size) байт — больше, чем есть для него памяти"))
    }

    /// A copy of `bytes` (an index carried in memory, such as the built-in one).
    init<C: Collection>(copying bytes: C) where C.Element == UInt8 {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        // One memcpy for contiguous bytes (an array, `Data`); byte by byte otherwise.
        if bytes.withContiguousStorageIfAvailable({ copy.copyMemory(from: UnsafeRawBufferPointer($0)) }) == nil {
            _ = copy.initializeMemory(as: UInt8.self, from: bytes)
        }
        buffer = UnsafeRawBufferPointer(start: copy.baseAddress, count: bytes.count)
        storage = .allocated
    }

    /// Bytes that live as long as the program and are never freed: the built-in index
    /// files, which the binary carries (`CBuiltInRules`), read in place.
    init(static bytes: UnsafeRawBufferPointer) {
        buffer = bytes
        storage = .program
    }

    deinit {
        switch storage {
        case .mapped: munmap(UnsafeMutableRawPointer(mutating: buffer.baseAddress), buffer.count)
        case .allocated: buffer.baseAddress?.deallocate()
        case .malloced: free(UnsafeMutableRawPointer(mutating: buffer.baseAddress))
        case .program: break
        }
    }

    var count: Int { buffer.count }

    /// A copy of the bytes in `range`, which must lie within the file.
    subscript(range: Range<Int>) -> Bytes {
        Bytes(UnsafeRawBufferPointer(rebasing: buffer[range]))
    }
}
