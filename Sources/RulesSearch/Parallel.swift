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
        // Interleaved shares keep the work even when item sizes vary.
        DispatchQueue.concurrentPerform(iterations: count) { k in
            var i = k
            while i < items.count {
                results[i] = transform(states[k], items[i])
                i += count
            }
        }
        return results.map { $0! }
    }
}
