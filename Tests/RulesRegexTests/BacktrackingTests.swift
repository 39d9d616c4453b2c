import Foundation
import XCTest

@testable import RulesRegex

/// A pattern that backtracks without end stops at a bound on its work with both engines,
/// as PHP's `pcre.backtrack_limit` stops PCRE2: Foundation took 2.3 s on a snippet pattern
/// that PCRE2 gave up on in 0.08 s, and the two then answered differently.
final class BacktrackingTests: XCTestCase {
    func testARunawayPatternIsAMatchLimitWithBothEngines() {
        let pattern = Bytes(php: "#" + String(repeating: "a?", count: 28) + String(repeating: "a", count: 28) + "#u")
        let subject = Bytes(php: String(repeating: "a", count: 28))
        for engine in allEngines() {
            let preg = Preg(engine: engine)
            var matches: [Bytes] = []
            let started = Date()
            XCTAssertNil(preg.match(pattern, subject, &matches), engine.name)
            XCTAssertEqual(preg.lastError, .matchLimit, engine.name)
            XCTAssertLessThan(Date().timeIntervalSince(started), 1, engine.name)
            // Nested quantifiers: PCRE2 sees at once that no `b` follows; ICU would try
            // every split of the a's (2^40), and stops at the bound.
            let nested = Date()
            _ = preg.match(Bytes(php: "#(a+)+b#"), Bytes(php: String(repeating: "a", count: 40)), &matches)
            XCTAssertLessThan(Date().timeIntervalSince(nested), 1, engine.name)
        }
    }

    /// A long subject is many places to start a search from, and ICU counts its steps over
    /// the whole search: a pattern prone to backtracking, searched normally over 300,000
    /// characters, is not taken for a runaway (it was, with a budget not growing with the
    /// subject), and gives PCRE2's answers.
    func testALongSubjectIsNotAMatchLimit() {
        let text = Bytes(php: String(repeating: "аб ", count: 100_000) + "аааа")
        let plain = Bytes(php: String(repeating: "ab ", count: 100_000))
        for engine in allEngines() {
            let preg = Preg(engine: engine)
            var matches: [Bytes] = []
            XCTAssertEqual(
                preg.match(Bytes(php: "#(а|а)*аааа#u"), text, &matches), 1, "\(engine.name) \(String(describing: preg.lastError))")
            XCTAssertEqual(matches.first.map(\.text), "аааа", engine.name)
            XCTAssertEqual(preg.match(Bytes(php: "#(a|b)+c#"), plain, &matches), 0, "\(engine.name) \(String(describing: preg.lastError))")
        }
    }

    /// Most of the reference's own patterns are not judged prone (they run at full speed);
    /// ones that can backtrack far are, and so are those where a run without an upper bound
    /// is followed by more pattern (the stemmer's DERIVATIONAL, the snippets' guillemets):
    /// tried from every start, each reads to the subject's end.
    func testWhichPatternsAreBounded() throws {
        for pattern in [
            "^(.*?[аеиоуыэюя])(.*)$", "\\s+", "[^,]+$", "\\A[^,]+,$",
            "((ив|ивши|ившись|ыв|ывши|ывшись)|((?<=[ая])(в|вши|вшись)))$", "(?<=[^a-zа-я]|^)(запят|тир)[a-zа-я]*",
            "&[^;]{1,20};", "a{3}b{2}c{4}d{5}e{6}f{7}g{8}h{9}", "\\Q(a+)+\\E",
        ] {
            XCTAssertFalse(BacktrackingRisk.isProne(pattern), pattern)
        }
        for pattern in [
            String(repeating: "a?", count: 8), "(a+)+b", "(a|aa)*c", "(?:x*y*)+z", "(a[bc]?){2,}",
            "[^аеиоуыэюя][аеиоуыэюя]+[^аеиоуыэюя]+[аеиоуыэюя].*(?<=о)сть?$", "«(.*?)»", "x{2,}y",
        ] {
            XCTAssertTrue(BacktrackingRisk.isProne(pattern), pattern)
        }
    }
}
