import Foundation
import XCTest

@testable import RulesRegex

/// Every case of `Fixtures/preg-cases.json` through both engines. The expected values were
/// produced by PHP 8.2 itself (`Tests/Tools/preg-cases.php`), so this checks the engines
/// against PHP, not against each other.
final class ConformanceTests: XCTestCase {
    struct Case {
        let fn: String
        let note: String
        let pattern: Bytes
        let subject: Bytes
        let replacement: Bytes
        let limit: Int
        let result: Any
        let matches: Any?
        let failed: Bool
        let error: Int
    }

    static func loadCases() throws -> [Case] {
        let data = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("preg-cases.json"))
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        func bytes(_ value: Any?) -> Bytes {
            guard let s = value as? String, let d = Data(base64Encoded: s) else { return [] }
            return Bytes(d)
        }
        return rows.map { row in
            Case(
                fn: row["fn"] as! String, note: row["note"] as! String,
                pattern: bytes(row["pattern"]), subject: bytes(row["subject"]),
                replacement: bytes(row["replacement"]), limit: row["limit"] as? Int ?? -1,
                result: row["result"] as Any, matches: row["matches"],
                failed: row["failed"] as! Bool, error: row["error"] as! Int)
        }
    }

    /// PHP's encoding of a string in the fixture: `{"b64": ...}`.
    static func decodeString(_ value: Any?) -> Bytes? {
        guard let object = value as? [String: Any], let s = object["b64"] as? String,
            let d = Data(base64Encoded: s)
        else { return nil }
        return Bytes(d)
    }

    func testCasesCoverWhatTheIssueAsksFor() throws {
        let notes = try Self.loadCases().map(\.note).joined(separator: "\n")
        for topic in [
            "cyrillic caseless", "ё", "lookbehind", "$ before final newline", "\\r", "nbsp",
            "byte offsets after multibyte", "empty matches", "unbalanced paren", "invalid utf-8",
        ] {
            XCTAssertTrue(notes.localizedCaseInsensitiveContains(topic), "no conformance case about \(topic)")
        }
    }

    func testBothEnginesAgreeWithPHP() throws {
        let cases = try Self.loadCases()
        XCTAssertGreaterThan(cases.count, 80)
        for engine in allEngines() {
            let preg = Preg(engine: engine)
            for c in cases {
                let label = "[\(engine.name)] \(c.fn) \(c.note)"
                switch c.fn {
                case "match":
                    var matches: [Bytes] = [Bytes(php: "untouched")]
                    let result = preg.match(c.pattern, c.subject, &matches)
                    if c.failed {
                        XCTAssertNil(result, label)
                    } else {
                        XCTAssertEqual(result, c.result as? Int, label)
                    }
                    if c.matches as? String == "untouched" {
                        XCTAssertEqual(matches, [Bytes(php: "untouched")], label)
                    } else {
                        let expected = (c.matches as? [Any] ?? []).map { Self.decodeString($0) ?? [] }
                        XCTAssertEqual(matches.map(\.text), expected.map(\.text), label)
                    }
                case "match_all":
                    var matches: [[Preg.Capture]]? = nil
                    let result = preg.matchAll(c.pattern, c.subject, &matches)
                    if c.failed {
                        XCTAssertNil(result, label)
                    } else {
                        XCTAssertEqual(result, c.result as? Int, label)
                    }
                    if c.matches as? String == "untouched" {
                        XCTAssertNil(matches, label)
                    } else {
                        let groups = try XCTUnwrap(c.matches as? [[Any]], label)
                        let expected: [[Preg.Capture]] = groups.map { group in
                            group.map { pair in
                                let p = pair as! [Any]
                                return Preg.Capture(text: Self.decodeString(p[0]) ?? [], offset: p[1] as! Int)
                            }
                        }
                        XCTAssertEqual(matches, expected, label)
                    }
                default:
                    let result = preg.replace(c.pattern, c.replacement, c.subject, limit: c.limit)
                    if c.failed {
                        XCTAssertNil(result, label)
                    } else {
                        XCTAssertEqual(result.map(\.text), Self.decodeString(c.result).map(\.text), label)
                        XCTAssertEqual(result, Self.decodeString(c.result), label)
                    }
                }
                // PHP's preg_last_error: 0 none, 1 internal (compile errors), 4 bad UTF-8.
                switch c.error {
                case 0: XCTAssertNil(preg.lastError, label)
                case 4: XCTAssertEqual(preg.lastError, .badUTF8, label)
                default: XCTAssertNotNil(preg.lastError, label)
                }
            }
        }
    }

    func testInvalidPatternGivesAClearError() {
        for engine in allEngines() {
            let preg = Preg(engine: engine)
            var warnings: [String] = []
            preg.warningHandler = { warnings.append($0) }
            XCTAssertNil(preg.matches(Bytes(php: "/(a/u"), Bytes(php: "a")))
            XCTAssertEqual(warnings.count, 1)
            XCTAssertTrue(warnings[0].hasPrefix("preg_match(): Compilation failed:"), warnings[0])
            guard case .compile = preg.lastError else { return XCTFail("\(engine.name): \(String(describing: preg.lastError))") }
        }
    }
}
