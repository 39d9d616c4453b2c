import Foundation
import RulesSearch

/// Writes to a file descriptor through a buffer, so that printing many small lines costs
/// one system call per block.
final class OutputBuffer {
    private let fd: Int32
    private var buffer: [UInt8] = []

    init(fileDescriptor: Int32 = 1) {
        fd = fileDescriptor
        buffer.reserveCapacity(1 << 16)
    }

    func write(_ bytes: [UInt8]) {
        buffer += bytes
        if buffer.count >= 1 << 16 { flush() }
    }

    func write(_ string: String) {
        write(Array(string.utf8))
    }

    func flush() {
        var offset = 0
        while offset < buffer.count {
            let n = buffer[offset...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                // A closed pipe (`rules stem | head`) is not an error worth a message; a
                // full disk or a broken device is.
                if errno == EPIPE { exit(0) }
                let reason = Localized.system(errno)
                StandardError.write("rules: \(Failure.cannotWriteOutput(reason: reason).text())\n")
                exit(2)
            }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
