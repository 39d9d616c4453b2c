import RulesRegex

/// PHP's `serialize` and `unserialize` for the values an index holds: arrays, strings,
/// integers, floats, booleans and null. Anything else (objects, references, custom
/// serialization) is refused, as is any malformed input: never a crash.
package enum PHPSerialize {
    package static func serialize(_ value: PHPValue, into out: inout Bytes) {
        switch value {
        case .null:
            out += [0x4E, 0x3B]   // N;
        case .bool(let b):
            out += Bytes(php: b ? "b:1;" : "b:0;")
        case .int(let n):
            serialize(int: n, into: &out)
        case .double(let d):
            out += [0x64, 0x3A]
            out += PHPFloat.string(d, precision: -1)
            out.append(0x3B)
        case .string(let s):
            serialize(string: s, into: &out)
        case .array(let array):
            appendArrayStart(array.count, to: &out)
            for (key, element) in array.entries {
                serialize(key: key, into: &out)
                serialize(element, into: &out)
            }
            out.append(0x7D)
        }
    }

    /// `i:<n>;`, without making a ``PHPValue`` (an indirect enum: a box each) first.
    package static func serialize(int n: Int, into out: inout Bytes) {
        out.append(writingAtMost: 23) { $0.serialize(int: n) }
    }

    package static func serialize<S: Collection<UInt8>>(string s: S, into out: inout Bytes) {
        out.append(writingAtMost: 24) { $0.stringStart(length: s.count) }
        out += s
        out.append(writingAtMost: 2) { $0.stringEnd() }
    }

    /// `a:<count>:{`, the start of an array; its entries and `}` follow.
    package static func appendArrayStart(_ count: Int, to out: inout Bytes) {
        out.append(writingAtMost: 24) { $0.arrayStart(count) }
    }

    package static func serialize(key: PHPKey, into out: inout Bytes) {
        switch key {
        case .int(let n):
            serialize(int: n, into: &out)
        case .string(let s):
            serialize(string: s, into: &out)
        }
    }

    package static func serialize(_ value: PHPValue) -> Bytes {
        var out = Bytes()
        serialize(value, into: &out)
        return out
    }

    package struct Error: LocalizedFailure, CustomStringConvertible {
        package let offset: Int
        package let reason: Localized
        package var text: Localized { Localized("\(reason.en) at byte \(offset)", ru: "\(reason.ru) в байте \(offset)") }
        package var description: String { text.en }
    }

    /// `unserialize` of the value starting at `start`; returns it and the offset after it.
    package static func unserialize(_ data: Bytes, from start: Int = 0) throws(Error) -> (PHPValue, Int) {
        var reader = Reader(data: data, position: start)
        let value = try reader.value(depth: 0)
        return (value, reader.position)
    }

    private struct Reader {
        let data: Bytes
        var position: Int
        /// Entries reserved so far, all arrays together: never more than the data can hold
        /// (an entry takes at least 6 bytes, `i:0;N;`), whatever the counts declare.
        var reserved = 0
        static let maxDepth = 4096

        func fail(_ reason: Localized) -> Error { Error(offset: position, reason: reason) }

        mutating func expect(_ byte: UInt8) throws(Error) {
            guard position < data.count, data[position] == byte else {
                throw fail(
                    Localized("expected '\(Character(UnicodeScalar(byte)))'", ru: "ожидался символ «\(Character(UnicodeScalar(byte)))»"))
            }
            position += 1
        }

        /// Decimal digits with an optional sign (`iv`), or unsigned (`uiv`).
        mutating func integerText(signed: Bool) throws(Error) -> Bytes {
            let start = position
            if signed, position < data.count, data[position] == 0x2B || data[position] == 0x2D { position += 1 }
            let digitsStart = position
            while position < data.count, (0x30...0x39).contains(data[position]) { position += 1 }
            guard position > digitsStart else { throw fail(Localized("expected digits", ru: "ожидались цифры")) }
            return Array(data[start..<position])
        }

        mutating func integer() throws(Error) -> Int {
            let text = try integerText(signed: true)
            var digits = text[...]
            var negative = false
            if let sign = digits.first, sign == 0x2B || sign == 0x2D {
                negative = sign == 0x2D
                digits = digits.dropFirst()
            }
            var value = 0
            var overflow = false
            for d in digits {
                let (m, o1) = value.multipliedReportingOverflow(by: 10)
                let (a, o2) = negative ? m.subtractingReportingOverflow(Int(d - 0x30)) : m.addingReportingOverflow(Int(d - 0x30))
                if o1 || o2 {
                    overflow = true
                    break
                }
                value = a
            }
            // PHP accepts an out-of-range integer with a warning, clamped.
            if overflow { value = negative ? Int.min : Int.max }
            return value
        }

        mutating func length() throws(Error) -> Int {
            let text = try integerText(signed: false)
            guard text.count <= 18 else { throw fail(Localized("length too large", ru: "слишком большая длина")) }
            // Digits only (integerText), at most 18: no overflow. Read here rather than
            // through a String: every field of every entry a search shows has a length.
            var n = 0
            for digit in text { n = n * 10 + Int(digit &- 0x30) }
            return n
        }

        mutating func double() throws(Error) -> Double {
            let start = position
            while position < data.count, data[position] != 0x3B { position += 1 }
            let text = String(decoding: data[start..<position], as: UTF8.self)
            switch text {
            case "NAN": return .nan
            case "INF": return .infinity
            case "-INF": return -.infinity
            default: break
            }
            // [+-]? digits with an optional fraction and exponent; nothing else.
            var sawDigit = false
            var i = text.startIndex
            if i < text.endIndex, text[i] == "+" || text[i] == "-" { i = text.index(after: i) }
            while i < text.endIndex, text[i].isASCII, text[i].isNumber {
                sawDigit = true
                i = text.index(after: i)
            }
            if i < text.endIndex, text[i] == "." {
                i = text.index(after: i)
                while i < text.endIndex, text[i].isASCII, text[i].isNumber {
                    sawDigit = true
                    i = text.index(after: i)
                }
            }
            guard sawDigit else {
                position = start
                throw fail(Localized("malformed float", ru: "неверное дробное число"))
            }
            if i < text.endIndex, text[i] == "e" || text[i] == "E" {
                i = text.index(after: i)
                if i < text.endIndex, text[i] == "+" || text[i] == "-" { i = text.index(after: i) }
                var expDigits = false
                while i < text.endIndex, text[i].isASCII, text[i].isNumber {
                    expDigits = true
                    i = text.index(after: i)
                }
                guard expDigits else {
                    position = start
                    throw fail(Localized("malformed float", ru: "неверное дробное число"))
                }
            }
            guard i == text.endIndex, let value = Double(text.hasPrefix("+") ? String(text.dropFirst()) : text) else {
                position = start
                throw fail(Localized("malformed float", ru: "неверное дробное число"))
            }
            return value
        }

        mutating func string() throws(Error) -> Bytes {
            try expect(0x3A)
            let n = try length()
            try expect(0x3A)
            try expect(0x22)
            guard data.count - position >= n else {
                throw fail(Localized("string shorter than its length", ru: "строка короче своей длины"))
            }
            let s = Array(data[position..<(position + n)])
            position += n
            try expect(0x22)
            try expect(0x3B)
            return s
        }

        mutating func value(depth: Int) throws(Error) -> PHPValue {
            guard depth < Self.maxDepth else { throw fail(Localized("nested too deeply", ru: "слишком глубокая вложенность")) }
            guard position < data.count else { throw fail(Localized("unexpected end of data", ru: "данные оборвались")) }
            let type = data[position]
            position += 1
            switch type {
            case 0x4E:   // N;
                try expect(0x3B)
                return .null
            case 0x62:   // b:0; b:1;
                try expect(0x3A)
                guard position < data.count, data[position] == 0x30 || data[position] == 0x31 else {
                    throw fail(Localized("malformed boolean", ru: "неверное логическое значение"))
                }
                let b = data[position] == 0x31
                position += 1
                try expect(0x3B)
                return .bool(b)
            case 0x69:   // i:n;
                try expect(0x3A)
                let n = try integer()
                try expect(0x3B)
                return .int(n)
            case 0x64:   // d:x;
                try expect(0x3A)
                let d = try double()
                try expect(0x3B)
                return .double(d)
            case 0x73:   // s:n:"...";
                return .string(try string())
            case 0x61:   // a:n:{key value ...}
                try expect(0x3A)
                let n = try length()
                try expect(0x3A)
                try expect(0x7B)
                // Space in proportion to the data, not to what the counts declare: 68 KB
                // of nested `a:999999999:{` reserved 120 MB before they were refused.
                let capacity = min(n, 1 << 16, max(data.count / 6 - reserved, 0))
                reserved += capacity
                var array = PHPArray(minimumCapacity: capacity)
                for _ in 0..<n {
                    guard position < data.count else { throw fail(Localized("unexpected end of data", ru: "данные оборвались")) }
                    let key: PHPKey
                    switch data[position] {
                    case 0x69:
                        position += 1
                        try expect(0x3A)
                        key = .int(try integer())
                        try expect(0x3B)
                    case 0x73:
                        position += 1
                        key = PHPKey(try string())
                    default:
                        throw fail(
                            Localized("array key is neither an integer nor a string", ru: "ключ массива — не целое число и не строка"))
                    }
                    array[key] = try value(depth: depth + 1)
                }
                try expect(0x7D)
                return .array(array)
            case 0x4F, 0x43, 0x45, 0x72, 0x52:
                position -= 1
                throw fail(Localized("objects and references are not allowed in an index", ru: "объекты и ссылки в индексе недопустимы"))
            default:
                position -= 1
                throw fail(Localized("unknown value type", ru: "неизвестный тип значения"))
            }
        }
    }
}

/// `serialize`'s output written through a pointer (see ``BufferWriter``): the same bytes as
/// ``PHPSerialize``.
extension BufferWriter {
    /// `i:<n>;`
    mutating func serialize(int n: Int) {
        byte(0x69)
        byte(0x3A)
        decimal(n)
        byte(0x3B)
    }

    /// `s:<length>:"<bytes>";`
    mutating func serialize(string s: ArraySlice<UInt8>) {
        stringStart(length: s.count)
        bytes(s)
        stringEnd()
    }

    /// `s:<length>:"`, which the string's bytes follow.
    mutating func stringStart(length: Int) {
        byte(0x73)
        byte(0x3A)
        decimal(length)
        byte(0x3A)
        byte(0x22)
    }

    /// `";`, after a string's bytes.
    mutating func stringEnd() {
        byte(0x22)
        byte(0x3B)
    }

    /// An array key made of a word, as PHP makes it: an integer for a canonical integer.
    mutating func serialize(key word: ArraySlice<UInt8>) {
        if let n = PHPKey.canonicalInteger(word) { serialize(int: n) } else { serialize(string: word) }
    }

    /// `a:<count>:{`
    mutating func arrayStart(_ count: Int) {
        byte(0x61)
        byte(0x3A)
        decimal(count)
        byte(0x3A)
        byte(0x7B)
    }
}
