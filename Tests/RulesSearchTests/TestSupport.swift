import Foundation
import RulesRegex
import RulesSearch
import XCTest

/// Where the test data lives: next to this file, and `../shared` beside the repository.
enum TestPaths {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let fixtures = testsDirectory.appendingPathComponent("Fixtures")
    static let repository = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    static let shared = repository.deletingLastPathComponent().appendingPathComponent("shared")
    static let reference = shared.appendingPathComponent("reference")

    /// A file of the reference data, or a skip with a message when `../shared` is absent.
    static func referenceFile(_ path: String) throws -> URL {
        let url = reference.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw XCTSkip("../shared/reference/\(path) is not here: this test needs the reference data beside the repository")
        }
        return url
    }

    /// The `rules` executable built with the tests, in the same build directory.
    static var rulesBinary: URL {
        let bundle = Bundle.main.bundleURL
        for directory in [bundle, bundle.deletingLastPathComponent()] {
            let candidate = directory.appendingPathComponent("rules")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return bundle.appendingPathComponent("rules")
    }
}

/// A value written by one thread and read by another after it finished.
private final class Box<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}

extension Bytes {
    var text: String { String(decoding: self, as: UTF8.self) }
}

func allEngines() -> [any RegexEngine] {
    Engine.allCases.map { $0.make() }
}

/// `word<TAB>stem` lines of a stems file, as bytes.
func readStemPairs(_ url: URL) throws -> [(word: Bytes, stem: Bytes)] {
    let data = try Data(contentsOf: url)
    return Bytes(data).split(separator: 0x0A).map { line in
        let parts = line.split(separator: 0x09, maxSplits: 1, omittingEmptySubsequences: false)
        return (Array(parts[0]), parts.count > 1 ? Array(parts[1]) : [])
    }
}

/// Runs `rules` with `arguments`, feeding `input`; returns status, standard output and error.
@discardableResult
func runRules(
    _ arguments: [String], input: Data? = nil, environment: [String: String] = [:]
) throws -> (status: Int32, stdout: Data, stderr: String) {
    let process = Process()
    process.executableURL = TestPaths.rulesBinary
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    // The messages of a test are English and the view plain, whatever the machine's locale,
    // unless the test says otherwise.
    for name in ["RULES_ENGINE", "LC_ALL", "LC_MESSAGES", "NO_COLOR", "PAGER", "COLUMNS", "LINES"] { env.removeValue(forKey: name) }
    env["LANG"] = "C.UTF-8"
    for (k, v) in environment { env[k] = v }
    process.environment = env
    let stdout = Pipe()
    let stderr = Pipe()
    let stdin = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = stdin
    try process.run()
    // Feed and drain concurrently so that large inputs and outputs cannot deadlock.
    // rules may stop reading early (a line over its limit): the rest of the input is then
    // refused with EPIPE, not a SIGPIPE that would end the tests.
    signal(SIGPIPE, SIG_IGN)
    let writer = Thread {
        if let input { try? stdin.fileHandleForWriting.write(contentsOf: input) }
        try? stdin.fileHandleForWriting.close()
    }
    writer.start()
    let errData = Box(Data())
    let errReader = Thread { errData.value = stderr.fileHandleForReading.readDataToEndOfFile() }
    errReader.start()
    let outData = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while errReader.isExecuting || writer.isExecuting { usleep(1000) }
    return (process.terminationStatus, outData, String(decoding: errData.value, as: UTF8.self))
}

extension XCTestCase {
    /// A folder of its own with `rules index build`'s index of the man-ru-mini fixture (or
    /// `corpus`), removed when the test ends.
    func builtIndex(_ name: String, corpus: URL = TestPaths.fixtures.appendingPathComponent("man-ru-mini/corpus.jsonl")) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let build = try runRules(["index", "build", "--corpus", corpus.path, "--out", folder.path])
        XCTAssertEqual(build.status, 0, build.stderr)
        return folder
    }
}
