import Foundation

/// Whether input has come on a file descriptor that a read would return at once (data, its
/// end, or an error for the read to report): a batch answers what it has read before it
/// waits for more.
enum PendingInput {
    static func isReady(_ fd: Int32) -> Bool {
        var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let n = poll(&request, 1, 0)
            if n >= 0 { return n > 0 }
            if errno != EINTR { return true }
        }
    }
}
