import Foundation
import RulesRegex
import XCTest

@testable import RulesSearch

/// A PCRE2 engine that answers wrongly for one pattern: the check must notice, and name
/// the stage where the answers part.
final class SkewedEngine: RegexEngine {
    let name = "skewed"
    private let inner = PCRE2Engine()
    private let target: @Sendable (PHPPattern) -> Bool

    init(skewing target: @escaping @Sendable (PHPPattern) -> Bool) {
        self.target = target
    }

    func compile(_ pattern: PHPPattern) throws(RegexError) -> any CompiledPattern {
        let compiled = try inner.compile(pattern)
        return target(pattern) ? NeverMatches(groupCount: compiled.groupCount) : compiled
    }

    private final class NeverMatches: CompiledPattern {
        let groupCount: Int
        init(groupCount: Int) { self.groupCount = groupCount }
        func firstMatch(
            in subject: UnsafeBufferPointer<UInt8>, from offset: Int, options: MatchOptions,
            scratch: inout AnyObject?
        ) throws(RegexError) -> Match? { nil }
    }
}

/// A PCRE2 engine that stops at its match limit on one pattern for subjects holding a
/// marker (and, if asked, never matches another pattern).
final class LimitedEngine: RegexEngine {
    let name = "limited"
    private let inner = PCRE2Engine()
    private let limited: @Sendable (PHPPattern) -> Bool
    private let marker: Bytes
    private let skewed: @Sendable (PHPPattern) -> Bool

    init(
        limiting limited: @escaping @Sendable (PHPPattern) -> Bool, on marker: String,
        skewing skewed: @escaping @Sendable (PHPPattern) -> Bool
    ) {
        self.limited = limited
        self.marker = Bytes(php: marker)
        self.skewed = skewed
    }

    func compile(_ pattern: PHPPattern) throws(RegexError) -> any CompiledPattern {
        let compiled = try inner.compile(pattern)
        return Wrapped(inner: compiled, limitsOn: limited(pattern) ? marker : nil, neverMatches: skewed(pattern))
    }

    private final class Wrapped: CompiledPattern {
        let inner: any CompiledPattern
        let limitsOn: Bytes?
        let neverMatches: Bool
        var groupCount: Int { inner.groupCount }
        init(inner: any CompiledPattern, limitsOn: Bytes?, neverMatches: Bool) {
            self.inner = inner
            self.limitsOn = limitsOn
            self.neverMatches = neverMatches
        }
        func firstMatch(
            in subject: UnsafeBufferPointer<UInt8>, from offset: Int, options: MatchOptions,
            scratch: inout AnyObject?
        ) throws(RegexError) -> Match? {
            if let limitsOn, PHPStrings.firstIndex(of: limitsOn, in: Array(subject), from: 0) != nil { throw .matchLimit }
            if neverMatches { return nil }
            return try inner.firstMatch(in: subject, from: offset, options: options, scratch: &scratch)
        }
    }
}

final class EngineCheckTests: XCTestCase {
    private func miniCorpus() throws -> Corpus {
        try Corpus.read(TestPaths.fixtures.appendingPathComponent("man-ru-mini/corpus.jsonl"))
    }

    private func check(skewing target: @escaping @Sendable (PHPPattern) -> Bool, queries: [String]) throws -> EngineCheck.Report {
        let check = EngineCheck(
            left: PCRE2Engine(), right: SkewedEngine(skewing: target),
            corpus: try miniCorpus(), index: nil, texts: nil)
        return check.run(queries: queries.map { Bytes(php: $0) })
    }

    func testTheTwoEnginesAgree() throws {
        let corpus = try miniCorpus()
        let queries = FuzzQuery.generate(
            count: 200, seed: 3,
            vocabulary: corpus.chapters.values.prefix(3).flatMap {
                Indexer.words(PHPCase.lowercase(StripTags.strip($0.html)))
            })
        let report = EngineCheck(left: PCRE2Engine(), right: FoundationEngine(), corpus: corpus, index: nil, texts: nil)
            .run(queries: queries)
        XCTAssertNil(report.difference.map { "\($0.stage): \($0.input.text)\n\($0.left)\n\($0.right)" })
        XCTAssertEqual(report.counts[.queryWords], 200)
        XCTAssertGreaterThan(report.counts[.stems] ?? 0, 1000)
    }

    func testASkewedStemmerPatternIsCaughtAtTheStemsStage() throws {
        let report = try check(
            skewing: { String(decoding: $0.source, as: UTF8.self) == ReferencePatterns.Stemmer.reflexive },
            queries: ["пароль"])
        let difference = try XCTUnwrap(report.difference)
        XCTAssertEqual(difference.stage, .stems)
        XCTAssertTrue(difference.input.text.hasSuffix("ся") || difference.input.text.hasSuffix("сь"), difference.input.text)
    }

    func testASkewedQueryFilterIsCaughtAtTheQueryWordsStage() throws {
        let report = try check(
            skewing: { String(decoding: $0.source, as: UTF8.self) == ReferencePatterns.QueryFilter.commaRun },
            queries: ["пароль", "пароль, пользователь", "файл пароль,пользователь группа"])
        let difference = try XCTUnwrap(report.difference)
        XCTAssertEqual(difference.stage, .queryWords)
        // Reduced to the smallest query that shows it: a comma next to a letter.
        XCTAssertLessThanOrEqual(difference.input.text.count, 3, difference.input.text)
        XCTAssertTrue(difference.input.text.contains(","), difference.input.text)
    }

    func testASkewedHighlightIsCaughtAtTheSnippetsStage() throws {
        let report = try check(skewing: { $0.source.starts(with: Bytes(php: "#\\b(")) }, queries: ["пароль"])
        let difference = try XCTUnwrap(report.difference)
        XCTAssertEqual(difference.stage, .snippets)
        XCTAssertTrue(difference.left.contains("<i>"), difference.left)
    }

    /// The snippet pattern with words that backtrack: the engines agree on generated
    /// cases, a skewed engine is caught at the patterns stage, and where the Foundation
    /// engine stops at its bound while PCRE2 finishes (ICU counts over the whole search,
    /// PCRE2 anew at each start), the difference is named, not failed.
    func testBacktrackingSnippetPatternsAreComparedAndTheMatchLimitNamed() throws {
        let corpus = try miniCorpus()
        let vocabulary = corpus.chapters.values.prefix(3).flatMap { Indexer.words(PHPCase.lowercase(StripTags.strip($0.html))) }
        let cases = FuzzPattern.generate(count: 40, seed: 11, vocabulary: vocabulary)
        XCTAssertTrue(cases.allSatisfy { $0.stems[0].contains(UInt8(ascii: "?")) })
        let agree = EngineCheck(left: PCRE2Engine(), right: FoundationEngine(), corpus: nil, index: nil, texts: nil)
            .run(queries: [], patterns: cases)
        XCTAssertNil(agree.difference.map { "\($0.input.text)\n\($0.left)\n\($0.right)" })
        XCTAssertEqual(agree.counts[.patterns], 40)

        let skewed = EngineCheck(
            left: PCRE2Engine(), right: SkewedEngine(skewing: { $0.source.starts(with: Bytes(php: "#(?<=")) }),
            corpus: nil, index: nil, texts: nil)
        let plain = FuzzPattern.Case(stems: [Bytes(php: "пароль")], subject: Bytes(php: "мой пароль"))
        let caught = try XCTUnwrap(skewed.run(queries: [], patterns: [plain]).difference)
        XCTAssertEqual(caught.stage, .patterns)

        let word = Bytes(php: String(repeating: ".?", count: 22) + String(repeating: "с", count: 22))
        let subject = Bytes(php: "блоке названиях§ \(String(repeating: "с", count: 28)) винительном спросим")
        let atLimit = EngineCheck(left: PCRE2Engine(), right: FoundationEngine(), corpus: nil, index: nil, texts: nil)
            .run(queries: [], patterns: [FuzzPattern.Case(stems: [word, Bytes(php: "сообщением")], subject: subject)])
        XCTAssertNil(atLimit.difference.map(\.left))
        XCTAssertEqual(atLimit.atMatchLimit.count, 1)
        XCTAssertEqual(atLimit.atMatchLimit.first?.left, "[0..<88]")
    }

    /// A hit whose snippet stopped at the match limit in one engine is named, not failed.
    func testALimitReachedForOneHitIsNamed() throws {
        let corpus = try miniCorpus()
        let stemsInText: @Sendable (PHPPattern) -> Bool = { p in p.source.starts(with: Bytes(php: "#(?<=")) }
        let limitedOnly = EngineCheck(
            left: PCRE2Engine(), right: LimitedEngine(limiting: stemsInText, on: "apropos", skewing: { _ in false }),
            corpus: corpus, index: nil, texts: nil
        ).run(queries: [Bytes(php: "поиск")])
        XCTAssertNil(limitedOnly.difference.map { "\($0.stage) \($0.left)" })
        XCTAssertEqual(limitedOnly.atMatchLimit.map(\.stage), [.snippets])

    }
}
