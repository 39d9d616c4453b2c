import Foundation

/// A PHP string: a sequence of bytes, usually but not always UTF-8.
///
/// The reference engine is PHP, whose strings are bytes: `strlen` counts bytes and every
/// regex offset is a byte offset. Keeping text as bytes end to end is what lets the port
/// reproduce it exactly, invalid UTF-8 included.
public typealias Bytes = [UInt8]

extension Array where Element == UInt8 {
    /// The UTF-8 bytes of `string`.
    @inlinable
    public init(php string: String) {
        self = Array(string.utf8)
    }
}

/// UTF-8 facts as PCRE2 and PHP apply them.
public enum UTF8Bytes {
    /// True when `bytes` is well-formed UTF-8 as PCRE2 checks it: no overlong forms, no
    /// surrogates, nothing above U+10FFFF, no truncated sequence.
    public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = bytes.count
        let raw = UnsafeRawBufferPointer(bytes)
        while i < n {
            if i + 8 <= n {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                // Eight ASCII bytes at a time.
                if word & 0x8080_8080_8080_8080 == 0 {
                    i += 8
                    continue
                }
                // Eight bytes of one- and two-byte characters (Cyrillic among Latin, spaces
                // and punctuation) in any order, a flag in bit 7 of each byte: a byte is a
                // continuation exactly when the byte before is a lead (within the eight:
                // `i` is at a character's start), and no lead is C0 or C1 (bits 1 to 4
                // clear). The zero-byte test below is exact: the masked bytes have bit 0
                // clear, so none is 1, the only value a borrow from the byte below could
                // flag wrongly. A lead in the last byte is left for the next round.
                let high: UInt64 = 0x8080_8080_8080_8080
                let bit6 = (word << 1) & high
                let bit5 = (word << 2) & high
                let leads = word & high & bit6 & ~bit5
                if word & bit6 & bit5 & high == 0 {   // no lead of three or four bytes
                    let inner = leads & 0x0080_8080_8080_8080
                    let low = word & 0x1E1E_1E1E_1E1E_1E1E
                    let lowZero = (low &- 0x0101_0101_0101_0101) & ~low & high
                    if word & high & ~bit6 == inner << 8, lowZero & inner == 0 {
                        i += leads == inner ? 8 : 7
                        continue
                    }
                }
            }
            let b = bytes[i]
            if b < 0x80 {
                i += 1
                continue
            }
            if b & 0xE0 == 0xC0 {   // the common 2-byte case (Cyrillic) first
                guard b >= 0xC2, i + 1 < n, bytes[i + 1] & 0xC0 == 0x80 else { return false }
                i += 2
                continue
            }
            let length = sequenceLength(lead: b)
            if length == 0 || i + length > n { return false }
            for k in 1..<length where bytes[i + k] & 0xC0 != 0x80 { return false }
            let second = bytes[i + 1]
            switch b {
            case 0xE0 where second < 0xA0: return false   // overlong 3-byte
            case 0xED where second > 0x9F: return false   // surrogates
            case 0xF0 where second < 0x90: return false   // overlong 4-byte
            case 0xF4 where second > 0x8F: return false   // above U+10FFFF
            default: break
            }
            i += length
        }
        return true
    }

    public static func isValid(_ bytes: Bytes) -> Bool {
        bytes.withUnsafeBufferPointer { isValid($0) }
    }

    /// Length of the sequence a lead byte starts, or 0 when `lead` cannot start one.
    @inlinable
    public static func sequenceLength(lead: UInt8) -> Int {
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF4: return 4
        default: return 0
        }
    }

    /// Decodes the code point at `i` of valid UTF-8 and returns it with its length.
    @inlinable
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (scalar: UInt32, length: Int) {
        let b0 = UInt32(bytes[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F), 2) }
        if b0 < 0xF0 {
            return ((b0 & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F), 3)
        }
        return (
            (b0 & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12
                | UInt32(bytes[i + 2] & 0x3F) << 6 | UInt32(bytes[i + 3] & 0x3F), 4
        )
    }

    /// Appends the UTF-8 encoding of `scalar`.
    @inlinable
    public static func append(_ scalar: UInt32, to out: inout Bytes) {
        switch scalar {
        case 0..<0x80:
            out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6))
            out.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18))
            out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}

/// Finding bytes in bytes: glibc's `memchr` finds each candidate first byte, `memcmp`
/// checks the rest. Used by the prefilter and by the port's `strpos`.
public enum ByteSearch {
    /// Whether the bytes of `haystack` before `end` end with `needle`.
    public static func ends(_ haystack: UnsafeBufferPointer<UInt8>, at end: Int, with needle: [UInt8]) -> Bool {
        guard needle.count <= end, end <= haystack.count, let base = haystack.baseAddress else { return needle.isEmpty }
        return needle.withUnsafeBufferPointer { memcmp(base + end - needle.count, $0.baseAddress!, needle.count) == 0 }
    }

    public static func firstIndex(of needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let n = needle.count
        guard n > 0 else { return start <= haystack.count ? start : nil }
        guard start >= 0, haystack.count - start >= n, let base = haystack.baseAddress else { return nil }
        return needle.withUnsafeBufferPointer { nd in
            // Looks for the needle's last byte: in UTF-8 text a continuation byte tells
            // far more than a lead byte such as Cyrillic's 0xD0 or 0xD1.
            let final = Int32(nd[n - 1])
            var i = start + n - 1
            while i < haystack.count {
                guard let hit = memchr(base + i, final, haystack.count - i) else { return nil }
                let end = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
                let position = end - (n - 1)
                if n == 1 || memcmp(base + position, nd.baseAddress!, n - 1) == 0 { return position }
                i = end + 1
            }
            return nil
        }
    }

    /// Where the last occurrence of `needle` in `haystack` starts.
    public static func lastIndex(of needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = needle.count
        guard n > 0 else { return haystack.count }
        guard haystack.count >= n, let base = haystack.baseAddress else { return nil }
        return needle.withUnsafeBufferPointer { nd in
            // The needle's last byte, from the end (glibc's memrchr is not in its module).
            let final = nd[n - 1]
            var last = haystack.count - 1
            while last >= n - 1 {
                if base[last] == final {
                    let position = last - (n - 1)
                    if n == 1 || memcmp(base + position, nd.baseAddress!, n - 1) == 0 { return position }
                }
                last -= 1
            }
            return nil
        }
    }
}
