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
        var out = negative ? "-" : ""
        if exponent > threshold || exponent < -3 {
            let first = digits.first!
            let rest = digits.dropFirst()
            out += "\(first)." + (rest.isEmpty ? "0" : String(rest))
            out += "E" + (exponent - 1 >= 0 ? "+" : "-") + String(abs(exponent - 1))
        } else if exponent <= 0 {
            out += "0." + String(repeating: "0", count: -exponent) + digits
        } else if digits.count <= exponent {
            out += digits + String(repeating: "0", count: exponent - digits.count)
        } else {
            let cut = digits.index(digits.startIndex, offsetBy: exponent)
            out += digits[..<cut] + "." + digits[cut...]
        }
        return Bytes(out.utf8)
    }

    /// Digits without trailing zeros and the exponent `e` with `x = 0.digits × 10^e`, from
    /// Swift's shortest round-trip description.
    static func shortestDigits(_ x: Double) -> (String, Int) {
        parse(x.description)
    }

    /// The same, rounded to `precision` significant digits (correctly rounded, as dtoa mode 2).
    static func roundedDigits(_ x: Double, _ precision: Int) -> (String, Int) {
        parse(String(format: "%.\(max(precision, 1) - 1)e", x))
    }

    private static func parse(_ text: String) -> (String, Int) {
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...]) ?? 0
        }
        var digits = ""
        var pointPosition: Int?
        for ch in mantissa {
            if ch == "." { pointPosition = digits.count } else if ch.isNumber { digits.append(ch) }
        }
        var point = (pointPosition ?? digits.count) + exponent
        while digits.first == "0" {
            digits.removeFirst()
            point -= 1
        }
        while digits.last == "0" { digits.removeLast() }
        return (digits.isEmpty ? "0" : digits, point)
    }
}
