import Foundation

/// Answers already made, by what was asked, shared by the server's threads: a query asked
/// again is answered without searching again. Kept in two generations: an answer is looked
/// for in the newer, then in the older (and moved to the newer); when the newer holds
/// ``limitBytes`` (bodies, keys and a fixed share each), it becomes the older and the
/// oldest are forgotten. So the answers asked
/// for lately stay, and the cache never holds more than twice its limit.
///
/// An answer is a function of the request and of the index it came from: the key names
/// both (the index's generation), so that a rebuilt index is never answered from the old.
package final class ResponseCache: @unchecked Sendable {
    private let lock = NSLock()
    private var newer: [String: HTTPResponse] = [:]
    private var older: [String: HTTPResponse] = [:]
    private var newerBytes = 0
    package let limitBytes: Int

    /// `limitBytes`: at most this many bytes of bodies in each generation; 0 keeps nothing.
    package init(limitBytes: Int) {
        self.limitBytes = limitBytes
    }

    package func answer(_ key: String) -> HTTPResponse? {
        guard limitBytes > 0 else { return nil }
        return lock.withLock {
            if let found = newer[key] { return found }
            guard let found = older.removeValue(forKey: key) else { return nil }
            keep(key, found)
            return found
        }
    }

    package func keep(_ response: HTTPResponse, for key: String) {
        guard limitBytes > 0, Self.cost(key, response) <= limitBytes / 16 else { return }
        lock.withLock { keep(key, response) }
    }

    /// What an answer takes kept: its body, its key (a request target of up to 8 KB: tiny
    /// answers under long unique addresses would otherwise fill memory uncounted), and what
    /// a dictionary entry and the answer's headers take beside them.
    private static func cost(_ key: String, _ response: HTTPResponse) -> Int {
        response.body.count + key.utf8.count + 512
    }

    /// With the lock held.
    private func keep(_ key: String, _ response: HTTPResponse) {
        let cost = Self.cost(key, response)
        if newerBytes + cost > limitBytes {
            older = newer
            newer = [:]
            newerBytes = 0
        }
        if let old = newer.updateValue(response, forKey: key) { newerBytes -= Self.cost(key, old) }
        newerBytes += cost
    }
}
