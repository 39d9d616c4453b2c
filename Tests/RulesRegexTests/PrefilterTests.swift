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
    ]
    static let alphabet = ["а", "я", "в", "ш", "и", "с", "ь", "о", "т", "н", "е", "ы", "й", "щ", "ю",
                           "a", "b", "c", "d", "e", "x", "y", "z", "é", "É", "ё", "\n", " "]

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
                }
            }
        }
        XCTAssertGreaterThan(matched, 5000)
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
