import Foundation

extension Vocabulary {
    /// `read`, run the first time the result is asked for, by whichever thread asks first;
    /// the others wait for it and share it: what a search session's ``SearchSession/vocabulary``
    /// is given, so that sessions made for a batch read the vocabulary once between them.
    package static func once(_ read: @escaping () -> Vocabulary?) -> () -> Vocabulary? {
        let lock = NSLock()
        // Guarded by `lock`.
        nonisolated(unsafe) var done = false
        nonisolated(unsafe) var value: Vocabulary?
        return {
            lock.lock()
            defer { lock.unlock() }
            if !done {
                value = read()
                done = true
            }
            return value
        }
    }
}
