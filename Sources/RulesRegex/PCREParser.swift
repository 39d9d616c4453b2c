/// PCRE2 10.42's pattern grammar, for the options PHP can set.
struct PCREParser {
    struct Flags {
        var caseless = false
        var multiline = false
        var dotAll = false
        var extended = false
        var extendedMore = false
        var ungreedy = false
        var noAutoCapture = false
    }

    private let chars: [UInt32]
    private var pos = 0
    private let utf: Bool
    private let dollarEndOnly: Bool
    private var flags = Flags()
    /// Inside `\Q...\E`, where every character is literal.
    private var quoting = false
    private(set) var groupCount = 0
    private var names: [String: Int] = [:]
    /// Back references seen, checked once the whole pattern is known, as PCRE2 does.
    private var references: [Int] = []
    private var namedReferences: [String] = []

    init(body: Bytes, options: PHPPattern.Options) throws(RegexError) {
        utf = options.contains(.utf)
        if utf {
            guard UTF8Bytes.isValid(body) else {
                throw .compile("UTF-8 error: invalid UTF-8 string", offset: 0)
            }
            var decoded: [UInt32] = []
            decoded.reserveCapacity(body.count)
            body.withUnsafeBufferPointer { buffer in
                var i = 0
                while i < buffer.count {
                    let (scalar, length) = UTF8Bytes.decode(buffer, at: i)
                    decoded.append(scalar)
                    i += length
                }
            }
            chars = decoded
        } else {
            chars = body.map(UInt32.init)
        }
        dollarEndOnly = options.contains(.dollarEndOnly)
        flags.caseless = options.contains(.caseless)
        flags.multiline = options.contains(.multiline)
        flags.dotAll = options.contains(.dotAll)
        flags.extended = options.contains(.extended)
        flags.ungreedy = options.contains(.ungreedy)
        flags.noAutoCapture = options.contains(.noAutoCapture)
        if options.contains(.dupNames) {
            throw .compile("duplicate group names (J) are not supported by the Foundation engine", offset: 0)
        }
    }

    // MARK: Reading

    private var atEnd: Bool { pos >= chars.count }
    private func peek(_ ahead: Int = 0) -> UInt32? {
        pos + ahead < chars.count ? chars[pos + ahead] : nil
    }
    private func isChar(_ c: UInt32?, _ ascii: Character) -> Bool {
        c == ascii.unicodeScalars.first!.value
    }
    private func error(_ message: String) -> RegexError {
        .compile(message, offset: pos)
    }
    private func unsupported(_ what: String) -> RegexError {
        .compile("\(what) is not supported by the Foundation engine", offset: pos)
    }

    /// Skips white space and `#` comments in extended mode.
    private mutating func skipExtended() {
        guard flags.extended else { return }
        while let c = peek() {
            if Self.isPatternWhiteSpace(c, utf: utf) {
                pos += 1
            } else if c == 0x23 {   // '#': comment to the end of the line
                while let d = peek(), d != 0x0A { pos += 1 }
            } else {
                return
            }
        }
    }

    static func isPatternWhiteSpace(_ c: UInt32, utf: Bool) -> Bool {
        switch c {
        case 0x09...0x0D, 0x20: return true
        case 0x85, 0x200E, 0x200F, 0x2028, 0x2029: return utf
        default: return false
        }
    }

    // MARK: Structure

    mutating func parseTopLevel() throws(RegexError) -> Node {
        let node = try parseAlternation()
        if !atEnd {
            // Only a ')' stops an alternation early.
            throw error("unmatched closing parenthesis")
        }
        return node
    }

    private mutating func parseAlternation() throws(RegexError) -> Node {
        var branches: [Node] = [try parseSequence()]
        while isChar(peek(), "|") {
            pos += 1
            branches.append(try parseSequence())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseSequence() throws(RegexError) -> Node {
        var items: [Node] = []
        while true {
            if !quoting { skipExtended() }
            guard let c = peek() else { break }
            if !quoting {
                if c == 0x7C || c == 0x29 { break }   // '|' or ')'
                if Self.isQuantifierStart(c), quantifierLength() != nil {
                    throw error("quantifier does not follow a repeatable item")
                }
            }
            guard let atom = try parseAtom() else { continue }
            var node = atom.node
            if quoting {
                // Inside \Q...\E a quantifier character is literal; one may follow \E.
                guard isChar(peek(), "\\"), isChar(peek(1), "E") else {
                    items.append(node)
                    continue
                }
                pos += 2
                quoting = false
            }
            skipExtended()
            if let q = try parseQuantifier() {
                guard atom.repeatable else {
                    throw error("quantifier does not follow a repeatable item")
                }
                node = quantify(node, q)
                skipExtended()
                if let next = peek(), Self.isQuantifierStart(next), quantifierLength() != nil {
                    throw error("quantifier does not follow a repeatable item")
                }
            }
            items.append(node)
        }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    private func quantify(_ node: Node, _ q: (min: Int, max: Int?, mode: Node.RepeatMode)) -> Node {
        if case .group(let kind, _) = node, kind.isLookaround {
            // PCRE2 treats a repeated assertion as optional (minimum 0) or as the assertion
            // itself (minimum 1 or more).
            return q.min == 0 ? .repeated(node, min: 0, max: 1, mode: .greedy) : node
        }
        return .repeated(node, min: q.min, max: q.max, mode: q.mode)
    }

    static func isQuantifierStart(_ c: UInt32) -> Bool {
        c == 0x2A || c == 0x2B || c == 0x3F || c == 0x7B   // * + ? {
    }

    /// Length of a `{n}`, `{n,}` or `{n,m}` quantifier at `pos`, or `nil` when the brace is
    /// a literal; 1 for `*`, `+`, `?`.
    private func quantifierLength() -> Int? {
        guard let c = peek() else { return nil }
        if c != 0x7B { return 1 }
        var i = pos + 1
        var digits = 0
        while i < chars.count, (0x30...0x39).contains(chars[i]) {
            i += 1
            digits += 1
        }
        guard digits > 0, i < chars.count else { return nil }
        if chars[i] == 0x7D { return i - pos + 1 }
        guard chars[i] == 0x2C else { return nil }
        i += 1
        while i < chars.count, (0x30...0x39).contains(chars[i]) { i += 1 }
        guard i < chars.count, chars[i] == 0x7D else { return nil }
        return i - pos + 1
    }

    private mutating func parseQuantifier() throws(RegexError) -> (min: Int, max: Int?, mode: Node.RepeatMode)? {
        guard let c = peek(), Self.isQuantifierStart(c), let length = quantifierLength() else { return nil }
        var low = 0
        var high: Int?
        switch c {
        case 0x2A:
            low = 0
            high = nil
        case 0x2B:
            low = 1
            high = nil
        case 0x3F:
            low = 0
            high = 1
        default:
            let text = String(decoding: chars[(pos + 1)..<(pos + length - 1)].map { UInt8($0) }, as: UTF8.self)
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard let first = Int(parts[0]), first <= 65535 else {
                pos += length - 1
                throw error("number too big in {} quantifier")
            }
            low = first
            if parts.count == 1 {
                high = first
            } else if parts[1].isEmpty {
                high = nil
            } else {
                guard let second = Int(parts[1]), second <= 65535 else {
                    pos += length - 1
                    throw error("number too big in {} quantifier")
                }
                guard second >= first else {
                    pos += length - 1
                    throw error("numbers out of order in {} quantifier")
                }
                high = second
            }
        }
        pos += length
        var mode: Node.RepeatMode = flags.ungreedy ? .lazy : .greedy
        if isChar(peek(), "+") {
            mode = .possessive
            pos += 1
        } else if isChar(peek(), "?") {
            mode = flags.ungreedy ? .greedy : .lazy
            pos += 1
        }
        return (low, high, mode)
    }

    // MARK: Atoms

    /// An atom and whether a quantifier may follow it; `nil` for something that matches
    /// nothing and takes no quantifier (an option setting, a comment, `\E`).
    private mutating func parseAtom() throws(RegexError) -> (node: Node, repeatable: Bool)? {
        guard let c = peek() else { return nil }
        if quoting {
            if c == 0x5C, isChar(peek(1), "E") {
                pos += 2
                quoting = false
                return nil
            }
            pos += 1
            return (.literal(c, caseless: flags.caseless), true)
        }
        switch c {
        case 0x28:   // (
            return try parseGroup()
        case 0x5B:   // [
            pos += 1
            return (try parseClass(), true)
        case 0x5C:   // backslash
            return try parseEscape()
        case 0x2E:   // .
            pos += 1
            return (flags.dotAll ? .raw(ICU.any, min: 1, max: 1) : .raw(ICU.notNewline, min: 1, max: 1), true)
        case 0x5E:   // ^
            pos += 1
            return (.assertion(flags.multiline ? .lineStart : .subjectStart), false)
        case 0x24:   // $
            pos += 1
            let assertion: Assertion
            if flags.multiline {
                assertion = .lineEnd
            } else {
                assertion = dollarEndOnly ? .subjectEnd : .subjectEndOrFinalNewline
            }
            return (.assertion(assertion), false)
        default:
            pos += 1
            return (.literal(c, caseless: flags.caseless), true)
        }
    }

    private mutating func parseGroup() throws(RegexError) -> (node: Node, repeatable: Bool)? {
        pos += 1   // (
        if isChar(peek(), "*") {
            if let next = peek(1), (0x41...0x5A).contains(next) || next == 0x3A {
                throw unsupported("a backtracking verb or (*...) item")
            }
            throw error("quantifier does not follow a repeatable item")
        }
        var kind: Node.GroupKind
        let savedFlags = flags
        if isChar(peek(), "?") {
            pos += 1
            guard let c = peek() else { throw error("missing closing parenthesis") }
            switch c {
            case 0x23:   // (?# comment )
                while let d = peek(), d != 0x29 { pos += 1 }
                guard !atEnd else { throw error("missing ) after (?# comment") }
                pos += 1
                return nil
            case 0x3A:
                pos += 1
                kind = .nonCapture
            case 0x3E:
                pos += 1
                kind = .atomic
            case 0x3D:
                pos += 1
                kind = .lookahead(negative: false)
            case 0x21:
                pos += 1
                kind = .lookahead(negative: true)
            case 0x7C: throw unsupported("a branch reset group (?|")
            case 0x28: throw unsupported("a conditional group")
            case 0x43: throw unsupported("a callout")
            case 0x52, 0x26, 0x2B, 0x30...0x39:
                throw unsupported("recursion or a subroutine call")
            case 0x3C:   // (?<= (?<! (?<name>
                if isChar(peek(1), "=") {
                    pos += 2
                    kind = .lookbehind(negative: false)
                } else if isChar(peek(1), "!") {
                    pos += 2
                    kind = .lookbehind(negative: true)
                } else {
                    pos += 1
                    kind = .capture(try newNamedGroup(terminator: 0x3E))
                }
            case 0x27:   // (?'name'
                pos += 1
                kind = .capture(try newNamedGroup(terminator: 0x27))
            case 0x50:   // (?P<name> (?P=name) (?P>name)
                if isChar(peek(1), "<") {
                    pos += 2
                    kind = .capture(try newNamedGroup(terminator: 0x3E))
                } else if isChar(peek(1), "=") {
                    pos += 2
                    let name = try readName(terminator: 0x29)
                    namedReferences.append(name)
                    return (.backReference(names[name] ?? -1, caseless: flags.caseless), true)
                } else if isChar(peek(1), ">") {
                    throw unsupported("recursion or a subroutine call")
                } else {
                    throw error("unrecognized character after (?P")
                }
            case 0x2D where peek(1).map({ (0x30...0x39).contains($0) }) ?? false:
                throw unsupported("recursion or a subroutine call")
            default:
                // Option settings: (?imnsxJU-imnsxJU) or (?^...) alone or before ':'.
                let isColon = try parseOptionLetters()
                if !isColon {
                    // Applies to the rest of the enclosing group; nothing to emit.
                    return nil
                }
                kind = .nonCapture
            }
        } else if flags.noAutoCapture {
            kind = .nonCapture
        } else {
            groupCount += 1
            kind = .capture(groupCount)
        }
        let inner = try parseAlternation()
        guard isChar(peek(), ")") else { throw error("missing closing parenthesis") }
        pos += 1
        flags = savedFlags
        if case .lookbehind = kind {
            let branches: [Node]
            if case .alternation(let list) = inner { branches = list } else { branches = [inner] }
            for branch in branches where branch.fixedLength == nil {
                throw error("lookbehind assertion is not fixed length")
            }
        }
        return (.group(kind, inner), true)
    }

    /// Reads option letters after `(?`; true when they end with `:` (a group follows).
    private mutating func parseOptionLetters() throws(RegexError) -> Bool {
        var on = true
        if isChar(peek(), "^") {
            flags.caseless = false
            flags.multiline = false
            flags.noAutoCapture = false
            flags.dotAll = false
            flags.extended = false
            flags.extendedMore = false
            pos += 1
        }
        while let c = peek() {
            pos += 1
            switch c {
            case 0x29: return false
            case 0x3A: return true
            case 0x2D:
                guard on else { throw error("unrecognized character after (? or (?-") }
                on = false
            case 0x69: flags.caseless = on
            case 0x6D: flags.multiline = on
            case 0x6E: flags.noAutoCapture = on
            case 0x73: flags.dotAll = on
            case 0x78:
                if isChar(peek(), "x") {
                    pos += 1
                    flags.extendedMore = on
                }
                flags.extended = on
                if !on { flags.extendedMore = false }
            case 0x55: flags.ungreedy = on
            case 0x4A: throw unsupported("the J option")
            default: throw error("unrecognized character after (? or (?-")
            }
        }
        throw error("missing closing parenthesis")
    }

    private mutating func readName(terminator: UInt32) throws(RegexError) -> String {
        var name = ""
        guard let first = peek(), Self.isNameStart(first) else {
            throw error("subpattern name expected")
        }
        while let c = peek(), c != terminator {
            guard Self.isNameChar(c) else { throw error("syntax error in subpattern name (missing terminator?)") }
            name.unicodeScalars.append(Unicode.Scalar(c)!)
            pos += 1
        }
        guard !atEnd else { throw error("syntax error in subpattern name (missing terminator?)") }
        pos += 1
        if name.unicodeScalars.count > 32 { throw error("subpattern name is too long (maximum 32 code units)") }
        return name
    }

    private mutating func newNamedGroup(terminator: UInt32) throws(RegexError) -> Int {
        let name = try readName(terminator: terminator)
        if names[name] != nil { throw error("two named subpatterns have the same name (PCRE2_DUPNAMES not set)") }
        groupCount += 1
        names[name] = groupCount
        return groupCount
    }

    static func isNameStart(_ c: UInt32) -> Bool {
        (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) || c == 0x5F
    }

    static func isNameChar(_ c: UInt32) -> Bool {
        isNameStart(c) || (0x30...0x39).contains(c)
    }

    /// Verifies every back reference names an existing group.
    func checkReferences() throws(RegexError) {
        for r in references where r > groupCount || r <= 0 {
            throw RegexError.compile("reference to non-existent subpattern", offset: 0)
        }
        for name in namedReferences where names[name] == nil {
            throw RegexError.compile("reference to non-existent subpattern", offset: 0)
        }
    }

    // MARK: Escapes outside a class

    /// An octal escape's value: up to three octal digits in all, `value` being the value of
    /// the `count` already read; over \\377 without `/u` is PCRE2's error.
    private mutating func octal(_ value: UInt32, digits count: Int) throws(RegexError) -> UInt32 {
        var value = value
        var count = count
        while count < 3, let d = peek(), (0x30...0x37).contains(d) {
            value = value * 8 + (d - 0x30)
            pos += 1
            count += 1
        }
        if !utf && value > 0xFF { throw error("octal value is greater than \\377 in 8-bit non-UTF-8 mode") }
        return value
    }

    private mutating func parseEscape() throws(RegexError) -> (node: Node, repeatable: Bool)? {
        pos += 1   // backslash
        guard let c = peek() else { throw error("\\ at end of pattern") }
        pos += 1
        let sets = ClassEscapes(utf: utf)
        switch c {
        case 0x64: return (.charClass(sets.digit(negated: false)), true)   // d
        case 0x44: return (.charClass(sets.digit(negated: true)), true)   // D
        case 0x77: return (.charClass(sets.word(negated: false)), true)   // w
        case 0x57: return (.charClass(sets.word(negated: true)), true)   // W
        case 0x73: return (.charClass(sets.space(negated: false)), true)   // s
        case 0x53: return (.charClass(sets.space(negated: true)), true)   // S
        case 0x68: return (.charClass(sets.horizontal(negated: false)), true)   // h
        case 0x48: return (.charClass(sets.horizontal(negated: true)), true)   // H
        case 0x76: return (.charClass(sets.vertical(negated: false)), true)   // v
        case 0x56: return (.charClass(sets.vertical(negated: true)), true)   // V
        case 0x4E:   // N
            if isChar(peek(), "{") { throw error("PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u") }
            return (.raw(ICU.notNewline, min: 1, max: 1), true)
        case 0x52:   // R
            return (.raw(utf ? ICU.newlineSequenceUTF : ICU.newlineSequenceBytes, min: 1, max: 2), true)
        case 0x58:   // X
            guard utf else { throw unsupported("\\X without /u") }
            return (.raw("\\X", min: 1, max: nil), true)
        case 0x43:   // C
            guard !utf else { throw unsupported("\\C in UTF mode") }
            return (.raw(ICU.any, min: 1, max: 1), true)
        case 0x62: return (.assertion(.wordBoundary(negated: false)), false)   // b
        case 0x42: return (.assertion(.wordBoundary(negated: true)), false)   // B
        case 0x41: return (.assertion(.subjectStart), false)   // A
        case 0x7A: return (.assertion(.subjectEnd), false)   // z
        case 0x5A: return (.assertion(.subjectEndOrFinalNewline), false)   // Z
        case 0x47: throw unsupported("\\G")
        case 0x4B: throw unsupported("\\K")
        case 0x51:   // Q ... \E
            quoting = true
            return nil
        case 0x45: return nil   // E alone
        case 0x70, 0x50:   // p P
            let item = try parseProperty(negated: c == 0x50)
            var cls = CharClass()
            cls.properties = [item]
            return (.charClass(cls), true)
        case 0x67:   // g
            return (try parseGReference(), true)
        case 0x6B:   // k
            guard let open = peek(), open == 0x3C || open == 0x27 || open == 0x7B else {
                throw error("\\k is not followed by a braced, angle-bracketed, or quoted name")
            }
            pos += 1
            let name = try readName(terminator: open == 0x3C ? 0x3E : open == 0x27 ? 0x27 : 0x7D)
            namedReferences.append(name)
            return (.backReference(names[name] ?? -1, caseless: flags.caseless), true)
        case 0x31...0x39:   // back reference or octal
            pos -= 1
            return (try parseDigitEscape(), true)
        default:
            pos -= 1
            let value = try parseCharacterEscape(inClass: false)
            return (.literal(value, caseless: flags.caseless), true)
        }
    }

    /// `\1`...`\9`, or a longer number: a back reference when below 10, when it starts with
    /// 8 or 9, or when that many groups have opened before it; otherwise up to three octal
    /// digits.
    private mutating func parseDigitEscape() throws(RegexError) -> Node {
        let start = pos
        var value = 0
        while let d = peek(), (0x30...0x39).contains(d), value < 100_000 {
            value = value * 10 + Int(d - 0x30)
            pos += 1
        }
        let first = chars[start]
        if value < 10 || first == 0x38 || first == 0x39 || value <= groupCount {
            references.append(value)
            return .backReference(value, caseless: flags.caseless)
        }
        pos = start
        return .literal(try octal(0, digits: 0), caseless: flags.caseless)
    }

    private mutating func parseGReference() throws(RegexError) -> Node {
        var text = ""
        var braced = false
        if isChar(peek(), "{") {
            braced = true
            pos += 1
        }
        if isChar(peek(), "<") || isChar(peek(), "'") { throw unsupported("a subroutine call") }
        while let c = peek(), braced ? c != 0x7D : ((0x30...0x39).contains(c) || c == 0x2D || c == 0x2B) {
            text.unicodeScalars.append(Unicode.Scalar(c)!)
            pos += 1
            if !braced && text.count > 10 { break }
        }
        if braced {
            guard isChar(peek(), "}") else {
                throw error("\\g is not followed by a braced, angle-bracketed, or quoted name/number or by a plain number")
            }
            pos += 1
        }
        if let n = Int(text) {
            let target = text.hasPrefix("-") ? groupCount + 1 + n : n
            if text.hasPrefix("+") { throw unsupported("a forward relative reference") }
            if n == 0 { throw error("a relative value of zero is not allowed") }
            references.append(target)
            return .backReference(target, caseless: flags.caseless)
        }
        if braced, let first = text.unicodeScalars.first, Self.isNameStart(first.value) {
            namedReferences.append(text)
            return .backReference(names[text] ?? -1, caseless: flags.caseless)
        }
        throw error("\\g is not followed by a braced, angle-bracketed, or quoted name/number or by a plain number")
    }

    /// A single-character escape (`\n`, `\x{..}`, `\0..`, `\cX`, `\.`, ...) at `pos`
    /// (which points at the backslash's next character... the backslash itself was read).
    private mutating func parseCharacterEscape(inClass: Bool) throws(RegexError) -> UInt32 {
        guard let c = peek() else { throw error("\\ at end of pattern") }
        pos += 1
        switch c {
        case 0x61: return 0x07   // a
        case 0x65: return 0x1B   // e
        case 0x66: return 0x0C   // f
        case 0x6E: return 0x0A   // n
        case 0x72: return 0x0D   // r
        case 0x74: return 0x09   // t
        case 0x62 where inClass: return 0x08   // b in a class: backspace
        case 0x30:   // \0 and up to two more octal digits
            var value: UInt32 = 0
            var count = 0
            while count < 2, let d = peek(), (0x30...0x37).contains(d) {
                value = value * 8 + (d - 0x30)
                pos += 1
                count += 1
            }
            return value
        case 0x6F:   // o{...}
            guard isChar(peek(), "{") else { throw error("missing opening brace after \\o") }
            pos += 1
            var value: UInt32 = 0
            var digits = 0
            while let d = peek(), (0x30...0x37).contains(d) {
                value = value &* 8 &+ (d - 0x30)
                digits += 1
                pos += 1
                if value > 0x10FFFF { break }
            }
            guard digits > 0 else { throw error("digits missing in \\x{} or \\o{} or \\N{U+}") }
            guard isChar(peek(), "}") else {
                if let d = peek(), (0x30...0x37).contains(d) { throw error("character code point value in \\x{} or \\o{} is too large") }
                throw error("non-octal character in \\o{} (closing brace missing?)")
            }
            pos += 1
            return try checkCodePoint(value)
        case 0x78:   // x, x{...}
            if isChar(peek(), "{") {
                pos += 1
                var value: UInt32 = 0
                var digits = 0
                while let d = peek(), let h = Self.hexValue(d) {
                    value = value &* 16 &+ h
                    digits += 1
                    pos += 1
                    if value > 0x10FFFF { break }
                }
                guard digits > 0 else {
                    if isChar(peek(), "}") { throw error("digits missing in \\x{} or \\o{} or \\N{U+}") }
                    throw error("non-hex character in \\x{} (closing brace missing?)")
                }
                guard isChar(peek(), "}") else {
                    if let d = peek(), Self.hexValue(d) != nil { throw error("character code point value in \\x{} or \\o{} is too large") }
                    throw error("non-hex character in \\x{} (closing brace missing?)")
                }
                pos += 1
                return try checkCodePoint(value)
            }
            var value: UInt32 = 0
            var count = 0
            while count < 2, let d = peek(), let h = Self.hexValue(d) {
                value = value * 16 + h
                pos += 1
                count += 1
            }
            return value
        case 0x63:   // cX
            guard let x = peek() else { throw error("\\c at end of pattern") }
            guard x < 0x80 else { throw error("\\c must be followed by a printable ASCII character") }
            pos += 1
            var upper = x
            if (0x61...0x7A).contains(upper) { upper -= 0x20 }
            guard (0x20...0x7E).contains(x) else { throw error("\\c must be followed by a printable ASCII character") }
            return upper ^ 0x40
        case 0x31...0x37 where inClass:   // octal in a class
            return try octal(c - 0x30, digits: 1)
        case 0x38 where inClass, 0x39 where inClass:
            return c
        case 0x4C, 0x6C, 0x55, 0x75, 0x46:   // L l U u F
            throw error("PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u")
        default:
            if (0x30...0x39).contains(c) || (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) {
                throw error("unrecognized character follows \\")
            }
            return c   // an escaped non-alphanumeric stands for itself
        }
    }

    private func checkCodePoint(_ value: UInt32) throws(RegexError) -> UInt32 {
        if utf {
            if value > 0x10FFFF { throw error("character code point value in \\x{} or \\o{} is too large") }
            if (0xD800...0xDFFF).contains(value) { throw error("disallowed Unicode code point (>= 0xd800 && <= 0xdfff)") }
        } else if value > 0xFF {
            throw error("character code point value in \\x{} or \\o{} is too large")
        }
        return value
    }

    static func hexValue(_ c: UInt32) -> UInt32? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        case 0x61...0x66: return c - 0x61 + 10
        default: return nil
        }
    }

    /// `\p{Name}`, `\p{^Name}`, `\pL` after the `p`/`P`: an ICU set item.
    private mutating func parseProperty(negated: Bool) throws(RegexError) -> String {
        var name = ""
        if isChar(peek(), "{") {
            pos += 1
            while let c = peek(), c != 0x7D {
                name.unicodeScalars.append(Unicode.Scalar(c) ?? "?")
                pos += 1
            }
            guard !atEnd else { throw error("malformed \\P or \\p sequence") }
            pos += 1
        } else if let c = peek() {
            name.unicodeScalars.append(Unicode.Scalar(c) ?? "?")
            pos += 1
        } else {
            throw error("malformed \\P or \\p sequence")
        }
        var negate = negated
        if name.hasPrefix("^") {
            negate.toggle()
            name.removeFirst()
        }
        guard let item = UnicodeProperties.icuItem(for: name) else {
            throw error("unknown property name after \\P or \\p")
        }
        return negate ? "[^\(item)]" : item
    }

    // MARK: Character classes

    private mutating func parseClass() throws(RegexError) -> Node {
        var cls = CharClass()
        cls.caseless = flags.caseless
        if isChar(peek(), "^") {
            cls.negated = true
            pos += 1
        }
        let sets = ClassEscapes(utf: utf)
        var first = true
        /// The single character just added, which a following `-` may turn into a range.
        var pendingRangeStart: UInt32?
        while true {
            if flags.extendedMore {
                while let c = peek(), c == 0x20 || c == 0x09 { pos += 1 }
            }
            guard let c = peek() else { throw error("missing terminating ] for character class") }
            if c == 0x5D, !first {   // ]
                pos += 1
                break
            }
            first = false
            // POSIX class [:name:]
            if c == 0x5B, let next = peek(1), next == 0x3A || next == 0x2E || next == 0x3D,
                let item = try parsePosixClass(caseless: cls.caseless)
            {
                cls.merge(item)
                pendingRangeStart = nil
                continue
            }
            // A range a-b
            if c == 0x2D, let startValue = pendingRangeStart, let next = peek(1), next != 0x5D {
                pos += 1
                let endValue: UInt32
                if next == 0x5C {
                    pos += 1
                    guard let e = peek() else { throw error("\\ at end of pattern") }
                    if "dDwWsShHvVpPNRXC".unicodeScalars.contains(where: { $0.value == e }) {
                        throw error("invalid range in character class")
                    }
                    endValue = try parseCharacterEscape(inClass: true)
                } else if next == 0x5B, let n2 = peek(1), n2 == 0x3A {
                    throw error("invalid range in character class")
                } else {
                    endValue = next
                    pos += 1
                }
                guard endValue >= startValue else { throw error("range out of order in character class") }
                cls.ranges.removeLast()
                cls.ranges.append(startValue...endValue)
                pendingRangeStart = nil
                continue
            }
            if c == 0x5C {   // backslash
                pos += 1
                guard let e = peek() else { throw error("\\ at end of pattern") }
                if e == 0x70 || e == 0x50 {   // \p \P
                    pos += 1
                    var property = CharClass()
                    property.properties = [try parseProperty(negated: e == 0x50)]
                    try rejectRangeAfterClassEscape()
                    cls.merge(property)
                    pendingRangeStart = nil
                    continue
                }
                var escapeSet: CharClass?
                switch e {
                case 0x64: escapeSet = sets.digit(negated: false)
                case 0x44: escapeSet = sets.digit(negated: true)
                case 0x77: escapeSet = sets.word(negated: false)
                case 0x57: escapeSet = sets.word(negated: true)
                case 0x73: escapeSet = sets.space(negated: false)
                case 0x53: escapeSet = sets.space(negated: true)
                case 0x68: escapeSet = sets.horizontal(negated: false)
                case 0x48: escapeSet = sets.horizontal(negated: true)
                case 0x76: escapeSet = sets.vertical(negated: false)
                case 0x56: escapeSet = sets.vertical(negated: true)
                case 0x51:   // \Q...\E inside a class
                    pos += 1
                    while let d = peek() {
                        if d == 0x5C, isChar(peek(1), "E") {
                            pos += 2
                            break
                        }
                        cls.ranges.append(d...d)
                        pendingRangeStart = d
                        pos += 1
                    }
                    continue
                case 0x45:
                    pos += 1
                    continue
                case 0x4E, 0x52, 0x58, 0x42, 0x41, 0x5A, 0x7A, 0x47, 0x4B, 0x67, 0x6B:
                    throw error("escape sequence is invalid in character class")
                default:
                    break
                }
                if let escapeSet {
                    pos += 1
                    try rejectRangeAfterClassEscape()
                    cls.merge(escapeSet)
                    pendingRangeStart = nil
                    continue
                }
                let value = try parseCharacterEscape(inClass: true)
                cls.ranges.append(value...value)
                pendingRangeStart = value
                continue
            }
            pos += 1
            cls.ranges.append(c...c)
            pendingRangeStart = c
        }
        if !utf {
            return .charClass(ByteClass.resolve(cls))
        }
        return .charClass(cls)
    }

    /// PCRE2 rejects a class escape used as the start of a range, as in `[\\d-z]`.
    private func rejectRangeAfterClassEscape() throws(RegexError) {
        if isChar(peek(), "-"), let after = peek(1), after != 0x5D {
            throw error("invalid range in character class")
        }
    }

    /// `[:name:]` or `[:^name:]` at `pos`; `nil` when the text is not a POSIX class (then
    /// the `[` is an ordinary character).
    private mutating func parsePosixClass(caseless: Bool) throws(RegexError) -> CharClass? {
        let terminator = chars[pos + 1]
        var i = pos + 2
        while i + 1 < chars.count, !(chars[i] == terminator && chars[i + 1] == 0x5D) {
            if chars[i] == 0x5D || chars[i] == 0x5C { return nil }
            i += 1
        }
        guard i + 1 < chars.count else { return nil }
        if terminator != 0x3A { throw error("POSIX collating elements are not supported") }
        var name = String(decoding: chars[(pos + 2)..<i].map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
        var negated = false
        if name.hasPrefix("^") {
            negated = true
            name.removeFirst()
        }
        guard var item = PosixClasses.charClass(name, utf: utf, caseless: caseless) else {
            throw error("unknown POSIX class name")
        }
        pos = i + 2
        if negated { item = item.complemented }
        return item
    }
}
