import Foundation
import RulesRegex

/// Where the test data lives: next to this file, and `../shared` beside the repository.
enum TestPaths {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let fixtures = testsDirectory.appendingPathComponent("Fixtures")
    static let repository = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    static let shared = repository.deletingLastPathComponent().appendingPathComponent("shared")
}

extension Bytes {
    var text: String { String(decoding: self, as: UTF8.self) }
}

/// Both engines, as the conformance and differential suites run them.
func allEngines() -> [any RegexEngine] {
    [PCRE2Engine(), FoundationEngine()]
}
