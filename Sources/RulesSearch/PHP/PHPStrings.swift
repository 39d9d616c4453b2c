import Foundation
import RulesRegex

/// The byte-string functions of PHP's standard library that the reference uses, with their
/// PHP semantics (PHP strings are bytes; these never look at encodings unless named `mb`).
package enum PHPStrings {
    /// `str_replace($search, $replace, $subject)` for one search string: every
    /// non-overlapping occurrence, left to right.
    package static func replace(_ search: Bytes, with replacement: Bytes, in subject: Bytes) -> Bytes {
        guard !search.isEmpty, subject.count >= search.count else { return subject }
        guard let first = firstIndex(of: search, in: subject, from: 0) else { return subject }
        var out = Bytes()
        out.reserveCapacity(subject.count)
        out += subject[0..<first]
        out += replacement
        var i = first + search.count
        while let next = firstIndex(of: search, in: subject, from: i) {
            out += subject[i..<next]
            out += replacement
            i = next + search.count
        }
        out += subject[i...]
        return out
    }

    /// `str_replace(array, array|string, $subject)`: each pair applied in turn to the result
    /// of the previous one; a missing replacement is the empty string.
    package static func replace(_ searches: [Bytes], with replacements: [Bytes], in subject: Bytes) -> Bytes {
        var result = subject
        for (i, search) in searches.enumerated() {
            result = replace(search, with: i < replacements.count ? replacements[i] : [], in: result)
        }
        return result
    }

    package static func replace(_ search: String, with replacement: String, in subject: Bytes) -> Bytes {
        replace(Bytes(php: search), with: Bytes(php: replacement), in: subject)
    }

    /// `str_replace('ё', 'е', $s)`, which the reference writes wherever a word meets the
    /// index (the stemmer, the indexer's two adders, the query filter).
    package static func replaceYo(in s: Bytes) -> Bytes {
        replace(yo, with: ye, in: s)
    }

    package static let yo = Bytes(php: "ё")
    package static let ye = Bytes(php: "е")

    /// `strpos($haystack, $needle, $offset) !== false` as an index.
    package static func firstIndex(of needle: Bytes, in haystack: Bytes, from start: Int) -> Int? {
        haystack.withUnsafeBufferPointer { ByteSearch.firstIndex(of: needle, in: $0, from: start) }
    }

    package static func contains(_ haystack: Bytes, _ needle: Bytes) -> Bool {
        firstIndex(of: needle, in: haystack, from: 0) != nil
    }

    /// `explode($separator, $string)` for a one-byte separator.
    /// `implode($glue, $pieces)`, written at once. (`joined(separator:)` makes a lazy
    /// sequence whose generic metadata the runtime builds on first use, a quarter of a
    /// million instructions of a one-query run.)
    package static func implode(_ glue: Bytes, _ pieces: [Bytes]) -> Bytes {
        var out = Bytes()
        out.reserveCapacity(pieces.reduce(glue.count * max(pieces.count - 1, 0)) { $0 + $1.count })
        for (i, piece) in pieces.enumerated() {
            if i > 0 { out += glue }
            out += piece
        }
        return out
    }

    package static func explode(_ separator: UInt8, _ string: Bytes) -> [Bytes] {
        string.split(separator: separator, omittingEmptySubsequences: false).map(Array.init)
    }

    /// `trim($string)` with PHP's default characters: space, `\t`, `\n`, `\r`, `\0`, `\x0B`.
    package static func trim(_ string: Bytes) -> Bytes {
        func isTrimmed(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x00 || b == 0x0B }
        guard let start = string.firstIndex(where: { !isTrimmed($0) }) else { return [] }
        let end = string.lastIndex(where: { !isTrimmed($0) })!
        return Array(string[start...end])
    }

    /// Length in bytes of the character `mb_substr` sees at a lead byte: mbstring's UTF-8
    /// length table, which does not validate what follows.
    static func mbCharacterLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF4: return 4
        default: return 1
        }
    }

    /// `mb_substr($s, 0, 1)`.
    package static func mbFirstCharacter(_ s: Bytes) -> Bytes {
        guard let lead = s.first else { return [] }
        return Array(s.prefix(mbCharacterLength(lead)))
    }

    /// `mb_substr($s, -1)`.
    package static func mbLastCharacter(_ s: Bytes) -> Bytes {
        var i = 0
        var lastStart = 0
        while i < s.count {
            lastStart = i
            i += mbCharacterLength(s[i])
        }
        return Array(s[lastStart...])
    }

    /// `implode('|', array_map(fn($n) => base_convert($n, 10, 36), $numbers))` of
    /// non-negative numbers, appended at once (at most six digits and a `|` for a 32-bit
    /// number).
    package static func appendBase36List(_ numbers: UnsafeBufferPointer<Int32>, to out: inout Bytes) {
        out.append(writingAtMost: numbers.count * 7) { w in
            for (k, n) in numbers.enumerated() {
                if k > 0 { w.byte(0x7C) }
                w.base36(Int(n))
            }
        }
    }

    /// `base_convert($part, 36, 10)` of each part of `explode($separator, $text)`, without
    /// copying the parts out: the index's position lists are read this way for every word
    /// of every query.
    package static func base36Values(_ text: Bytes, separatedBy separator: UInt8) -> [Int] {
        var values: [Int] = []
        var value = 0
        for b in text {
            if b == separator {
                values.append(value)
                value = 0
            } else {
                value = appendBase36Digit(b, to: value)
            }
        }
        values.append(value)
        return values
    }

    /// `value` with the base-36 digit `b` after it; anything else is skipped, as
    /// `base_convert` skips it.
    @inline(__always)
    private static func appendBase36Digit(_ b: UInt8, to value: Int) -> Int {
        let digit: Int
        switch b {
        case 0x30...0x39: digit = Int(b - 0x30)
        case 0x41...0x5A: digit = Int(b - 0x41 + 10)
        case 0x61...0x7A: digit = Int(b - 0x61 + 10)
        default: return value
        }
        return value &* 36 &+ digit
    }
}
