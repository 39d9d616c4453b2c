import Foundation

/// A file path as `URL(fileURLWithPath:).path` gives it, made without URL for a path of
/// plain names: the first `path` of a URL costs a one-query search a tenth of its work in
/// type look-ups (Foundation's percent-decoding builds a set on each call). A path with a
/// `~`, an empty, `.` or `..` name is left to URL, whose rules for those (it resolves `..`
/// in a relative path, not in an absolute one) are its own.
struct PlainPath {
    /// The absolute path, without a trailing `/`.
    let path: String

    /// `path` made absolute against the working directory, or `nil` when it is not plain.
    init?(_ path: String) {
        // Names checked on the bytes (split and joined would cost a generic look-up each).
        var bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes[0] != UInt8(ascii: "~") else { return nil }
        let absolute = bytes[0] == UInt8(ascii: "/")
        if bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }   // one trailing slash
        var start = absolute ? 1 : 0
        guard start < bytes.count else { return nil }
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.count
            let name = bytes[start..<end]
            guard !name.isEmpty, !name.elementsEqual([0x2E]), !name.elementsEqual([0x2E, 0x2E]) else { return nil }
            start = end + 1
        }
        let trimmed = String(decoding: bytes, as: UTF8.self)
        if absolute {
            self.path = trimmed
        } else {
            let directory = FileManager.default.currentDirectoryPath
            self.path = (directory.hasSuffix("/") ? directory : directory + "/") + trimmed
        }
    }

    private init(absolute: String) { path = absolute }

    /// `URL.appendingPathComponent(name)` for a plain name.
    func appending(_ name: String) -> PlainPath { PlainPath(absolute: path == "/" ? "/" + name : path + "/" + name) }

    /// `URL.deletingLastPathComponent()`.
    var parent: PlainPath {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash != path.utf8.startIndex else {
            return PlainPath(absolute: "/")
        }
        return PlainPath(absolute: String(path[..<slash]))
    }

    /// `URL.lastPathComponent`.
    var lastName: String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }
}
