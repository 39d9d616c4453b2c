import RulesRegex
import RulesSearch
import XCTest

/// The two engines must be interchangeable: every pattern of the reference engine, on
/// thousands of generated strings, gives the same answers with PCRE2 and with Foundation.
final class DifferentialTests: XCTestCase {
    let comparison = EngineComparison(left: PCRE2Engine(), right: FoundationEngine())

    func testEveryReferencePatternOnGeneratedStrings() {
        var rng = SeededGenerator(seed: 20_261_130)
        let subjects = (0..<10_000).map { _ in FuzzText.string(using: &rng) }
        var compared = 0
        var differences: [String] = []
        for (name, pattern, replacement) in ReferencePatterns.all {
            for subject in subjects {
                compared += 1
                if let d = comparison.difference(
                    pattern: Bytes(php: pattern), subject: subject,
                    replacement: replacement.map { Bytes(php: $0) })
                {
                    differences.append("\(name) on \(EngineComparison.show(subject)): \(d)")
                    if differences.count > 20 { break }
                }
            }
        }
        XCTAssertEqual(compared, ReferencePatterns.all.count * 10_000)
        XCTAssertEqual(differences, [], "\(differences.count) differences")
    }

    /// The snippet patterns are built from query words and from text the stems matched, so
    /// their bodies vary: generated stems (metacharacters included) on generated text.
    func testSnippetPatternsBuiltFromGeneratedWords() {
        var rng = SeededGenerator(seed: 7)
        var differences: [String] = []
        for _ in 0..<3_000 {
            let stems = (0..<Int.random(in: 1...4, using: &rng)).map { _ in FuzzText.filteredWord(using: &rng) }
            let text = FuzzText.string(using: &rng, maxPieces: 40, invalidOneIn: 0) + stems.joined(separator: [0x20])
            let find = ReferencePatterns.Snippets.stemsInText(stems)
            if let d = comparison.difference(pattern: find, subject: text, replacement: nil) {
                differences.append("stems \(EngineComparison.show(find)) on \(EngineComparison.show(text)): \(d)")
            }
            // Highlighting uses the words the first pattern found, as the reference does.
            var found: [[Preg.Capture]]? = nil
            comparison.left.matchAll(find, text, &found)
            let words = found?.first?.map(\.text).filter { !$0.isEmpty } ?? []
            if !words.isEmpty {
                let highlight = ReferencePatterns.Snippets.highlight(words)
                if let d = comparison.difference(
                    pattern: highlight, subject: text,
                    replacement: Bytes(php: ReferencePatterns.Snippets.highlightReplacement))
                {
                    differences.append("highlight \(EngineComparison.show(highlight)) on \(EngineComparison.show(text)): \(d)")
                }
            }
            if differences.count > 20 { break }
        }
        XCTAssertEqual(differences, [], "\(differences.count) differences")
    }
}
