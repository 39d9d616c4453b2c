import Foundation
import XCTest

@testable import RulesSearch

/// `Parallel.map`, which the index build and the batch search share out on.
final class ParallelTests: XCTestCase {
    /// Counts the instances alive: a result the map kept a hold on stays counted.
    private final class Tracked: @unchecked Sendable {
        static let lock = NSLock()
        nonisolated(unsafe) static var alive = 0
        let value: Int
        init(_ value: Int) {
            self.value = value
            Self.lock.lock()
            Self.alive += 1
            Self.lock.unlock()
        }
        deinit {
            Self.lock.lock()
            Self.alive -= 1
            Self.lock.unlock()
        }
    }

    /// In order, each item once, and nothing kept once the results are let go (a batch
    /// search of 50,000 queries held every answer it had written: 527 MB).
    func testResultsInOrderAndNoneKept() {
        func mapAndCheck() {
            let results = Parallel.map(Array(0..<10_000), workers: 2, make: {}) { _, i in Tracked(i * 3) }
            XCTAssertEqual(results.map(\.value), (0..<10_000).map { $0 * 3 })
            XCTAssertEqual(Tracked.alive, 10_000)
        }
        mapAndCheck()
        XCTAssertEqual(Tracked.alive, 0)
    }
}
