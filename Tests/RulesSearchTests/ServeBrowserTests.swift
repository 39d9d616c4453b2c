import Foundation
import XCTest

/// `rules serve` in a real browser: Tests/Browser/serve_browser.py drives headless Chromium
/// (Debian's chromium and chromium-driver, selenium from PyPI) through the page as a person
/// uses it: typing a query letter by letter, title suggestions, a rule and its «§ N», Back
/// and Forward, paging, a phone's width, printing, no JavaScript, hostile queries and a
/// hostile corpus (no script may run). `.ci/run` installs all three; without them the test
/// skips and says why.
final class ServeBrowserTests: XCTestCase {
    func testThePageInABrowser() throws {
        for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip(
                "\(tool) is not installed: this test needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)"
            )
        }
        let probe = try runProgram("/usr/bin/env", ["python3", "-c", "import selenium"])
        guard probe.status == 0 else {
            throw XCTSkip("python3 cannot import selenium: this test needs it from PyPI (python3 -m pip install selenium)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-serve-browser-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let corpus = folder.appendingPathComponent("hostile.jsonl")
        try Data(ServeHostileTests.hostileCorpus().utf8).write(to: corpus)
        let index = folder.appendingPathComponent("idx").path
        let build = try runRules(["index", "build", "--corpus", corpus.path, "--out", index])
        XCTAssertEqual(build.status, 0, build.stderr)

        let rules = try RunningServer()
        let hostile = try RunningServer(["--index", index])
        let script = TestPaths.repository.appendingPathComponent("Tests/Browser/serve_browser.py").path
        let run = try runProgram(
            "/usr/bin/env",
            ["python3", script, rules.url, "--hostile", hostile.url, "--screenshots", folder.appendingPathComponent("shots").path])
        print(run.output)
        XCTAssertEqual(run.status, 0, run.output + run.error)
        XCTAssertTrue(run.output.hasSuffix("all held\n"), run.output)
        XCTAssertEqual(rules.stop().status, 0)
        XCTAssertEqual(hostile.stop().status, 0)
    }
}
