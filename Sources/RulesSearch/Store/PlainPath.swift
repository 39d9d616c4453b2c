import Foundation

/// File paths as strings, as `URL(fileURLWithPath:)` makes them, without URL: the first
/// path operation of a URL costs a one-query search a tenth of its work in type look-ups
/// (Foundation's percent-decoding builds a set on each call).
enum PlainPath {
    /// `URL(fileURLWithPath: path).path` for a path of plain names: made absolute against
    /// the working directory, without a trailing `/`. `nil` for a path with a `~`, an
    /// empty, `.` or `..` name, or `/` alone, which are left to URL, whose rules for those
    /// (it resolves `..` in a relative path, not in an absolute one) are its own.
    static func absolute(_ path: String) -> String? {
        // Names checked on the bytes (split and joined would cost a generic look-up each).
        var bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes[0] != UInt8(ascii: "~") else { return nil }
        let isAbsolute = bytes[0] == UInt8(ascii: "/")
        if bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }   // one trailing slash
        var start = isAbsolute ? 1 : 0
        guard start < bytes.count else { return nil }
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.count
            let name = bytes[start..<end]
            guard !name.isEmpty, !name.elementsEqual([0x2E]), !name.elementsEqual([0x2E, 0x2E]) else { return nil }
            start = end + 1
        }
        let trimmed = String(decoding: bytes, as: UTF8.self)
        return isAbsolute ? trimmed : join(FileManager.default.currentDirectoryPath, trimmed)
    }

    /// The path of `name` in the folder at `folder` (`URL.appendingPathComponent(name)`).
    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The folder `path` names a file of (`URL.deletingLastPathComponent()`): `/` for a
    /// name at the top, `.` for a name alone.
    static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
    }

    /// The last name of `path` (`URL.lastPathComponent`).
    static func lastName(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }
}
