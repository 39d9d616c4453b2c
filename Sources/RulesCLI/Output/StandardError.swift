import Glibc

/// Standard error, written with `write(2)`: a message that cannot be written (a full
/// device, a pipe whose reader is gone, a closed descriptor) is dropped, and the command
/// goes on to the end it would have had. Foundation's `FileHandle.write` stops the
/// program with a trap instead.
enum StandardError {
    static func write(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
    }
}
