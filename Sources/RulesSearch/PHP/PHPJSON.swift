import RulesRegex

/// `json_decode($text, true)` of PHP 8.2: objects become arrays (with PHP's integer keys),
/// integers that fit 64 bits stay integers and other numbers become floats, strings are
/// UTF-8. Invalid JSON, invalid UTF-8 and lone UTF-16 surrogates are errors, as in PHP.
package enum PHPJSON {
    package struct Error: LocalizedFailure, CustomStringConvertible {
        package let offset: Int
        package let reason: Localized
        package var text: Localized { Localized("\(reason.en) at byte \(offset + 1)", ru: "\(reason.ru) в байте \(offset + 1)") }
        package var description: String { text.en }
    }

    package static func decode(_ text: Bytes) throws(Error) -> PHPValue {
        try text.withUnsafeBufferPointer { text throws(Error) in try decode(text) }
    }

    /// The same, reading the text where it lies (a corpus line within the file).
    package static func decode(_ text: UnsafeBufferPointer<UInt8>) throws(Error) -> PHPValue {
        guard UTF8Bytes.isValid(text) else {
            throw Error(offset: firstInvalidByte(text), reason: Localized("malformed UTF-8", ru: "неверная кодировка UTF-8"))
        }
        var parser = Parser(text: text)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.position == text.count else {
            throw parser.fail(Localized("unexpected text after the value", ru: "после значения лишний текст"))
        }
        return value
    }

    /// Where the first sequence that is not UTF-8 starts, for the error message (the check
    /// above only says whether there is one).
    static func firstInvalidByte(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = text.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return offset
            }
        }
    }

    /// The JSON value at the start of `text` (the reference's quick read of a corpus line's
    /// id), or `nil`.
    package static func decodePrefix(_ text: UnsafeBufferPointer<UInt8>) -> PHPValue? {
        try? decode(text)
    }

    private struct Parser {
        let text: UnsafeBufferPointer<UInt8>
        var position = 0
        static let maxDepth = 512

        func fail(_ reason: Localized) -> Error { Error(offset: position, reason: reason) }

        mutating func skipSpace() {
            while position < text.count,
                text[position] == 0x20 || text[position] == 0x09
                    || text[position] == 0x0A || text[position] == 0x0D
            {
                position += 1
            }
        }

        mutating func literal(_ word: String, _ value: PHPValue) throws(Error) -> PHPValue {
            let bytes = Array(word.utf8)
            guard text.count - position >= bytes.count, Array(text[position..<(position + bytes.count)]) == bytes else {
                throw fail(Localized("syntax error", ru: "синтаксическая ошибка"))
            }
            position += bytes.count
            return value
        }

        mutating func value(depth: Int) throws(Error) -> PHPValue {
            guard depth < Self.maxDepth else {
                throw fail(Localized("maximum depth exceeded", ru: "превышена наибольшая глубина вложенности"))
            }
            guard position < text.count else { throw fail(Localized("unexpected end of input", ru: "текст оборвался")) }
            switch text[position] {
            case 0x7B: return try object(depth: depth)
            case 0x5B: return try array(depth: depth)
            case 0x22: return .string(try string())
            case 0x74: return try literal("true", .bool(true))
            case 0x66: return try literal("false", .bool(false))
            case 0x6E: return try literal("null", .null)
            case 0x2D, 0x30...0x39: return try number()
            default: throw fail(Localized("syntax error", ru: "синтаксическая ошибка"))
            }
        }

        mutating func object(depth: Int) throws(Error) -> PHPValue {
            position += 1
            var result = PHPArray()
            skipSpace()
            if position < text.count, text[position] == 0x7D {
                position += 1
                return .array(result)
            }
            while true {
                skipSpace()
                guard position < text.count, text[position] == 0x22 else {
                    throw fail(Localized("expected a string key", ru: "ожидался строковый ключ"))
                }
                let key = try string()
                skipSpace()
                guard position < text.count, text[position] == 0x3A else { throw fail(Localized("expected ':'", ru: "ожидалось «:»")) }
                position += 1
                skipSpace()
                result[PHPKey(key)] = try value(depth: depth + 1)
                skipSpace()
                guard position < text.count else { throw fail(Localized("unexpected end of input", ru: "текст оборвался")) }
                if text[position] == 0x2C {
                    position += 1
                    continue
                }
                if text[position] == 0x7D {
                    position += 1
                    return .array(result)
                }
                throw fail(Localized("expected ',' or '}'", ru: "ожидалась «,» или «}»"))
            }
        }

        mutating func array(depth: Int) throws(Error) -> PHPValue {
            position += 1
            var result = PHPArray()
            skipSpace()
            if position < text.count, text[position] == 0x5D {
                position += 1
                return .array(result)
            }
            var index = 0
            while true {
                skipSpace()
                result.append(.int(index), try value(depth: depth + 1))
                index += 1
                skipSpace()
                guard position < text.count else { throw fail(Localized("unexpected end of input", ru: "текст оборвался")) }
                if text[position] == 0x2C {
                    position += 1
                    continue
                }
                if text[position] == 0x5D {
                    position += 1
                    return .array(result)
                }
                throw fail(Localized("expected ',' or ']'", ru: "ожидалась «,» или «]»"))
            }
        }

        mutating func hex4() throws(Error) -> UInt32 {
            guard text.count - position >= 4 else { throw fail(Localized("bad \\u escape", ru: "неверная последовательность \\u")) }
            var v: UInt32 = 0
            for _ in 0..<4 {
                let c = text[position]
                let d: UInt32
                switch c {
                case 0x30...0x39: d = UInt32(c - 0x30)
                case 0x41...0x46: d = UInt32(c - 0x41 + 10)
                case 0x61...0x66: d = UInt32(c - 0x61 + 10)
                default: throw fail(Localized("bad \\u escape", ru: "неверная последовательность \\u"))
                }
                v = v * 16 + d
                position += 1
            }
            return v
        }

        /// Where the run of bytes that stand for themselves in a string ends: at the next
        /// `"`, `\` or control character (eight bytes at a time, see ``ByteScan``).
        @inline(__always)
        func endOfPlainRun(from start: Int) -> Int {
            ByteScan.firstIndex(
                in: text, from: start,
                marks: { ByteScan.equal($0, 0x22) | ByteScan.equal($0, 0x5C) | ByteScan.below($0, 0x20) },
                isStop: { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 })
        }

        mutating func string() throws(Error) -> Bytes {
            position += 1
            var out = Bytes()
            // Room for the whole string at once, found by a first look to its end (its
            // decoded bytes are never more than its text): grown by doubling, a chapter's
            // html kept up to twice its size, a quarter of a build's peak memory.
            var end = position
            while end < text.count {
                end = endOfPlainRun(from: end)
                guard end < text.count, text[end] == 0x5C else { break }
                end += 2
            }
            out.reserveCapacity(min(end, text.count) - position)
            while true {
                guard position < text.count else { throw fail(Localized("unterminated string", ru: "незакрытая строка")) }
                let c = text[position]
                if c == 0x22 {
                    position += 1
                    return out
                }
                if c < 0x20 { throw fail(Localized("control character in a string", ru: "управляющий символ в строке")) }
                if c != 0x5C {
                    // The run up to the next quote, backslash or control character at once.
                    let end = endOfPlainRun(from: position + 1)
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: text[position..<end]))
                    position = end
                    continue
                }
                position += 1
                guard position < text.count else { throw fail(Localized("unterminated string", ru: "незакрытая строка")) }
                let e = text[position]
                position += 1
                switch e {
                case 0x22, 0x5C, 0x2F: out.append(e)
                case 0x62: out.append(0x08)
                case 0x66: out.append(0x0C)
                case 0x6E: out.append(0x0A)
                case 0x72: out.append(0x0D)
                case 0x74: out.append(0x09)
                case 0x75:
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard text.count - position >= 6, text[position] == 0x5C, text[position + 1] == 0x75 else {
                            throw fail(Localized("single unpaired UTF-16 surrogate", ru: "непарный суррогат UTF-16"))
                        }
                        position += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw fail(Localized("single unpaired UTF-16 surrogate", ru: "непарный суррогат UTF-16"))
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw fail(Localized("single unpaired UTF-16 surrogate", ru: "непарный суррогат UTF-16"))
                    }
                    UTF8Bytes.append(scalar, to: &out)
                default:
                    throw fail(Localized("bad escape", ru: "неверная экранирующая последовательность"))
                }
            }
        }

        mutating func number() throws(Error) -> PHPValue {
            let start = position
            if text[position] == 0x2D { position += 1 }
            guard position < text.count, (0x30...0x39).contains(text[position]) else {
                throw fail(Localized("syntax error", ru: "синтаксическая ошибка"))
            }
            if text[position] == 0x30 {
                position += 1
            } else {
                while position < text.count, (0x30...0x39).contains(text[position]) { position += 1 }
            }
            var isInteger = true
            if position < text.count, text[position] == 0x2E {
                isInteger = false
                position += 1
                let digits = position
                while position < text.count, (0x30...0x39).contains(text[position]) { position += 1 }
                guard position > digits else { throw fail(Localized("syntax error", ru: "синтаксическая ошибка")) }
            }
            var exponentDigits: Range<Int>?
            if position < text.count, text[position] == 0x65 || text[position] == 0x45 {
                isInteger = false
                position += 1
                if position < text.count, text[position] == 0x2B || text[position] == 0x2D { position += 1 }
                let digits = position
                while position < text.count, (0x30...0x39).contains(text[position]) { position += 1 }
                guard position > digits else { throw fail(Localized("syntax error", ru: "синтаксическая ошибка")) }
                exponentDigits = digits..<position
            }
            let literal = String(decoding: text[start..<position], as: UTF8.self)
            if isInteger, let n = Int(literal) { return .int(n) }
            guard let exponentDigits, Self.exceedsStrtodExponent(text[exponentDigits]) else {
                return .double(Double(literal) ?? .nan)
            }
            // zend_strtod reads a written exponent of more than 8 digits or over 19,999 as
            // 19,999 (its sign kept): `1` and 20,000 zeros then `e-20000` is 10, not 1.
            let clamped = String(decoding: text[start..<exponentDigits.lowerBound], as: UTF8.self) + "19999"
            return .double(Double(clamped) ?? .nan)
        }

        /// Whether zend_strtod clamps these exponent digits: leading zeros aside, more than
        /// 8 of them or a value over 19,999.
        private static func exceedsStrtodExponent(_ digits: some Collection<UInt8>) -> Bool {
            let significant = digits.drop { $0 == 0x30 }
            if significant.count > 8 { return true }
            return significant.reduce(0) { $0 * 10 + Int($1 - 0x30) } > 19_999
        }
    }
}
