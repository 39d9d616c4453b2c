import Foundation
import RulesRegex
import XCTest

@testable import RulesSearch

/// The stemmer against stems the PHP original produced (`Stemmer::stem_word`).
final class StemmerTests: XCTestCase {
    private func check(_ pairs: [(word: Bytes, stem: Bytes)], engine: any RegexEngine) -> [String] {
        let stemmer = Stemmer(preg: Preg(engine: engine))
        var wrong: [String] = []
        for (word, expected) in pairs {
            let got = stemmer.stem(word)
            if got != expected {
                wrong.append("\(word.text): \(got.text), PHP \(expected.text)")
                if wrong.count >= 20 { break }
            }
        }
        return wrong
    }

    /// A sample of the reference stems kept in the repository, so that a fresh clone tests
    /// the stemmer too: capitals, `ё`, Latin and other scripts, and a stride of the rest.
    func testReferenceSampleWithBothEngines() throws {
        let pairs = try readStemPairs(TestPaths.fixtures.appendingPathComponent("stems-sample.tsv"))
        XCTAssertGreaterThan(pairs.count, 3000)
        for engine in allEngines() {
            XCTAssertEqual(check(pairs, engine: engine), [], engine.name)
        }
    }

    /// All 159,498 reference stems, with both engines.
    func testAllReferenceStemsWithBothEngines() throws {
        let pairs = try readStemPairs(try TestPaths.referenceFile("stems.tsv"))
        XCTAssertEqual(pairs.count, 159_498)
        for engine in allEngines() {
            XCTAssertEqual(check(pairs, engine: engine), [], engine.name)
        }
    }

    /// The reference's fixed patterns answer their first uses on short subjects in PCRE2's
    /// interpreter and later ones with its JIT: a stemmer made anew for each word (every
    /// pattern interpreted, none analysed) gives the reference's stems, and the words
    /// longest for the interpreter (48 letters, which the derivational step searches
    /// most) get the same stem from a fresh stemmer as from one long in use (the JIT).
    func testInterpretedFirstUsesGiveTheSameStems() throws {
        let pairs = try readStemPairs(TestPaths.fixtures.appendingPathComponent("stems-sample.tsv"))
        var wrong: [String] = []
        for (k, pair) in pairs.enumerated() where k % 3 == 0 {
            let got = Stemmer(preg: Preg(engine: PCRE2Engine())).stem(pair.word)
            if got != pair.stem { wrong.append("\(pair.word.text): \(got.text), PHP \(pair.stem.text)") }
        }
        XCTAssertEqual(wrong, [])
        let warmed = Stemmer(preg: Preg(engine: PCRE2Engine()))
        for pair in pairs.prefix(200) { _ = warmed.stem(pair.word) }
        var generator = SystemRandomNumberGenerator()
        let letters = Array("бвгджзклмнпрстфхцчшщаеиоуыэюяь")
        for ending in ["ость", "ости", "остью", "ивший", "ующимися", "ейшая", "нн", ""] {
            for length in [40, 44, 48] {
                let stemLetters = (0..<(length - ending.count)).map { _ in letters.randomElement(using: &generator)! }
                let word = Bytes(php: String(stemLetters) + ending)
                XCTAssertEqual(
                    Stemmer(preg: Preg(engine: PCRE2Engine())).stem(word).text, warmed.stem(word).text, word.text)
            }
        }
    }

    func testFixedWordsAndQuirks() {
        let stemmer = Stemmer(preg: Preg(engine: PCRE2Engine()))
        XCTAssertEqual(stemmer.stem("ЧТОБЫ"), "чтоб")   // fixed word, after lower-casing
        XCTAssertEqual(stemmer.stem("ещё"), "еще")   // ё becomes е before the table
        XCTAssertEqual(stemmer.stem("как"), "как")   // kept as is
        XCTAssertEqual(stemmer.stem("запятая"), "запят")
        XCTAssertEqual(stemmer.stem("а0"), "а0")   // RV "0" is false in PHP
    }

    func testLowercaseMatchesPHP() {
        XCTAssertEqual(PHPCase.lowercase(Bytes(php: "ЁЛКА İ ΣΑΣ Ǆ")).text, "ёлка i̇ σασ ǆ")
        XCTAssertEqual(PHPCase.lowercase([0x41, 0x80, 0xC2]), Bytes(php: "a??"))
        XCTAssertEqual(PHPCase.lowercase([0xE0, 0xA0, 0x41]), Bytes(php: "?a"))
        XCTAssertEqual(PHPCase.lowercase([0xED, 0xA0, 0x80]), Bytes(php: "???"))
        XCTAssertEqual(PHPCase.lowercase(Bytes(php: "\u{1C89}")), Bytes(php: "\u{1C89}"))   // not in Unicode 14
    }

    /// The two-byte table and the search of the runs beyond it agree with the runs PHP
    /// gave, for every code point.
    func testLowerCaseOfEveryCodePointFollowsThePHPRuns() {
        var expected: [UInt32: UInt32] = [:]
        for run in PHPCase.lowercaseRuns {
            for k in 0..<run.count {
                let c = run.first + k * run.step
                expected[c] = UInt32(Int64(c) + Int64(run.delta))
            }
        }
        var wrong: [UInt32] = []
        for c in UInt32(0)...0x10FFFF where PHPCase.lower(c) != (expected[c] ?? c) { wrong.append(c) }
        XCTAssertEqual(wrong.prefix(10).map { String($0, radix: 16) }, [])
    }
}

/// `rules stem` as a user runs it.
final class StemCommandTests: XCTestCase {
    func testStemCommandReproducesTheReferenceFile() throws {
        let url = try TestPaths.referenceFile("stems.tsv")
        let expected = try Data(contentsOf: url)
        let words = Data(try readStemPairs(url).map(\.word).joined(separator: [0x0A]) + [0x0A])
        for engine in Engine.allCases.map(\.rawValue) {
            let result = try runRules(["stem", "--engine", engine], input: words)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stdout == expected, "\(engine): rules stem differs from stems.tsv")
        }
    }

    func testStemArgumentsAndEnvironment() throws {
        let result = try runRules(["stem", "Запятые", "ёлками"], environment: ["RULES_ENGINE": "foundation"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "Запятые\tзапят\nёлками\tелк\n")
    }

    func testUnknownEngineIsAnError() throws {
        let result = try runRules(["stem", "--engine", "perl", "слово"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stdout.isEmpty)
        XCTAssertEqual(result.stderr, "rules: unknown engine 'perl' in --engine: use pcre2 or foundation\n")
        let env = try runRules(["stem", "слово"], environment: ["RULES_ENGINE": "icu"])
        XCTAssertEqual(env.status, 2)
        XCTAssertTrue(env.stderr.contains("RULES_ENGINE"), env.stderr)
    }

    func testVersionAndHelp() throws {
        let version = try runRules(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(String(decoding: version.stdout, as: UTF8.self).hasPrefix("rules "))
        let help = try runRules(["stem", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(
            String(decoding: help.stdout, as: UTF8.self).contains("--engine NAME    the regex engine: pcre2 (default) or foundation"))
        let bad = try runRules(["stem", "--nope"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr, "rules: unknown option '--nope' (see rules stem --help)\n")
    }
}
