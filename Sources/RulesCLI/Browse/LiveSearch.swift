import Foundation
import RulesSearch

/// The searches of `rules browse`, run on a thread of their own so that typing never waits
/// for one: the view asks for the query as it stands after each key (``ask(_:)``), and
/// takes the newest answer when the thread says one is ready (a byte on ``ready``). A
/// search under way when newer queries come is finished, its answer kept only until the
/// newest query's replaces it; the queries in between are never searched.
// Safe to share: `pending` and `answer` are read and written with `condition` held; the
// session is used by the search thread alone.
final class LiveSearch: @unchecked Sendable {
    /// A query, and how many ranked results to make snippets for.
    struct Request: Equatable {
        var generation: Int
        var query: String
        var count: Int
    }

    /// What the view shows for a query: the title matches (`TitleFinder::find`) and the
    /// ranked results (`Finder::find`), each as a person reads it.
    struct Answer {
        var request: Request
        var titles: [HitSummary]
        /// How many titles matched in all (``titles`` holds the first ones).
        var titlesTotal: Int
        var hits: [HitSummary]
        /// How many ranked results there are in all (``hits`` holds the first ones).
        var total: Int
        var suggestions: [String]?
    }

    /// Its read end is readable when an answer is ready.
    let ready: (read: Int32, write: Int32)
    private let condition = NSCondition()
    private var pending: Request?
    private var answer: Answer?
    private let session: SearchSession
    private let outline: RuleOutline?
    /// For the tests: each search takes this much longer (`RULES_TEST_SEARCH_DELAY_MS`), so
    /// that a test can show that typing does not wait for searches however slow they are.
    private let testDelay = Environment.value("RULES_TEST_SEARCH_DELAY_MS").flatMap { UInt32($0) }.map { min($0, 10_000) }

    /// The most title matches listed above the ranked results: a short query matches
    /// dozens of titles, and the ranked results, which list them too, must stay in view.
    static let titleLimit = 5

    struct NoPipe: Error, CustomStringConvertible {
        let description = "cannot make a pipe for the search thread"
    }

    init(session: SearchSession, outline: RuleOutline?) throws {
        self.session = session
        self.outline = outline
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw NoPipe() }
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        ready = (ends[0], ends[1])
        let thread = Thread { [unowned self] in self.run() }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Searches for `request` when the thread is free, in place of any request not begun.
    func ask(_ request: Request) {
        condition.lock()
        pending = request
        condition.signal()
        condition.unlock()
    }

    /// The newest answer, once; `nil` when none came since.
    func take() -> Answer? {
        var byte = [UInt8](repeating: 0, count: 64)
        while read(ready.read, &byte, byte.count) > 0 {}
        condition.lock()
        defer { condition.unlock() }
        let taken = answer
        answer = nil
        return taken
    }

    private func run() {
        while true {
            condition.lock()
            while pending == nil { condition.wait() }
            let request = pending!
            pending = nil
            condition.unlock()
            let found = search(request)
            condition.lock()
            answer = found
            condition.unlock()
            var byte: UInt8 = 1
            _ = write(ready.write, &byte, 1)
        }
    }

    private func search(_ request: Request) -> Answer {
        if let testDelay { usleep(testDelay * 1000) }
        let query = Bytes(request.query.utf8)
        guard request.query.contains(where: { !$0.isWhitespace }) else {
            return Answer(request: request, titles: [], titlesTotal: 0, hits: [], total: 0, suggestions: nil)
        }
        var matched = session.titles(query)
        let result = session.search(query, limit: request.count, page: 1)
        // A rule named by its number (191, § 191, ch17) comes first, as a jump.
        if let id = result.jump, let entry = session.index.entry(ByteKey(Bytes(id.utf8))) {
            matched.removeAll { $0.chapter.bytes == Bytes(id.utf8) }
            matched.insert((ByteKey(Bytes(id.utf8)), entry), at: 0)
        }
        let titles = matched.prefix(Self.titleLimit).map {
            HitSummary(title: $0.chapter, entry: $0.entry, index: session.index, outline: outline)
        }
        let hits = result.hits.map { HitSummary($0, session: session, outline: outline) }
        return Answer(
            request: request, titles: titles, titlesTotal: matched.count, hits: hits, total: result.total,
            suggestions: result.suggestions)
    }
}
