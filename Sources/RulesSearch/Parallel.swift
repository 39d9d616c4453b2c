import Foundation

/// Order-preserving parallel map over the machine's cores, each worker with its own state
/// (a `Preg` is not thread-safe, so each worker makes its own).
enum Parallel {
    static let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))

    static func map<T, W, R>(_ items: [T], workers: Int, make: () -> W, _ transform: (W, T) -> R) -> [R] {
        let count = min(workers, items.count)
        if count <= 1 {
            let worker = make()
            return items.map { transform(worker, $0) }
        }
        let states = (0..<count).map { _ in make() }
        let results = UnsafeMutableBufferPointer<R?>.allocate(capacity: items.count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        // Each worker takes the next item when it is free, so that the work stays even
        // when some items take far longer than others.
        let next = NextIndex()
        DispatchQueue.concurrentPerform(iterations: count) { k in
            while let i = next.take(below: items.count) {
                results[i] = transform(states[k], items[i])
            }
        }
        // Moved out, not copied: the buffer is freed without its elements, which a copy
        // would leave behind, still retained (a batch search kept every answer it wrote).
        return (0..<items.count).map { (results.baseAddress! + $0).move()! }
    }
}

/// A counter the workers of ``Parallel/map(_:workers:make:_:)`` share.
private final class NextIndex: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()

    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}

/// A value worked out on another thread while the caller goes on; `value` waits for it.
///
/// `rules index build` makes the snippets' texts, which do not depend on the index, while
/// the index is built, and the binary form's sections while the S2 file is written: the
/// index's own steps are partly serial, and this keeps the second core busy meanwhile.
final class Background<T>: @unchecked Sendable {
    private var result: T?
    private let done = DispatchSemaphore(value: 0)

    init(_ work: @escaping () -> T) {
        Thread.detachNewThread { [self] in
            result = work()
            done.signal()
        }
    }

    var value: T {
        done.wait()
        done.signal()   // later reads return at once
        return result!
    }
}
