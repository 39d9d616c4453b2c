import Foundation
import RulesRegex

/// PHP's text for a float: `serialize` and `json_encode` (`serialize_precision = -1`, the
/// shortest form that reads back the same) and `(string)` (`precision = 14`).
package enum PHPFloat {
    /// `zend_gcvt` with `precision` significant digits, or the shortest round-trip digits
    /// when `precision` is -1.
    package static func string(_ x: Double, precision: Int) -> Bytes {
        if x.isNaN { return Bytes(php: "NAN") }
        if x.isInfinite { return Bytes(php: x < 0 ? "-INF" : "INF") }
        let negative = x.sign == .minus
        if x == 0 { return Bytes(php: negative ? "-0" : "0") }
        let (digits, exponent) = precision < 0 ? shortestDigits(abs(x)) : roundedDigits(abs(x), precision)
        let threshold = precision < 0 ? 17 : precision
        // Built as bytes: String's generic appends look up their types at run time, a
        // quarter of a million instructions on first use (a one-query search's weights).
        let d = digits
        var out: Bytes = negative ? [0x2D] : []
        if exponent > threshold || exponent < -3 {
            out.append(d[0])
            out.append(0x2E)
            if d.count > 1 { out += d[1...] } else { out.append(0x30) }
            out += [0x45, exponent - 1 >= 0 ? 0x2B : 0x2D]
            out += Bytes(String(abs(exponent - 1)).utf8)
        } else if exponent <= 0 {
            out += [0x30, 0x2E]
            out += repeatElement(0x30, count: -exponent)
            out += d
        } else if d.count <= exponent {
            out += d
            out += repeatElement(0x30, count: exponent - d.count)
        } else {
            out += d[..<exponent]
            out.append(0x2E)
            out += d[exponent...]
        }
        return out
    }

    /// Digits without trailing zeros and the exponent `e` with `x = 0.digits × 10^e`, from
    /// Swift's shortest round-trip description.
    static func shortestDigits(_ x: Double) -> (Bytes, Int) {
        parse(Bytes(x.description.utf8))
    }

    /// The same, rounded to `precision` significant digits (correctly rounded, as dtoa mode 2).
    static func roundedDigits(_ x: Double, _ precision: Int) -> (Bytes, Int) {
        parse(Bytes(String(format: "%.\(max(precision, 1) - 1)e", x).utf8))
    }

    /// The digits and the exponent of a number written `[-]d.ddd[e±n]`, read byte by byte.
    private static func parse(_ text: Bytes) -> (Bytes, Int) {
        var mantissa = text[...]
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == 0x65 || $0 == 0x45 }) {
            mantissa = text[..<e]
            exponent = Int(String(decoding: text[(e + 1)...], as: UTF8.self)) ?? 0
        }
        var digits = Bytes()
        var pointPosition: Int?
        for byte in mantissa {
            if byte == 0x2E { pointPosition = digits.count } else if byte >= 0x30 && byte <= 0x39 { digits.append(byte) }
        }
        var point = (pointPosition ?? digits.count) + exponent
        var first = 0
        while first < digits.count, digits[first] == 0x30 {
            first += 1
            point -= 1
        }
        var end = digits.count
        while end > first, digits[end - 1] == 0x30 { end -= 1 }
        return (first == end ? [0x30] : Array(digits[first..<end]), point)
    }
}
