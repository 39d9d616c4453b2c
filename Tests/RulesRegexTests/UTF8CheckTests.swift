import XCTest

@testable import RulesRegex

/// The UTF-8 check that stands in for PCRE2's own agrees with Swift's decoder on
/// random bytes, Cyrillic text with damage in it among them.
final class UTF8CheckTests: XCTestCase {
    func testValidityAsSwiftSeesIt() {
        var rng = SplitMix(state: 7)
        let pieces: [[UInt8]] = [
            Array("пример ".utf8), Array("ёЁ".utf8), Array("abc".utf8), [0xC0, 0x80], [0xC1, 0xBF],
            [0xC2, 0x80], [0xDF, 0xBF], [0xD0], [0x80], [0xE2, 0x80, 0x94], [0xED, 0xA0, 0x80],
            [0xF0, 0x9F, 0x98, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF], Array("съезд".utf8),
            [0x20], Array("я".utf8), [0xC3], [0xBF], [0xC1], [0xE0, 0xA0, 0x80], [0xE0, 0x9F, 0xBF],
            Array("a, б.".utf8), [0xC2, 0xA0],
        ]
        var invalid = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &rng) { bytes += pieces.randomElement(using: &rng)! }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            XCTAssertEqual(UTF8Bytes.isValid(bytes), expected, "\(bytes)")
            if !expected { invalid += 1 }
        }
        XCTAssertGreaterThan(invalid, 5000)
    }
}
