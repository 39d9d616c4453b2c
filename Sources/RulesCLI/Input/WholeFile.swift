import Foundation
import RulesSearch

/// A file read whole, as `check --file` and the user's word list take it: a regular file,
/// a pipe, a FIFO or `/dev/stdin` alike (read until its end, not by its size), and a
/// failure that says why (no such file, no permission, a folder).
enum WholeFile {
    static func read(_ path: String) throws(Failure) -> Data {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw .cannotRead(path, reason: .system(errno)) }
        defer { close(fd) }
        var status = stat()
        if fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { throw .cannotRead(path, reason: .system(EISDIR)) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                data.append(contentsOf: buffer[0..<n])
            } else if n == 0 {
                return data
            } else if errno != EINTR {
                throw .cannotRead(path, reason: .system(errno))
            }
        }
    }
}
