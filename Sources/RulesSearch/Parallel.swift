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
        // The workers are done when concurrentPerform returns: `transform` does not outlive the call.
        withoutActuallyEscaping(transform) { transform in
            let shared = Shared(items: items, states: states, results: results, transform: transform)
            DispatchQueue.concurrentPerform(iterations: count) { k in
                while let i = next.take(below: shared.items.count) {
                    shared.results[i] = shared.transform(shared.states[k], shared.items[i])
                }
            }
        }
        // Moved out, not copied: the buffer is freed without its elements, which a copy
        // would leave behind, still retained (a batch search kept every answer it wrote).
        return (0..<items.count).map { (results.baseAddress! + $0).move()! }
    }
}

/// What the workers of ``Parallel/map(_:workers:make:_:)`` share. Safe to share: the items
/// are only read; each result's place is written by the one worker that took its index
/// (``NextIndex`` hands each out once) and read after all are done; worker k uses
/// `states[k]` alone, and `transform` only with it (the callers' closures touch no other
/// mutable state).
private struct Shared<T, W, R>: @unchecked Sendable {
    let items: [T]
    let states: [W]
    let results: UnsafeMutableBufferPointer<R?>
    let transform: (W, T) -> R
}

/// A counter the workers of ``Parallel/map(_:workers:make:_:)`` share.
// Safe to share: its counter is read and written with `lock` held.
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
// Safe to share: `result` is written once, by the work's thread, before `done` is signalled,
// and read only after waiting on `done`.
final class Background<T>: @unchecked Sendable {
    private var result: T?
    private let done = DispatchSemaphore(value: 0)

    init(_ work: @escaping () -> T) {
        let job = Job(work: work)
        Thread.detachNewThread { [self] in
            result = job.work()
            done.signal()
        }
    }

    /// Safe to send: the work runs once, on the new thread alone; the caller keeps no
    /// other reference to it.
    private struct Job: @unchecked Sendable {
        let work: () -> T
    }

    var value: T {
        done.wait()
        done.signal()   // later reads return at once
        return result!
    }
}
