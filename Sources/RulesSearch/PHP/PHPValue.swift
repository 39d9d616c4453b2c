import RulesRegex

/// A key of a PHP array: an integer or a byte string. A string that is a canonical decimal
/// integer is always stored as the integer, as PHP does (`"12"` is `12`, `"012"` stays).
package enum PHPKey: Hashable, Sendable {
    case int(Int)
    case string(Bytes)

    /// The key PHP makes of a string.
    package init(_ bytes: Bytes) {
        if let n = PHPKey.canonicalInteger(bytes) { self = .int(n) } else { self = .string(bytes) }
    }

    /// The key as PHP turns it back into a string (`foreach ($a as $k => ...)` then `"$k"`).
    package var bytes: Bytes {
        switch self {
        case .int(let n): return Bytes(String(n).utf8)
        case .string(let s): return s
        }
    }

    /// The integer a string key becomes: `^(0|-?[1-9][0-9]*)$` within 64 bits.
    package static func canonicalInteger<C: Collection<UInt8>>(_ s: C) -> Int? {
        guard let first = s.first, s.count <= 20 else { return nil }
        var negative = false
        if first == UInt8(ascii: "-") {
            negative = true
            guard s.count > 1 else { return nil }
        }
        let digits = s.dropFirst(negative ? 1 : 0)
        guard let lead = digits.first, lead >= 0x30, lead <= 0x39 else { return nil }
        if lead == 0x30 { return (digits.count == 1 && !negative) ? 0 : nil }
        var value: Int = 0
        for b in digits {
            guard b >= 0x30, b <= 0x39 else { return nil }
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (a, o2) = negative ? m.subtractingReportingOverflow(Int(b - 0x30)) : m.addingReportingOverflow(Int(b - 0x30))
            if o1 || o2 { return nil }
            value = a
        }
        return value
    }
}

/// A PHP value of the kinds an index file holds: what `serialize` writes and `unserialize`
/// reads back.
package indirect enum PHPValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(Bytes)
    case array(PHPArray)

    package static func == (a: PHPValue, b: PHPValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.double(let x), .double(let y)): return x.bitPattern == y.bitPattern || x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        default: return false
        }
    }

    /// PHP's `(string)` of a scalar, for the places the reference concatenates a value.
    package var stringValue: Bytes {
        switch self {
        case .null: return []
        case .bool(let b): return b ? [0x31] : []
        case .int(let n): return Bytes(String(n).utf8)
        case .double(let d): return PHPFloat.string(d, precision: 14)
        case .string(let s): return s
        case .array: return Bytes(php: "Array")
        }
    }
}

/// A PHP array: an ordered map from ``PHPKey`` to ``PHPValue``.
package typealias PHPArray = OrderedMap<PHPKey, PHPValue>
