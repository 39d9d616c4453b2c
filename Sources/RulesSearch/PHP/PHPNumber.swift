/// A PHP number: an integer until a float meets it, as weights are in the reference
/// (keyword weights are integers, full-text weights floats, their sum a float).
package enum PHPNumber: Equatable, Comparable, Sendable, CustomStringConvertible {
    case int(Int)
    case double(Double)

    package var doubleValue: Double {
        switch self {
        case .int(let n): return Double(n)
        case .double(let d): return d
        }
    }

    package static func + (a: PHPNumber, b: PHPNumber) -> PHPNumber {
        if case .int(let x) = a, case .int(let y) = b {
            let (sum, overflow) = x.addingReportingOverflow(y)
            return overflow ? .double(Double(x) + Double(y)) : .int(sum)
        }
        return .double(a.doubleValue + b.doubleValue)
    }

    package static func * (a: PHPNumber, b: PHPNumber) -> PHPNumber {
        if case .int(let x) = a, case .int(let y) = b {
            let (product, overflow) = x.multipliedReportingOverflow(by: y)
            return overflow ? .double(Double(x) * Double(y)) : .int(product)
        }
        return .double(a.doubleValue * b.doubleValue)
    }

    /// PHP's `==` and `<` between numbers: by value.
    package static func == (a: PHPNumber, b: PHPNumber) -> Bool {
        if case .int(let x) = a, case .int(let y) = b { return x == y }
        return a.doubleValue == b.doubleValue
    }

    package static func < (a: PHPNumber, b: PHPNumber) -> Bool {
        if case .int(let x) = a, case .int(let y) = b { return x < y }
        return a.doubleValue < b.doubleValue
    }

    /// As `json_encode` writes it (`serialize_precision = -1`).
    package var description: String {
        switch self {
        case .int(let n): return String(n)
        case .double(let d):
            if d.isNaN || d.isInfinite { return "0" }
            return String(decoding: PHPFloat.string(d, precision: -1), as: UTF8.self)
        }
    }

    package init?(_ value: PHPValue) {
        switch value {
        case .int(let n): self = .int(n)
        case .double(let d): self = .double(d)
        default: return nil
        }
    }
}

/// PHP 8's loose comparison `==` of two strings: as numbers when both are numeric strings,
/// byte for byte otherwise.
package enum PHPCompare {
    package static func looseEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        if a == b { return true }
        guard let x = numericValue(a), let y = numericValue(b) else { return false }
        switch (x, y) {
        case (.int(let p), .int(let q)): return p == q
        default: return x.doubleValue == y.doubleValue
        }
    }

    /// The value of a numeric string: optional leading white space, a sign, digits with an
    /// optional fraction and exponent, optional trailing white space. `nil` otherwise.
    package static func numericValue(_ s: [UInt8]) -> PHPNumber? {
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0B || b == 0x0C }
        var i = 0
        let n = s.count
        while i < n, isSpace(s[i]) { i += 1 }
        let start = i
        if i < n, s[i] == 0x2B || s[i] == 0x2D { i += 1 }
        var digits = 0
        while i < n, (0x30...0x39).contains(s[i]) {
            i += 1
            digits += 1
        }
        var isInteger = true
        if i < n, s[i] == 0x2E {
            isInteger = false
            i += 1
            while i < n, (0x30...0x39).contains(s[i]) {
                i += 1
                digits += 1
            }
        }
        guard digits > 0 else { return nil }
        if i < n, s[i] == 0x65 || s[i] == 0x45 {
            var j = i + 1
            if j < n, s[j] == 0x2B || s[j] == 0x2D { j += 1 }
            var expDigits = 0
            while j < n, (0x30...0x39).contains(s[j]) {
                j += 1
                expDigits += 1
            }
            if expDigits > 0 {
                isInteger = false
                i = j
            }
        }
        let end = i
        while i < n, isSpace(s[i]) { i += 1 }
        guard i == n else { return nil }
        let text = String(decoding: s[start..<end], as: UTF8.self)
        if isInteger, let v = Int(text.hasPrefix("+") ? String(text.dropFirst()) : text) { return .int(v) }
        return Double(text.hasPrefix("+") ? String(text.dropFirst()) : text).map { .double($0) }
    }
}
