import Foundation
import XCTest

@testable import RulesRegex

/// `Preg` skips the engine when a pattern's structure shows that a subject cannot match
/// (``MatchPrefilter``). Skipping must never change an answer: for patterns of the shapes
/// the prefilter reads, and random subjects, `Preg`'s answer is checked against one
/// attempt by the engine itself, with no prefilter in the way.
final class PrefilterTests: XCTestCase {
    static let patterns = [
        "/(ее|ие|ые|ое|ими|ей|ий|ой|ем|его|ему|их|ую|ая|яя)$/u",
        "/((ив|ивши|ившись|ыв)|((?<=[ая])(в|вши|вшись)))$/u",
        "/((ивш|ывш|ующ)|((?<=[ая])(ем|нн|вш|ющ|щ)))$/u",
        "/ость?$/u", "/(с[яь])$/u", "/нн$/u", "/и$/u", "/ейше?/u",
        "/ab?c{0,2}$/", "/(a|bc)$/D", "/(x|yz)$/", "/[a-c]{2}$/", "/(?<=a)b$/", "/\\bяв$/u",
        "/(é|ё)$/u", "/é$/iu", "/(a|)$/", "/a*$/", "/(?:ab|cd)(?:e|)$/", "/x$/m",
        // Look-behinds before the ending: at the match's start, after text, two at once,
        // of two lengths, negative, before an ending that can be empty.
        "/(?<=ab|c)(d|e)$/", "/(?:(?<=[ая])(в|ем)|x)$/u", "/a(?<=[ab])b$/", "/(?<=а)(?<=[ая])в$/u",
        "/((?<=[ая]|ё)в)$/u", "/(?<![ая])(в|ем)$/u", "/(?<=[ая])в?$/u", "/(?<=ая|я)в$/u",
    ]
    static let alphabet = [
        "а", "я", "в", "ш", "и", "с", "ь", "о", "т", "н", "е", "ы", "й", "щ", "ю",
        "a", "b", "c", "d", "e", "x", "y", "z", "é", "É", "ё", "\n", " ",
    ]

    func testSkippingTheEngineNeverHidesAMatch() throws {
        var rng = SplitMix(state: 42)
        var subjects: [Bytes] = []
        for _ in 0..<3000 {
            let length = Int.random(in: 0...8, using: &rng)
            subjects.append(Bytes((0..<length).map { _ in Self.alphabet.randomElement(using: &rng)! }.joined().utf8))
        }
        var matched = 0
        for engine in allEngines() {
            let preg = Preg(engine: engine)
            for source in Self.patterns {
                let regex = try preg.compile(source).get()
                for subject in subjects {
                    let answer = preg.matches(regex, subject)
                    var scratch: AnyObject?
                    let direct = try subject.withUnsafeBufferPointer {
                        try regex.compiled.firstMatch(in: $0, from: 0, options: [], scratch: &scratch)
                    }
                    XCTAssertEqual(answer, direct == nil ? 0 : 1, "\(engine.name): \(source) on \(subject.text.debugDescription)")
                    if direct != nil { matched += 1 }
                    // Where the search begins (the longest ending the subject has): the
                    // same replacements as a pattern used for the first time, which the
                    // prefilter leaves alone.
                    for replacement in ["<>", "<$0>"] {
                        let fresh = Preg.Regex(pattern: regex.pattern, compiled: regex.compiled)
                        XCTAssertEqual(
                            preg.replace(regex, Bytes(replacement.utf8), subject),
                            preg.replace(fresh, Bytes(replacement.utf8), subject),
                            "\(engine.name): \(source) on \(subject.text.debugDescription)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(matched, 5000)
    }

    /// Beginning each search of the global loop where a match can start (``StartCharacters``:
    /// at a character a match can start with, or after one a leading look-behind looks for)
    /// finds the same matches as PCRE2's own search, for patterns of every shape the table
    /// reads (classes and negated ones, look-arounds and optional items before the first
    /// character, alternations, one-character look-behinds with and without `/u`; patterns
    /// anchored where the search stands get none) and on
    /// subjects of one-, two-, three- and four-byte characters.
    func testStartingWhereAMatchCanStartNeverHidesOne() throws {
        let patterns = [
            "#[^\\-а-яё0-9a-z\\^]+#u", "#&[^;]{1,20};#u", "#(?<=[\\.?!;])[ \\n\\t]+#sSu", "/[а-я]+/u",
            "/(?:ab)?[xя]c/u", "/x*y/u", "/(?=a)[a-c]+/u", "/\\bя+/u", "/^[^a]/mu", "/(в|ш)и/u", "/[^ё]ё/u",
            "/[\\x{800}-\\x{FFFF}]/u", "/[^я\\x{10000}]+/u", "/é|b/u", "/[^\\xD0]+/", "/[а]/iu", "/(a|)b/u",
            "/\\Gя/u", "/я/Au",
            "#(?<=[\\.?!;])[ \\n\\t]+#sS", "/(?<=a)b/", "/(?<=x|y)z/", "/(?<!a)b/", "/(?<=[ая])в/u", "/(?<=ab)c/",
        ]
        let alphabet = [
            "а", "я", "ё", "в", "ш", "и", "a", "b", "c", "x", "y", "-", "^", "&", ";", ".", " ", "\n",
            "\t", "é", "ࠀ", "€", "𐀀", "0", "A", "Я", "z", "!", "?",
        ]
        var rng = SplitMix(state: 7)
        let preg = Preg(engine: PCRE2Engine())
        var tabled = 0
        var matched = 0
        for source in patterns {
            let regex = try preg.compile(source).get()
            guard let starts = StartCharacters(pattern: regex.pattern, tree: regex.pattern.syntaxTree) else { continue }
            tabled += 1
            for _ in 0..<400 {
                let length = Int.random(in: 0...24, using: &rng)
                let subject = Bytes((0..<length).map { _ in alphabet.randomElement(using: &rng)! }.joined().utf8)
                try subject.withUnsafeBufferPointer { buffer in
                    var scratch: AnyObject?
                    let plain = try regex.compiled.allMatchBounds(in: buffer, from: 0, utf: regex.isUTF, starts: nil, scratch: &scratch)
                    let skipping = try regex.compiled.allMatchBounds(
                        in: buffer, from: 0, utf: regex.isUTF, starts: starts, scratch: &scratch)
                    XCTAssertEqual(plain, skipping, "\(source) on \(subject.text.debugDescription)")
                    // Each search's start is at or before the match it finds.
                    var from = 0
                    for k in stride(from: 0, to: plain?.count ?? 0, by: 2) {
                        XCTAssertLessThanOrEqual(
                            starts.next(from: from, in: buffer), plain![k], "\(source) on \(subject.text.debugDescription)")
                        from = plain![k + 1]
                        matched += 1
                    }
                }
            }
        }
        XCTAssertEqual(tabled, 18)
        XCTAssertGreaterThan(matched, 3000)
    }
}

/// A small seeded generator (SplitMix64), so that a failure can be run again.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
