import Foundation
import RulesRegex
import RulesSearch
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `rules check-engines --junit`: a document that any XML reader takes whatever bytes the
/// fuzzed input held, one test case a stage, a difference as the one failure.
final class JUnitReportTests: XCTestCase {
    /// The root element, once a strict parser has read the whole document: XMLParser stops
    /// at the first error, where XMLDocument on Linux recovers from it (libxml2's RECOVER).
    private func parse(_ xml: String) throws -> XMLElement {
        let data = Data(xml.utf8)
        let parser = XMLParser(data: data)
        XCTAssertTrue(parser.parse(), "not well-formed: \(parser.parserError.map { "\($0)" } ?? "?")\n\(xml)")
        return try XCTUnwrap(try XMLDocument(data: data).rootElement())
    }

    private func testcases(_ root: XMLElement) -> [XMLElement] {
        root.elements(forName: "testsuite").first?.elements(forName: "testcase") ?? []
    }

    private func names(_ testcases: [XMLElement]) -> [String] {
        testcases.map { $0.attribute(forName: "name")?.stringValue ?? "" }
    }

    private func property(_ testcase: XMLElement, _ name: String) -> String? {
        testcase.elements(forName: "properties").first?.elements(forName: "property")
            .first { $0.attribute(forName: "name")?.stringValue == name }?.attribute(forName: "value")?.stringValue
    }

    func testADifferenceIsOneFailureWithItsInputAndBothAnswers() throws {
        let hostile = Bytes(php: "a \"b\" 'c' <d> & e") + [0x1B, 0xFF] + Bytes(php: " ё")
        let excused = EngineCheck.Difference(
            stage: .snippets, input: Bytes(php: "limit 'q'"),
            left: "[0..<88]", right: "no answer (match limit)")
        let report = EngineCheck.Report(
            counts: [.stems: 120, .index: 1, .queryWords: 7, .results: 6, .snippets: 30],
            difference: EngineCheck.Difference(
                stage: .results, input: hostile,
                left: "\"p1\":3 <b>&amp;", right: "\"p1\":2 \u{1}"),
            atMatchLimit: [excused])
        let xml = JUnitReport.xml(report, corpus: "the <built-in> rules & co", seconds: 1.5)
        XCTAssertTrue(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"), xml)
        XCTAssertFalse(xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, xml)

        let root = try parse(xml)
        XCTAssertEqual(root.name, "testsuites")
        let suite = try XCTUnwrap(root.elements(forName: "testsuite").first)
        XCTAssertEqual(suite.attribute(forName: "name")?.stringValue, "check-engines: the <built-in> rules & co")
        XCTAssertEqual(suite.attribute(forName: "tests")?.stringValue, "6")
        XCTAssertEqual(suite.attribute(forName: "failures")?.stringValue, "1")
        XCTAssertEqual(suite.attribute(forName: "skipped")?.stringValue, "1")
        XCTAssertEqual(suite.attribute(forName: "time")?.stringValue, "1.500")
        let cases = testcases(root)
        XCTAssertEqual(names(cases), ["stems", "index", "query words", "results", "snippets", "patterns"])
        XCTAssertEqual(Set(cases.map { $0.attribute(forName: "classname")?.stringValue ?? "" }), ["check-engines.the_built-in_rules_co"])
        guard cases.count == 6 else { return }

        XCTAssertEqual(cases.flatMap { $0.elements(forName: "failure") }.count, 1)
        let failure = try XCTUnwrap(cases[3].elements(forName: "failure").first)
        let shown = EngineComparison.show(hostile)
        XCTAssertEqual(failure.attribute(forName: "message")?.stringValue, "engines differ at stage 'results' on query \(shown)")
        let body = failure.stringValue ?? ""
        XCTAssertTrue(body.contains("on query \(shown) (the <built-in> rules & co)"), body)
        XCTAssertTrue(body.contains("pcre2:      \"p1\":3 <b>&amp;"), body)
        XCTAssertTrue(body.contains("foundation: \"p1\":2 \\u{1}"), body)
        XCTAssertTrue(body.contains("compared before it: stems 120, index 1, query words 7, results 6, snippets 30"), body)

        // The stage after the difference was not reached.
        XCTAssertEqual(cases[5].elements(forName: "skipped").count, 1)
        XCTAssertTrue(cases[0..<5].allSatisfy { $0.elements(forName: "skipped").isEmpty })

        // The case excused at a match limit: named in its stage's output, not failed.
        XCTAssertTrue(cases[4].elements(forName: "failure").isEmpty)
        let out = cases[4].elements(forName: "system-out").first?.stringValue ?? ""
        XCTAssertTrue(out.contains("in 1 case;"), out)
        XCTAssertTrue(out.contains(EngineComparison.show(excused.input)), out)
        XCTAssertTrue(out.contains("foundation: no answer (match limit)"), out)

        XCTAssertEqual(property(cases[0], "compared"), "120")
        XCTAssertEqual(property(cases[4], "compared"), "30")
        XCTAssertEqual(property(cases[4], "at match limit"), "1")
        XCTAssertNil(property(cases[5], "compared"))
    }

    func testAgreementHasNoFailure() throws {
        let report = EngineCheck.Report(counts: [.stems: 10, .index: 1, .queryWords: 3, .results: 3, .snippets: 12, .patterns: 20])
        let root = try parse(JUnitReport.xml(report, corpus: "the built-in rules"))
        let cases = testcases(root)
        XCTAssertEqual(names(cases), EngineCheck.Stage.allCases.map(\.rawValue))
        XCTAssertTrue(cases.allSatisfy { $0.elements(forName: "failure").isEmpty && $0.elements(forName: "skipped").isEmpty })
        XCTAssertEqual(root.attribute(forName: "failures")?.stringValue, "0")
        XCTAssertEqual(root.attribute(forName: "tests")?.stringValue, "6")
        XCTAssertNil(root.attribute(forName: "time"))
        XCTAssertEqual(cases.first?.attribute(forName: "classname")?.stringValue, "check-engines.the_built-in_rules")

        // Only the stages that were compared: an index without a corpus has no stems stage.
        let queriesOnly = EngineCheck.Report(counts: [.queryWords: 3, .results: 3, .snippets: 4])
        XCTAssertEqual(
            names(testcases(try parse(JUnitReport.xml(queriesOnly, corpus: "/tmp/index")))),
            ["query words", "results", "snippets"])
    }

    /// Every byte in the input and every character XML 1.0 refuses in an answer and in the
    /// corpus name: still a document, with each of them shown.
    func testEveryByteAndControlCharacterStillMakesADocument() throws {
        var controls = ""
        for value in 0..<0x20 { controls.unicodeScalars.append(Unicode.Scalar(UInt8(value))) }
        controls += "\u{7F}\u{FFFE}\u{FFFF}"
        let report = EngineCheck.Report(
            counts: [.queryWords: 1],
            difference: EngineCheck.Difference(stage: .queryWords, input: Bytes(0...255), left: controls, right: "]]> --> <![CDATA["))
        let xml = JUnitReport.xml(report, corpus: "/tmp/a\u{1B}b\nc\td", seconds: 0.0004)
        let root = try parse(xml)
        let suite = try XCTUnwrap(root.elements(forName: "testsuite").first)
        XCTAssertEqual(suite.attribute(forName: "name")?.stringValue, "check-engines: /tmp/a\\u{1B}b\nc\td")
        XCTAssertEqual(suite.attribute(forName: "time")?.stringValue, "0.000")
        let body = testcases(root).first?.elements(forName: "failure").first?.stringValue ?? ""
        XCTAssertTrue(body.contains("pcre2:      \\u{0}\\u{1}"), body)
        XCTAssertTrue(body.contains("\\u{8}\t\n\\u{B}\\u{C}\r\\u{E}"), body)
        XCTAssertTrue(body.contains("\\u{1F}\u{7F}\\u{FFFE}\\u{FFFF}"), body)
        XCTAssertTrue(body.contains("foundation: ]]> --> <![CDATA["), body)
        XCTAssertTrue(body.contains(EngineComparison.show(Bytes(0...255))), body)
    }

    /// The binary writes the report beside its text output, whole, with a test case for
    /// each stage the text lists and the same counts.
    func testCheckEnginesWritesTheReport() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rules-junit-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("check.xml").path
        let run = try runRules(["check-engines", "--fuzz", "30", "--junit", path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let output = String(decoding: run.stdout, as: UTF8.self)
        let firstLine = String(output.prefix { $0 != "\n" })
        let prefix = "engines agree on the built-in rules: "
        XCTAssertTrue(firstLine.hasPrefix(prefix), output)
        let listed = String(firstLine.dropFirst(prefix.count)).components(separatedBy: ", ").map { item -> (name: String, count: String) in
            let words = item.split(separator: " ")
            return (words.dropLast().joined(separator: " "), words.last.map(String.init) ?? "")
        }
        XCTAssertGreaterThanOrEqual(listed.count, 5, firstLine)

        let root = try parse(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self))
        let cases = testcases(root)
        XCTAssertEqual(names(cases), listed.map { $0.name })
        XCTAssertEqual(cases.map { property($0, "compared") ?? "" }, listed.map { $0.count })
        XCTAssertTrue(cases.allSatisfy { $0.elements(forName: "failure").isEmpty })
        XCTAssertEqual(root.attribute(forName: "failures")?.stringValue, "0")
        XCTAssertNotNil(root.attribute(forName: "time"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["check.xml"], "no temporary file left")
    }

    /// A report that cannot be written is an error on one line, exit 2: at once when its
    /// folder is missing, and after the run (its text still shown) when the write fails.
    func testAReportThatCannotBeWrittenIsAnError() throws {
        let missing = try runRules(["check-engines", "--junit", "/nonexistent-dir/x.xml"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.hasPrefix("rules: cannot write the JUnit report /nonexistent-dir/x.xml: "), missing.stderr)
        XCTAssertEqual(missing.stderr.split(separator: "\n").count, 1, missing.stderr)

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rules-junit-dir-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        let occupied = dir.appendingPathComponent("report.xml")
        try FileManager.default.createDirectory(at: occupied, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let corpus = TestPaths.fixtures.appendingPathComponent("man-ru-mini/corpus.jsonl").path
        let failed = try runRules(["check-engines", "--corpus", corpus, "--junit", occupied.path])
        XCTAssertEqual(failed.status, 2)
        XCTAssertTrue(failed.stderr.hasPrefix("rules: cannot write the JUnit report \(occupied.path): "), failed.stderr)
        XCTAssertEqual(failed.stderr.split(separator: "\n").count, 1, failed.stderr)
        XCTAssertTrue(failed.stdout.isEmpty, "a folder where the report should go is refused before the run")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["report.xml"], "no temporary file left")
    }
}
