import RulesRegex

/// PHP 8.2's `mb_strtolower` with UTF-8 as the internal encoding, which is what the
/// reference's `utf8_strtolower` is when mbstring is loaded.
///
/// Full lower-case mapping from PHP's own Unicode 14 tables (``lowercaseRuns``, generated
/// from PHP), so that a newer Unicode in the Swift runtime cannot change a stem. Invalid
/// UTF-8 becomes `?`, one for each maximal invalid subpart, as mbstring's decoder does.
package enum PHPCase {
    /// `mb_strtolower` of a part of a string.
    package static func lowercase(_ bytes: ArraySlice<UInt8>) -> Bytes {
        lowercase(Bytes(bytes))
    }

    package static func lowercase(_ bytes: Bytes) -> Bytes {
        // Fast path: ASCII only.
        if !bytes.contains(where: { $0 >= 0x80 }) {
            if !bytes.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) { return bytes }
            return bytes.map { ($0 >= 0x41 && $0 <= 0x5A) ? $0 | 0x20 : $0 }
        }
        // Written through a pointer: a lower-case character takes at most one and a half
        // times the bytes of its capital (Ⱥ, two bytes, becomes ⱥ, three), İ's two bytes
        // become three, and an invalid byte becomes one "?".
        return bytes.withUnsafeBufferPointer { buffer in
            Bytes(unsafeUninitializedCapacity: buffer.count * 3 / 2 + 4) { out, written in
                twoBytePairs.withUnsafeBufferPointer { pairs in
                    var o = 0
                    var i = 0
                    let raw = UnsafeRawPointer(buffer.baseAddress!)
                    let ones: UInt64 = 0x0101_0101_0101_0101
                    while i < buffer.count {
                        // Eight ASCII bytes at a time: A-Z are the bytes from 0x41 that stay
                        // below 0x5B, told by the top bit of each byte after adding 0x3F, or 0x25.
                        if i + 8 <= buffer.count {
                            let v = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                            if v & (ones &* 0x80) == 0 {
                                let upper = (v &+ ones &* 0x3F) & ~(v &+ ones &* 0x25) & (ones &* 0x80)
                                UnsafeMutableRawPointer(out.baseAddress! + o).storeBytes(of: v | upper >> 2, as: UInt64.self)
                                o += 8
                                i += 8
                                continue
                            }
                        }
                        let b = buffer[i]
                        if b < 0x80 {
                            out[o] = (b >= 0x41 && b <= 0x5A) ? b | 0x20 : b
                            o += 1
                            i += 1
                            continue
                        }
                        // A run of two-byte characters (Cyrillic among them) whose lower case
                        // is also two bytes, two bytes in and two out by table.
                        let runStart = i
                        while i + 1 < buffer.count {
                            // Four lower-case Cyrillic letters at a time, copied as they are.
                            if i + 8 <= buffer.count {
                                let v = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                                if isLowerCyrillic(UInt64(littleEndian: v)) {
                                    UnsafeMutableRawPointer(out.baseAddress! + o).storeBytes(of: v, as: UInt64.self)
                                    o += 8
                                    i += 8
                                    continue
                                }
                            }
                            let lead = buffer[i]
                            let next = buffer[i + 1]
                            guard lead &- 0xC2 < 0xE0 - 0xC2, next & 0xC0 == 0x80 else { break }
                            let lowered = pairs[Int(lead & 0x1F) << 6 | Int(next & 0x3F)]
                            guard lowered != 0 else { break }
                            precondition(o + 2 <= out.count)
                            UnsafeMutableRawPointer(out.baseAddress! + o).storeBytes(of: lowered.littleEndian, as: UInt16.self)
                            o += 2
                            i += 2
                        }
                        if i != runStart { continue }
                        let (scalar, consumed) = decodeLossy(buffer, at: i)
                        i += consumed
                        var encoded = Bytes()
                        if let scalar {
                            if scalar == 0x130 {   // İ: the one mapping to two code points, i + U+0307
                                encoded = [0x69, 0xCC, 0x87]
                            } else {
                                UTF8Bytes.append(lower(scalar), to: &encoded)
                            }
                        } else {
                            encoded = [UInt8(ascii: "?")]
                        }
                        for e in encoded {
                            out[o] = e
                            o += 1
                        }
                    }
                    written = o
                }
            }
        }
    }

    /// Whether eight bytes (the first in the low byte) are four Cyrillic letters that
    /// `mb_strtolower` leaves as they are: а–п (D0 B0...D0 BF) or р–я, ѐ–џ (D1 80...D1 9F).
    /// Each 16-bit lane holds a lead byte D0 or D1 and a continuation byte; a D0 lane needs
    /// the continuation's bits 0x30 set, a D1 lane its bit 0x20 clear.
    @inline(__always)
    static func isLowerCyrillic(_ v: UInt64) -> Bool {
        let lanes: UInt64 = 0x0001_0001_0001_0001
        guard v & (lanes &* 0xC0FE) == lanes &* 0x80D0 else { return false }
        let d1 = (v & lanes) &* 0x3000   // 0x3000 in each lane led by D1
        let continuationBits = v & (lanes &* 0x3000)
        let expected = (lanes &* 0x3000) & ~d1   // D0 lanes: both bits set
        let checked = ~d1 | (lanes &* 0x2000)   // D1 lanes: only bit 0x20, which must be clear
        return (continuationBits ^ expected) & checked == 0
    }

    /// The code point at `i`, or `nil` for an invalid subpart, with the bytes consumed:
    /// an invalid lead byte alone, or a valid lead with the continuation bytes that fit it.
    static func decodeLossy(_ buffer: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32?, Int) {
        let lead = buffer[i]
        let length = UTF8Bytes.sequenceLength(lead: lead)
        if length == 0 { return (nil, 1) }
        var valid = 1
        while valid < length, i + valid < buffer.count {
            let c = buffer[i + valid]
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            if valid == 1 {
                switch lead {
                case 0xE0: low = 0xA0
                case 0xED: high = 0x9F
                case 0xF0: low = 0x90
                case 0xF4: high = 0x8F
                default: break
                }
            }
            guard c >= low, c <= high else { break }
            valid += 1
        }
        if valid < length { return (nil, valid) }
        return (UTF8Bytes.decode(buffer, at: i).scalar, length)
    }

    /// Lower case of one code point by PHP's table: single code points only (U+0130 is
    /// handled by the caller).
    static func lower(_ scalar: UInt32) -> UInt32 {
        if scalar < UInt32(twoByteTable.count) { return twoByteTable[Int(scalar)] }
        return lookup(scalar)
    }

    private static func lookup(_ scalar: UInt32) -> UInt32 {
        var low = 0
        var high = lowercaseRuns.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let run = lowercaseRuns[mid]
            let last = run.first + (run.count - 1) * run.step
            if scalar < run.first {
                high = mid - 1
            } else if scalar > last {
                low = mid + 1
            } else {
                if (scalar - run.first) % run.step != 0 { return scalar }
                return UInt32(Int64(scalar) + Int64(run.delta))
            }
        }
        return scalar
    }

    /// For a two-byte character whose lower case has two bytes too (not U+0130, which
    /// `mb_strtolower` lowers to two characters), those bytes as a little-endian
    /// UInt16 (the first byte in the low half); 0 for any other. By code point, U+0000...U+07FF.
    private static let twoBytePairs: [UInt16] = [UInt16](unsafeUninitializedCapacity: 0x800) { pairs, count in
        // Loops over buffers rather than `map`: both tables are built by every search, and
        // closures per element cost it a tenth of a millisecond.
        twoByteTable.withUnsafeBufferPointer { table in
            for scalar in 0..<0x800 {
                let lowered = table[scalar]
                pairs[scalar] =
                    scalar >= 0x80 && lowered >= 0x80 && lowered < 0x800 && scalar != 0x130
                    ? UInt16(0xC0 | lowered >> 6) | UInt16(0x80 | lowered & 0x3F) << 8 : 0
            }
        }
        count = 0x800
    }

    /// Lower case of U+0000...U+07FF (one and two bytes in UTF-8, Cyrillic among them),
    /// built once from the runs: small enough to cost nothing at start-up.
    private static let twoByteTable: [UInt32] = [UInt32](unsafeUninitializedCapacity: 0x800) { table, count in
        for scalar in 0..<0x800 { table[scalar] = UInt32(scalar) }
        for run in lowercaseRuns where run.first < 0x800 {
            var c = run.first
            for _ in 0..<run.count {
                if c < 0x800 { table[Int(c)] = UInt32(Int64(c) + Int64(run.delta)) }
                c += run.step
            }
        }
        count = 0x800
    }
}
