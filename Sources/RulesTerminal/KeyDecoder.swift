/// Bytes from a terminal in raw mode to keys.
///
/// A terminal sends a character as its UTF-8 bytes (a Cyrillic letter is two), a control
/// key as one byte below 0x20, and the arrows and paging keys as escape sequences (`ESC [ A`,
/// `ESC [ 5 ~`, or `ESC O A` in application mode). Escape alone is the same byte as the
/// start of a sequence: a lone `ESC` at the end of what has arrived may be the first byte of
/// one still on its way, so it is kept back (``pendingEscape``) until more bytes come or the
/// caller decides that none will (``flushEscape()``) after a short wait; so is the start of a
/// sequence whose end has not come (`ESC [`), which the wait then passes over. Alt with a
/// key (`ESC a`) is no key here: neither Escape nor the letter; Escape before a control key
/// (Escape then Ctrl-C, in one read) is both keys. What a terminal sends of its own accord
/// (`ESC ] 0;title BEL`, a reply to a query, and the 8-bit forms `0x9B …` of CSI and `0x9D …`
/// of OSC) is passed over whole: none of it reaches the query.
public struct KeyDecoder: Sendable {
    private var buffer: [UInt8] = []

    public init() {}

    /// Whether the bytes kept back are a lone `ESC` (or the start of a sequence) that more
    /// bytes may complete.
    public var pendingEscape: Bool { buffer.first.map { $0 == 0x1B || Self.eightBitStarts.contains($0) } ?? false }

    /// The 8-bit forms of CSI (0x9B) and of the string sequences: DCS 0x90, SOS 0x98,
    /// OSC 0x9D, PM 0x9E, APC 0x9F. (In UTF-8 such a byte never starts a character.)
    private static let eightBitStarts: Set<UInt8> = [0x9B, 0x90, 0x98, 0x9D, 0x9E, 0x9F]
    /// The longest string sequence waited for: one without its end past this is dropped.
    private static let longestString = 4096

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
        let lone = buffer == [0x1B]
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
        case 0x9B: return controlSequence(b, at: i, parameters: i + 1)
        case 0x90, 0x98, 0x9D, 0x9E, 0x9F: return string(b, at: i, body: i + 1)
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
            let key: Key =
                switch b[i + 2] {
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
        // Escape pressed twice, or before a key that is not ASCII or a control key (Escape
        // then Ctrl-C): Escape, then that key.
        if kind == 0x1B || kind >= 0x80 || kind < 0x20 { return (.escape, 1) }
        // A string the terminal sends (OSC `ESC ]`, DCS `ESC P`, SOS `ESC X`, PM `ESC ^`,
        // APC `ESC _`): passed over up to its end.
        if [0x5D, 0x50, 0x58, 0x5E, 0x5F].contains(kind) { return string(b, at: i, body: i + 2) }
        // Alt with a key (`ESC a`, Alt-Backspace): no key.
        guard kind == 0x5B else { return (.unknown, 2) }
        return controlSequence(b, at: i, parameters: i + 2)
    }

    /// A string sequence from `i`, its text from `body`: up to BEL, ST (`ESC \`) or 8-bit
    /// ST (0x9C), all one unknown key; `nil` while its end has not come.
    private static func string(_ b: [UInt8], at i: Int, body: Int) -> (Key, Int)? {
        var j = body
        while j < b.count {
            if b[j] == 0x07 || b[j] == 0x9C { return (.unknown, j - i + 1) }
            if b[j] == 0x1B {
                guard j + 1 < b.count else { return nil }
                return (.unknown, j - i + (b[j + 1] == 0x5C ? 2 : 1))
            }
            j += 1
        }
        if j - i > longestString { return (.unknown, j - i) }
        return nil
    }

    /// CSI from `i`, its parameters from `parameters`: an arrow, a paging key (`ESC [ 5 ~`),
    /// the paste marks, or an unknown key.
    private static func controlSequence(_ b: [UInt8], at i: Int, parameters start: Int) -> (Key, Int)? {
        // Parameter bytes 0x30-0x3F, intermediates 0x20-0x2F, a final byte 0x40-0x7E.
        var j = start
        while j < b.count, (0x20...0x3F).contains(b[j]) { j += 1 }
        guard j < b.count else { return nil }
        guard (0x40...0x7E).contains(b[j]) else { return (.unknown, j - i) }   // broken: up to the stray byte
        // An X10 mouse report, `ESC [ M` and three bytes of button and place: all of it.
        if b[j] == 0x4D, j == start {
            guard j + 3 < b.count else { return nil }
            return (.unknown, j - i + 4)
        }
        // A key with a modifier (`ESC [ 1 ; 5 C`, Ctrl-Right) is not the key alone.
        let parameters = String(decoding: b[start..<j], as: UTF8.self)
        if parameters.contains(";") { return (.unknown, j - i + 1) }
        let key: Key =
            switch (b[j], parameters) {
            case (0x41, _): .up
            case (0x42, _): .down
            case (0x43, _): .right
            case (0x44, _): .left
            case (0x48, _): .home
            case (0x46, _): .end
            case (0x5A, ""): .backTab
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
