import Foundation
import XCTest

@testable import RulesRegex

/// The ICU translation puts a lookahead for the characters a match can start with
/// (``StartCharacters/firstCharacters(of:below:)``) before an alternation of more than three
/// branches, so that ICU passes over positions where no branch can start. The lookahead
/// must never stand where a branch can start: for alternations whose first character hides
/// behind look-arounds, optional items, negated classes or case folding, with and without
/// `/u`, the translation is checked for the lookahead it should (or should not) have, and
/// the Foundation engine's matches against PCRE2's on random subjects.
final class ICULookaheadTests: XCTestCase {
    /// Each pattern, with whether its translation has the lookahead.
    static let cases: [(source: String, lookahead: Bool)] = [
        ("/(?:ив|ивши|ыв|(?<=[ая])вши)$/u", true),
        ("/(?:x?y|z|w|v)/u", true),
        ("/(?:[^a]|b|c|d)/u", true),
        ("/(?:[^a]|b|c|d)/", true),
        ("/(?:\\bя|ё|\\Bб|в)/u", true),
        ("/(?:(?=a)[a-c]|d|e|f)/", true),
        ("/(?:a|b|c|)/", false),
        ("/(?:a|b|c|d*)/u", false),
        ("/(?i:a|b|c|d)/", false),
        ("/(?:[\\x00-\\xff]|a|b|c)/", false),
        ("/(?:a|b|c)/", false),
    ]

    func testLookaheadBeforeLongAlternations() throws {
        for (source, expected) in Self.cases {
            let pattern = try PHPPattern(source)
            let translation = try ICUTranslation(body: pattern.body, options: pattern.options)
            XCTAssertEqual(translation.pattern.hasPrefix("(?:(?=["), expected, "\(source) → \(translation.pattern)")
        }
    }

    func testLookaheadNeverHidesAMatch() throws {
        let alphabet = [
            "а", "я", "в", "ш", "и", "ы", "ё", "б", "a", "b", "c", "d", "e", "f", "v", "w", "x", "y", "z",
            "A", "B", " ", "\n", "é", "€", "😀",
        ]
        var rng = SplitMix(state: 11)
        let pcre2 = Preg(engine: PCRE2Engine())
        let foundation = Preg(engine: FoundationEngine())
        var matched = 0
        for (source, _) in Self.cases {
            for _ in 0..<300 {
                let length = Int.random(in: 0...12, using: &rng)
                let subject = Bytes((0..<length).map { _ in alphabet.randomElement(using: &rng)! }.joined().utf8)
                var a: [[Preg.Capture]]?
                var b: [[Preg.Capture]]?
                let countA = pcre2.matchAll(Bytes(php: source), subject, &a)
                let countB = foundation.matchAll(Bytes(php: source), subject, &b)
                XCTAssertEqual(countA, countB, "\(source) on \(subject.text.debugDescription)")
                XCTAssertEqual(a, b, "\(source) on \(subject.text.debugDescription)")
                if (countA ?? 0) > 0 { matched += 1 }
            }
        }
        XCTAssertGreaterThan(matched, 1000)
    }
}
