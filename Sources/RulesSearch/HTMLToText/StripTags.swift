import RulesRegex

/// PHP 8.2's `strip_tags($string)` with no allowed tags (`php_strip_tags_ex`): one pass over
/// the bytes with five states (text, tag, `<?` block, `<!` declaration, `<!--` comment),
/// quotes that hide `>` inside tags, a depth for nested `<`, and NUL bytes dropped.
/// Whatever is open at the end swallows the rest, as in PHP.
package enum StripTags {
    private enum State { case text, tag, processing, declaration, comment }

    package static func strip(_ text: Bytes) -> Bytes {
        if !text.contains(where: { $0 == 0x3C || $0 == 0x3E || $0 == 0 }) { return text }
        return text.withUnsafeBufferPointer(strip)
    }

    /// Where the run of plain text from `start` ends: at the next `<`, `>` or NUL byte,
    /// or at the end (eight bytes at a time, see ``ByteScan``).
    @inline(__always)
    private static func endOfText(_ s: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        ByteScan.firstIndex(
            in: s, from: start,
            marks: { ByteScan.equal($0, 0x3C) | ByteScan.equal($0, 0x3E) | ByteScan.equal($0, 0) },
            isStop: { $0 == 0x3C || $0 == 0x3E || $0 == 0 })
    }

    /// The bytes that may matter inside a tag.
    private static let tagStops: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for b in "<>\"'!?\0".utf8 { table[Int(b)] = true }
        return table
    }()

    /// Written through a pointer: the output is never longer than the input.
    private static func strip(_ s: UnsafeBufferPointer<UInt8>) -> Bytes {
        Bytes(unsafeUninitializedCapacity: s.count) { out, written in
            written = strip(s, into: out.baseAddress!)
        }
    }

    private static func strip(_ s: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var o = 0
        func emit(_ c: UInt8) {
            out[o] = c
            o += 1
        }
        var state = State.text
        var depth = 0
        var quote: UInt8 = 0   // inq
        var last: UInt8 = 0   // lc
        var parens = 0   // br
        var isXML = false
        let n = s.count
        func next(_ i: Int) -> UInt8 { i + 1 < n ? s[i + 1] : 0 }
        func prev(_ i: Int, _ k: Int = 1) -> UInt8 { i - k >= 0 ? s[i - k] : 0 }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (0x09...0x0D).contains(b) }
        let lt: UInt8 = 0x3C
        let gt: UInt8 = 0x3E
        let dq: UInt8 = 0x22
        let sq: UInt8 = 0x27

        let tagStops = Self.tagStops
        var i = 0
        while i < n {
            let c = s[i]
            defer { i += 1 }
            switch state {
            case .text:
                switch c {
                case 0: break
                case lt:
                    if isSpace(next(i)) {
                        emit(c)
                    } else {
                        last = lt
                        state = .tag
                    }
                case gt:
                    if depth > 0 { depth -= 1 } else { emit(c) }
                default:
                    // Copy the run of plain text up to the next byte that matters at once.
                    let j = Self.endOfText(s, from: i + 1)
                    (out + o).initialize(from: s.baseAddress! + i, count: j - i)
                    o += j - i
                    i = j - 1
                }
            case .tag:
                switch c {
                case 0: break
                case lt:
                    if quote == 0, !isSpace(next(i)) { depth += 1 }
                case gt:
                    if depth > 0 {
                        depth -= 1
                    } else if quote == 0 {
                        last = gt
                        if isXML, prev(i) == UInt8(ascii: "-") { break }
                        quote = 0
                        isXML = false
                        state = .text
                    }
                case dq, sq:
                    if quote == 0 { quote = c } else if quote == c { quote = 0 }
                case UInt8(ascii: "!") where prev(i) == lt:
                    last = c
                    state = .declaration
                case UInt8(ascii: "?") where prev(i) == lt:
                    parens = 0
                    state = .processing
                default:
                    // Nothing else in a tag changes anything: skip to the next byte that may.
                    var j = i + 1
                    while j < n, !tagStops[Int(s[j])] { j += 1 }
                    i = j - 1
                }
            case .processing:
                switch c {
                case UInt8(ascii: "("):
                    if last != dq, last != sq {
                        last = c
                        parens += 1
                    }
                case UInt8(ascii: ")"):
                    if last != dq, last != sq {
                        last = c
                        parens -= 1
                    }
                case gt:
                    if depth > 0 {
                        depth -= 1
                    } else if quote == 0, parens == 0, last != dq, prev(i) == UInt8(ascii: "?") {
                        quote = 0
                        state = .text
                    }
                case dq, sq:
                    if prev(i) != UInt8(ascii: "\\") {
                        last = (last == c) ? 0 : c
                        if quote == 0 { quote = c } else if quote == c { quote = 0 }
                    }
                case UInt8(ascii: "l"), UInt8(ascii: "L"):
                    if i > 4, prev(i) | 0x20 == UInt8(ascii: "m"), prev(i, 2) | 0x20 == UInt8(ascii: "x"),
                        prev(i, 3) == UInt8(ascii: "?"), prev(i, 4) == lt
                    {
                        isXML = true
                        state = .tag
                    }
                default: break
                }
            case .declaration:
                switch c {
                case gt:
                    if depth > 0 {
                        depth -= 1
                    } else if quote == 0 {
                        quote = 0
                        state = .text
                    }
                case dq, sq:
                    if prev(i) != UInt8(ascii: "\\") {
                        if quote == 0 { quote = c } else if quote == c { quote = 0 }
                    }
                case UInt8(ascii: "-"):
                    if i >= 2, prev(i) == UInt8(ascii: "-"), prev(i, 2) == UInt8(ascii: "!") { state = .comment }
                case UInt8(ascii: "e"), UInt8(ascii: "E"):
                    if i > 6 {
                        let doctyp = Array("doctyp".utf8)
                        var isDoctype = true
                        for k in 0..<6 where s[i - 6 + k] | 0x20 != doctyp[k] { isDoctype = false }
                        if isDoctype { state = .tag }
                    }
                default: break
                }
            case .comment:
                if c == gt, quote == 0, i >= 2, prev(i) == UInt8(ascii: "-"), prev(i, 2) == UInt8(ascii: "-") {
                    quote = 0
                    state = .text
                }
            }
        }
        return o
    }
}
