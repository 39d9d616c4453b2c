/// Bytes from a terminal in raw mode to keys.
///
/// A terminal sends a character as its UTF-8 bytes (a Cyrillic letter is two), a control
/// key as one byte below 0x20, and the arrows and paging keys as escape sequences (`ESC [ A`,
/// `ESC [ 5 ~`, or `ESC O A` in application mode). Escape alone is the same byte as the
/// start of a sequence: a lone `ESC` at the end of what has arrived may be the first byte of
/// one still on its way, so it is kept back (``pendingEscape``) until more bytes come or the
/// caller decides that none will (``flushEscape()``) after a short wait; so is the start of a
/// sequence whose end has not come (`ESC [`), which the wait then passes over. Alt with a
/// key (`ESC a`) is no key here: neither Escape nor the letter.
public struct KeyDecoder: Sendable {
    private var buffer: [UInt8] = []

    public init() {}

    /// Whether the bytes kept back are a lone `ESC` that more bytes may complete.
    public var pendingEscape: Bool { buffer.first == 0x1B }

    /// The keys `bytes` complete, with any kept back before them.
    public mutating func keys(_ bytes: some Sequence<UInt8>) -> [Key] {
        buffer.append(contentsOf: bytes)
        var keys: [Key] = []
        var i = 0
        while i < buffer.count {
            guard let (key, length) = Self.decode(buffer, at: i) else { break }
            keys.append(key)
            i += length
        }
        buffer.removeFirst(i)
        return keys
    }

    /// The lone `ESC` kept back, as the Escape key: no sequence followed it in time; or the
    /// start of a sequence that never ended, passed over.
    public mutating func flushEscape() -> [Key] {
        guard pendingEscape else { return [] }
        let lone = buffer.count == 1
        buffer.removeAll()
        return lone ? [.escape] : [.unknown]
    }

    /// The key at `i` and how many bytes it takes, or `nil` when its bytes have not all
    /// arrived.
    static func decode(_ b: [UInt8], at i: Int) -> (Key, Int)? {
        let byte = b[i]
        switch byte {
        case 0x1B: return escape(b, at: i)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x00..<0x20: return (.control(Character(Unicode.Scalar(byte + 0x60))), 1)
        case 0x20..<0x80: return (.character(Character(Unicode.Scalar(byte))), 1)
        default: return utf8(b, at: i)
        }
    }

    /// A character of several bytes. A byte that cannot start one, or a sequence broken
    /// before its end, is one unknown key (so that input that is not UTF-8 cannot stall).
    private static func utf8(_ b: [UInt8], at i: Int) -> (Key, Int)? {
        let byte = b[i]
        let length = byte >= 0xF0 && byte < 0xF5 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 && byte < 0xE0 ? 2 : 0
        guard length > 0, byte < 0xF5 else { return (.unknown, 1) }
        for k in 1..<length {
            guard i + k < b.count else { return nil }
            if b[i + k] & 0xC0 != 0x80 { return (.unknown, k) }
        }
        guard let scalar = String(validating: b[i..<(i + length)], as: UTF8.self)?.unicodeScalars.first else { return (.unknown, length) }
        return (.character(Character(scalar)), length)
    }

    /// `ESC` alone (when a byte follows that starts no sequence), `ESC [ …` (CSI: an arrow,
    /// a paging key, `ESC [ 5 ~`), `ESC O …` (SS3: an arrow in application mode), or Alt
    /// with a key (`ESC x`), taken as that key's Escape then the key.
    private static func escape(_ b: [UInt8], at i: Int) -> (Key, Int)? {
        guard i + 1 < b.count else { return nil }
        let kind = b[i + 1]
        if kind == 0x4F {   // SS3
            guard i + 2 < b.count else { return nil }
            let key: Key = switch b[i + 2] {
            case 0x41: .up
            case 0x42: .down
            case 0x43: .right
            case 0x44: .left
            case 0x48: .home
            case 0x46: .end
            default: .unknown
            }
            return (key, 3)
        }
        // Escape pressed twice, or before a key that is not ASCII: Escape, then that key.
        if kind == 0x1B || kind >= 0x80 { return (.escape, 1) }
        // Alt with a key (`ESC a`, Alt-Backspace): no key.
        guard kind == 0x5B else { return (.unknown, 2) }
        // CSI: parameter bytes 0x30-0x3F, intermediates 0x20-0x2F, a final byte 0x40-0x7E.
        var j = i + 2
        while j < b.count, (0x20...0x3F).contains(b[j]) { j += 1 }
        guard j < b.count else { return nil }
        guard (0x40...0x7E).contains(b[j]) else { return (.unknown, j - i) }   // broken: up to the stray byte
        // A key with a modifier (`ESC [ 1 ; 5 C`, Ctrl-Right) is not the key alone.
        let parameters = String(decoding: b[(i + 2)..<j], as: UTF8.self)
        if parameters.contains(";") { return (.unknown, j - i + 1) }
        let key: Key = switch (b[j], parameters) {
        case (0x41, _): .up
        case (0x42, _): .down
        case (0x43, _): .right
        case (0x44, _): .left
        case (0x48, _): .home
        case (0x46, _): .end
        case (0x7E, "5"): .pageUp
        case (0x7E, "6"): .pageDown
        case (0x7E, "1"), (0x7E, "7"): .home
        case (0x7E, "4"), (0x7E, "8"): .end
        case (0x7E, "3"): .delete
        case (0x7E, "200"): .pasteStart
        case (0x7E, "201"): .pasteEnd
        default: .unknown
        }
        return (key, j - i + 1)
    }
}
