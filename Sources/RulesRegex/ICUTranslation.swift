/// Rewrites a PCRE2 pattern body into ICU regex syntax that matches exactly what PCRE2
/// matches under PHP's options, so that NSRegularExpression can stand in for PCRE2.
///
/// ICU and PCRE2 share most syntax but not its meaning: ICU's `\w`, `\s`, `\b`, `.`, `$`
/// and case folding all differ from PCRE2's under PHP's `/u` (UTF + UCP), and a pattern
/// without `/u` works on bytes. So the body is parsed here with PCRE2's grammar and every
/// construct is written out in an explicit ICU form whose meaning does not depend on ICU's
/// flags: `\w` as `[\p{L}\p{N}_]`, `$` as a lookahead for an optional final newline, a
/// caseless letter as a one-character set under `(?i:)` (ICU folds strings fully, PCRE2
/// one character at a time), and so on. Patterns PCRE2 rejects are rejected here too, with
/// PCRE2's message where the case is known.
///
/// Byte mode (no `/u`): the subject is handed to ICU as one UTF-16 unit per byte
/// (U+0000-U+00FF), so offsets stay byte offsets; classes are computed as 256-bit sets with
/// PCRE2's C-locale tables.
///
/// A few PCRE2 features have no ICU counterpart (recursion, conditionals, `\K`, `\G`,
/// branch reset, backtracking verbs, callouts); they are reported as compile errors that
/// say so, which the differential harness would show as a difference.
struct ICUTranslation {
    /// The ICU pattern.
    let pattern: String
    /// Capture groups, numbered as PCRE2 numbers them.
    let groupCount: Int
    /// False when no match can be empty; then ICU's own iteration over matches finds
    /// exactly what PHP's global loop finds.
    let canMatchEmpty: Bool

    init(body: Bytes, options: PHPPattern.Options) throws(RegexError) {
        var parser = try PCREParser(body: body, options: options)
        let tree = try parser.parseTopLevel()
        try parser.checkReferences()
        var emitter = ICUEmitter(utf: options.contains(.utf))
        emitter.emit(tree)
        pattern = emitter.output
        groupCount = parser.groupCount
        canMatchEmpty = tree.lengths.min == 0
    }
}

// MARK: - Syntax tree

/// One character class after parsing: code point ranges (which caseless matching closes
/// over case) and property items (which it does not, as in PCRE2 10.42).
struct CharClass {
    var negated = false
    var caseless = false
    /// Ranges of code points (bytes in byte mode), written as ranges or single characters.
    var ranges: [ClosedRange<UInt32>] = []
    /// ICU set items that keep their meaning under caseless matching, such as `\p{Nd}`.
    var properties: [String] = []
}

indirect enum Node {
    case empty
    /// One character matched exactly or, when `caseless`, in either case.
    case literal(UInt32, caseless: Bool)
    case charClass(CharClass)
    /// A zero-width assertion, already in ICU form.
    case assertion(String)
    /// A construct with a fixed ICU form and known lengths (`\R`, `\X`, `.`).
    case raw(String, min: Int, max: Int?)
    case group(GroupKind, Node)
    case sequence([Node])
    case alternation([Node])
    case repeated(Node, min: Int, max: Int?, mode: RepeatMode)
    case backReference(Int, caseless: Bool)

    enum GroupKind {
        case capture(Int)
        case nonCapture
        case atomic
        case lookahead(negative: Bool)
        case lookbehind(negative: Bool)

        var isLookaround: Bool {
            switch self {
            case .lookahead, .lookbehind: return true
            default: return false
            }
        }
    }

    enum RepeatMode { case greedy, lazy, possessive }

    /// Shortest and longest match in characters (`nil`: unbounded).
    var lengths: (min: Int, max: Int?) {
        switch self {
        case .empty, .assertion:
            return (0, 0)
        case .literal, .charClass:
            return (1, 1)
        case .raw(_, let min, let max):
            return (min, max)
        case .group(let kind, let inner):
            return kind.isLookaround ? (0, 0) : inner.lengths
        case .sequence(let items):
            var low = 0
            var high: Int? = 0
            for item in items {
                let l = item.lengths
                low += l.min
                if let h = high, let m = l.max { high = h + m } else { high = nil }
            }
            return (low, high)
        case .alternation(let branches):
            var low = Int.max
            var high: Int? = 0
            for branch in branches {
                let l = branch.lengths
                low = min(low, l.min)
                if let h = high, let m = l.max { high = max(h, m) } else { high = nil }
            }
            return (branches.isEmpty ? 0 : low, high)
        case .repeated(let inner, let lo, let hi, _):
            let l = inner.lengths
            let low = l.min.multipliedReportingOverflow(by: lo)
            var high: Int? = nil
            if let hi, let m = l.max { high = m * hi }
            if l.max == 0 { high = 0 }
            return (low.overflow ? Int.max / 2 : low.partialValue, high)
        case .backReference:
            return (0, nil)
        }
    }

    /// The one length every match has, as PCRE2 10.42 requires of each branch of a
    /// lookbehind; `nil` when it varies.
    var fixedLength: Int? {
        switch self {
        case .empty, .assertion:
            return 0
        case .literal, .charClass:
            return 1
        case .raw(_, let min, let max):
            return min == max ? min : nil
        case .group(let kind, let inner):
            return kind.isLookaround ? 0 : inner.fixedLength
        case .sequence(let items):
            var total = 0
            for item in items {
                guard let l = item.fixedLength else { return nil }
                total += l
            }
            return total
        case .alternation(let branches):
            var common: Int?
            for branch in branches {
                guard let l = branch.fixedLength else { return nil }
                if let c = common, c != l { return nil }
                common = l
            }
            return common ?? 0
        case .repeated(let inner, let lo, let hi, _):
            guard let hi, hi == lo, let l = inner.fixedLength else { return nil }
            return l * lo
        case .backReference:
            return nil
        }
    }
}

// MARK: - Parser

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
        while i < chars.count, (0x30...0x39).contains(chars[i]) { i += 1; digits += 1 }
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
        case 0x2A: low = 0; high = nil
        case 0x2B: low = 1; high = nil
        case 0x3F: low = 0; high = 1
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
            return (.assertion(flags.multiline ? ICU.lineStart : ICU.subjectStart), false)
        case 0x24:   // $
            pos += 1
            let text: String
            if flags.multiline {
                text = ICU.lineEnd
            } else {
                text = dollarEndOnly ? ICU.subjectEnd : ICU.subjectEndOrFinalNewline
            }
            return (.assertion(text), false)
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
            case 0x3A: pos += 1; kind = .nonCapture
            case 0x3E: pos += 1; kind = .atomic
            case 0x3D: pos += 1; kind = .lookahead(negative: false)
            case 0x21: pos += 1; kind = .lookahead(negative: true)
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

    private mutating func parseEscape() throws(RegexError) -> (node: Node, repeatable: Bool)? {
        pos += 1   // backslash
        guard let c = peek() else { throw error("\\ at end of pattern") }
        pos += 1
        let sets = ClassEscapes(utf: utf)
        switch c {
        case 0x64: return (.charClass(sets.digit(negated: false)), true)        // d
        case 0x44: return (.charClass(sets.digit(negated: true)), true)         // D
        case 0x77: return (.charClass(sets.word(negated: false)), true)         // w
        case 0x57: return (.charClass(sets.word(negated: true)), true)          // W
        case 0x73: return (.charClass(sets.space(negated: false)), true)        // s
        case 0x53: return (.charClass(sets.space(negated: true)), true)         // S
        case 0x68: return (.charClass(sets.horizontal(negated: false)), true)   // h
        case 0x48: return (.charClass(sets.horizontal(negated: true)), true)    // H
        case 0x76: return (.charClass(sets.vertical(negated: false)), true)     // v
        case 0x56: return (.charClass(sets.vertical(negated: true)), true)      // V
        case 0x4E:                                                               // N
            if isChar(peek(), "{") { throw error("PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u") }
            return (.raw(ICU.notNewline, min: 1, max: 1), true)
        case 0x52:                                                               // R
            return (.raw(utf ? ICU.newlineSequenceUTF : ICU.newlineSequenceBytes, min: 1, max: 2), true)
        case 0x58:                                                               // X
            guard utf else { throw unsupported("\\X without /u") }
            return (.raw("\\X", min: 1, max: nil), true)
        case 0x43:                                                               // C
            guard !utf else { throw unsupported("\\C in UTF mode") }
            return (.raw(ICU.any, min: 1, max: 1), true)
        case 0x62: return (.assertion(sets.wordBoundary(negated: false)), false) // b
        case 0x42: return (.assertion(sets.wordBoundary(negated: true)), false)  // B
        case 0x41: return (.assertion(ICU.subjectStart), false)                  // A
        case 0x7A: return (.assertion(ICU.subjectEnd), false)                    // z
        case 0x5A: return (.assertion(ICU.subjectEndOrFinalNewline), false)      // Z
        case 0x47: throw unsupported("\\G")
        case 0x4B: throw unsupported("\\K")
        case 0x51:                                                               // Q ... \E
            quoting = true
            return nil
        case 0x45: return nil                                                   // E alone
        case 0x70, 0x50:                                                         // p P
            let item = try parseProperty(negated: c == 0x50)
            var cls = CharClass()
            cls.properties = [item]
            return (.charClass(cls), true)
        case 0x67:                                                               // g
            return (try parseGReference(), true)
        case 0x6B:                                                               // k
            guard let open = peek(), open == 0x3C || open == 0x27 || open == 0x7B else {
                throw error("\\k is not followed by a braced, angle-bracketed, or quoted name")
            }
            pos += 1
            let name = try readName(terminator: open == 0x3C ? 0x3E : open == 0x27 ? 0x27 : 0x7D)
            namedReferences.append(name)
            return (.backReference(names[name] ?? -1, caseless: flags.caseless), true)
        case 0x31...0x39:                                                        // back reference or octal
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
        var octal: UInt32 = 0
        var count = 0
        while count < 3, let d = peek(), (0x30...0x37).contains(d) {
            octal = octal * 8 + (d - 0x30)
            pos += 1
            count += 1
        }
        if !utf && octal > 0xFF { throw error("octal value is greater than \\377 in 8-bit non-UTF-8 mode") }
        return .literal(octal, caseless: flags.caseless)
    }

    private mutating func parseGReference() throws(RegexError) -> Node {
        var text = ""
        var braced = false
        if isChar(peek(), "{") { braced = true; pos += 1 }
        if isChar(peek(), "<") || isChar(peek(), "'") { throw unsupported("a subroutine call") }
        while let c = peek(), braced ? c != 0x7D : ((0x30...0x39).contains(c) || c == 0x2D || c == 0x2B) {
            text.unicodeScalars.append(Unicode.Scalar(c)!)
            pos += 1
            if !braced && text.count > 10 { break }
        }
        if braced {
            guard isChar(peek(), "}") else { throw error("\\g is not followed by a braced, angle-bracketed, or quoted name/number or by a plain number") }
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
        case 0x61: return 0x07                   // a
        case 0x65: return 0x1B                   // e
        case 0x66: return 0x0C                   // f
        case 0x6E: return 0x0A                   // n
        case 0x72: return 0x0D                   // r
        case 0x74: return 0x09                   // t
        case 0x62 where inClass: return 0x08     // b in a class: backspace
        case 0x30:                               // \0 and up to two more octal digits
            var value: UInt32 = 0
            var count = 0
            while count < 2, let d = peek(), (0x30...0x37).contains(d) {
                value = value * 8 + (d - 0x30)
                pos += 1
                count += 1
            }
            return value
        case 0x6F:                               // o{...}
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
        case 0x78:                               // x, x{...}
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
        case 0x63:                               // cX
            guard let x = peek() else { throw error("\\c at end of pattern") }
            guard x < 0x80 else { throw error("\\c must be followed by a printable ASCII character") }
            pos += 1
            var upper = x
            if (0x61...0x7A).contains(upper) { upper -= 0x20 }
            guard (0x20...0x7E).contains(x) else { throw error("\\c must be followed by a printable ASCII character") }
            return upper ^ 0x40
        case 0x31...0x37 where inClass:          // octal in a class
            var value: UInt32 = c - 0x30
            var count = 1
            while count < 3, let d = peek(), (0x30...0x37).contains(d) {
                value = value * 8 + (d - 0x30)
                pos += 1
                count += 1
            }
            if !utf && value > 0xFF { throw error("octal value is greater than \\377 in 8-bit non-UTF-8 mode") }
            return value
        case 0x38 where inClass, 0x39 where inClass:
            return c
        case 0x4C, 0x6C, 0x55, 0x75, 0x46:      // L l U u F
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
               let item = try parsePosixClass(caseless: cls.caseless) {
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
                        if d == 0x5C, isChar(peek(1), "E") { pos += 2; break }
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

// MARK: - Classes from escapes

/// `\d \w \s \h \v \b` as PCRE2 defines them: Unicode properties with `/u` (PCRE2_UCP),
/// the C locale's ASCII tables without.
struct ClassEscapes {
    let utf: Bool

    private func make(ranges: [ClosedRange<UInt32>] = [], properties: [String] = [], negated: Bool) -> CharClass {
        var cls = CharClass()
        cls.ranges = ranges
        cls.properties = properties
        cls.negated = negated
        return cls
    }

    func digit(negated: Bool) -> CharClass {
        utf ? make(properties: ["\\p{Nd}"], negated: negated) : make(ranges: [0x30...0x39], negated: negated)
    }

    func word(negated: Bool) -> CharClass {
        utf ? make(properties: [ICU.wordItems], negated: negated)
            : make(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A], negated: negated)
    }

    func space(negated: Bool) -> CharClass {
        utf ? make(properties: [ICU.spaceItemsUTF], negated: negated)
            : make(ranges: [0x09...0x0D, 0x20...0x20], negated: negated)
    }

    func horizontal(negated: Bool) -> CharClass {
        utf ? make(properties: [ICU.horizontalItemsUTF], negated: negated)
            : make(ranges: [0x09...0x09, 0x20...0x20, 0xA0...0xA0], negated: negated)
    }

    func vertical(negated: Bool) -> CharClass {
        utf ? make(properties: [ICU.verticalItemsUTF], negated: negated)
            : make(ranges: [0x0A...0x0D, 0x85...0x85], negated: negated)
    }

    func wordBoundary(negated: Bool) -> String {
        let w = utf ? "[\(ICU.wordItems)]" : "[0-9A-Z_a-z]"
        return negated
            ? "(?:(?<=\(w))(?=\(w))|(?<!\(w))(?!\(w)))"
            : "(?:(?<=\(w))(?!\(w))|(?<!\(w))(?=\(w)))"
    }
}

extension CharClass {
    /// Adds the members of `other` (a class escape or POSIX class) to this class.
    mutating func merge(_ other: CharClass) {
        if other.negated {
            properties.append("[^" + ICUEmitter.setBody(ranges: other.ranges, properties: other.properties) + "]")
        } else {
            ranges += other.ranges
            properties += other.properties
        }
    }

    var complemented: CharClass {
        var c = self
        c.negated.toggle()
        return c
    }
}

/// POSIX classes inside `[...]`.
enum PosixClasses {
    static func charClass(_ name: String, utf: Bool, caseless: Bool) -> CharClass? {
        var cls = CharClass()
        func ascii(_ ranges: [ClosedRange<UInt32>]) -> CharClass {
            var c = CharClass()
            c.ranges = ranges
            return c
        }
        let alpha: [ClosedRange<UInt32>] = [0x41...0x5A, 0x61...0x7A]
        let digit: [ClosedRange<UInt32>] = [0x30...0x39]
        var lookup = name
        if !utf, caseless, name == "upper" || name == "lower" { lookup = "alpha" }
        if utf {
            switch lookup {
            case "alpha": cls.properties = ["\\p{L}"]
            case "alnum": cls.properties = ["\\p{L}\\p{N}"]
            case "digit": cls.properties = ["\\p{Nd}"]
            case "lower": cls.properties = ["\\p{Ll}"]
            case "upper": cls.properties = ["\\p{Lu}"]
            case "space": cls.properties = [ICU.spaceItemsUTF]
            case "word": cls.properties = [ICU.wordItems]
            case "blank": cls.properties = [ICU.horizontalItemsUTF]
            case "cntrl": cls.properties = ["\\p{Cc}"]
            case "graph": cls.properties = ["[\\p{L}\\p{M}\\p{N}\\p{P}\\p{S}\\p{Cf}--[\\x{61C}\\x{180E}\\x{2066}-\\x{2069}]]"]
            case "print": cls.properties = ["[\\p{L}\\p{M}\\p{N}\\p{P}\\p{S}\\p{Cf}\\p{Zs}--[\\x{61C}\\x{180E}\\x{2066}-\\x{2069}]]"]
            case "punct": cls.properties = ["[\\p{P}[\\x{0}-\\x{7F}&&\\p{S}]]"]
            case "xdigit": return ascii([0x30...0x39, 0x41...0x46, 0x61...0x66])
            case "ascii": return ascii([0x00...0x7F])
            default: return nil
            }
            return cls
        }
        switch lookup {
        case "alpha": return ascii(alpha)
        case "alnum": return ascii(alpha + digit)
        case "digit": return ascii(digit)
        case "lower": return ascii([0x61...0x7A])
        case "upper": return ascii([0x41...0x5A])
        case "space": return ascii([0x09...0x0D, 0x20...0x20])
        case "word": return ascii(alpha + digit + [0x5F...0x5F])
        case "blank": return ascii([0x09...0x09, 0x20...0x20])
        case "cntrl": return ascii([0x00...0x1F, 0x7F...0x7F])
        case "graph": return ascii([0x21...0x7E])
        case "print": return ascii([0x20...0x7E])
        case "punct": return ascii([0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E])
        case "xdigit": return ascii([0x30...0x39, 0x41...0x46, 0x61...0x66])
        case "ascii": return ascii([0x00...0x7F])
        default: return nil
        }
    }
}

/// Byte-mode classes: resolved to an explicit set of bytes, with caseless matching
/// applied to ASCII letters only, as PCRE2's default C-locale tables do.
enum ByteClass {
    static func resolve(_ cls: CharClass) -> CharClass {
        var bits = [Bool](repeating: false, count: 256)
        for r in cls.ranges {
            guard r.lowerBound <= 0xFF else { continue }
            for b in r.lowerBound...min(r.upperBound, 0xFF) { bits[Int(b)] = true }
        }
        if cls.caseless {
            for b in 0..<256 where bits[b] {
                if (0x41...0x5A).contains(b) { bits[b + 0x20] = true }
                if (0x61...0x7A).contains(b) { bits[b - 0x20] = true }
            }
        }
        // Byte-mode class escapes and POSIX classes arrive as ranges, except a negated one
        // merged in, which arrives as a property item "[^...]": apply it here.
        for item in cls.properties {
            let negatedRanges = parseNegatedItem(item)
            for b in 0..<256 where !negatedRanges.contains(where: { $0.contains(UInt32(b)) }) { bits[b] = true }
        }
        if cls.negated { bits = bits.map { !$0 } }
        var out = CharClass()
        var b = 0
        while b < 256 {
            if bits[b] {
                let start = b
                while b + 1 < 256, bits[b + 1] { b += 1 }
                out.ranges.append(UInt32(start)...UInt32(b))
            }
            b += 1
        }
        return out
    }

    /// The ranges of an item written by ``CharClass/merge(_:)`` for a negated byte class.
    private static func parseNegatedItem(_ item: String) -> [ClosedRange<UInt32>] {
        // Format: [^\x{A}-\x{B}\x{C}...]
        var ranges: [ClosedRange<UInt32>] = []
        let scalars = Array(item.unicodeScalars)
        var i = 0
        func readHex() -> UInt32? {
            guard i + 2 < scalars.count, scalars[i] == "\\", scalars[i + 1] == "x", scalars[i + 2] == "{" else { return nil }
            i += 3
            var v: UInt32 = 0
            while i < scalars.count, scalars[i] != "}" {
                v = v * 16 + (PCREParser.hexValue(scalars[i].value) ?? 0)
                i += 1
            }
            i += 1
            return v
        }
        while i < scalars.count {
            if let low = readHex() {
                if i < scalars.count, scalars[i] == "-" {
                    i += 1
                    let high = readHex() ?? low
                    ranges.append(low...high)
                } else {
                    ranges.append(low...low)
                }
            } else {
                i += 1
            }
        }
        return ranges
    }
}

// MARK: - Emitter

extension Node {
    /// True when the ICU text of this node is one atom a quantifier can follow directly.
    var isSingleICUAtom: Bool {
        switch self {
        case .literal, .charClass: return true
        case .group(let kind, _): return !kind.isLookaround
        case .raw(let text, _, _): return text == ICU.notNewline || text == ICU.any
        default: return false
        }
    }
}

/// Writes the syntax tree in ICU syntax.
struct ICUEmitter {
    let utf: Bool
    var output = ""

    init(utf: Bool) {
        self.utf = utf
    }

    mutating func emit(_ node: Node) {
        switch node {
        case .empty:
            break
        case .literal(let c, let caseless):
            emitLiteral(c, caseless: caseless)
        case .charClass(let cls):
            emitClass(cls)
        case .assertion(let text), .raw(let text, _, _):
            output += text
        case .group(let kind, let inner):
            switch kind {
            case .capture(let n): output += "(?<g\(n)>"
            case .nonCapture: output += "(?:"
            case .atomic: output += "(?>"
            case .lookahead(let negative): output += negative ? "(?!" : "(?="
            case .lookbehind(let negative): output += negative ? "(?<!" : "(?<="
            }
            emit(inner)
            output += ")"
        case .sequence(let items):
            for item in items { emit(item) }
        case .alternation(let branches):
            // ICU tries the branches one by one at every position; a lookahead for the
            // characters a branch can start with lets it pass over a position at once.
            // (A subject without /u reaches ICU one byte per character, U+0000 to U+00FF.)
            let size: UInt32 = utf ? 0x11_0000 : 0x100
            if branches.count > 3, let ranges = StartCharacters.firstCharacters(of: node, below: size)?.merged,
               !ranges.isEmpty, ranges != [0...(size - 1)] {
                output += "(?=[" + Self.setBody(ranges: ranges, properties: []) + "])"
            }
            output += "(?:"
            for (i, branch) in branches.enumerated() {
                if i > 0 { output += "|" }
                emit(branch)
            }
            output += ")"
        case .repeated(let inner, let low, let high, let mode):
            // A single character, set or group takes the quantifier as it is; anything else
            // is wrapped first. The short forms let ICU use its fast loops.
            var body = ICUEmitter(utf: utf)
            body.emit(inner)
            if inner.isSingleICUAtom {
                output += body.output
            } else {
                output += "(?:" + body.output + ")"
            }
            switch (low, high) {
            case (0, nil): output += "*"
            case (1, nil): output += "+"
            case (0, 1): output += "?"
            case (_, nil): output += "{\(low),}"
            case (_, let high?): output += low == high ? "{\(low)}" : "{\(low),\(high)}"
            }
            switch mode {
            case .greedy: break
            case .lazy: output += "?"
            case .possessive: output += "+"
            }
        case .backReference(let n, let caseless):
            output += caseless ? "(?i:\\k<g\(n)>)" : "\\k<g\(n)>"
        }
    }

    private mutating func emitLiteral(_ c: UInt32, caseless: Bool) {
        if caseless {
            if utf {
                output += "(?i:[" + Self.char(c) + "])"
                return
            }
            if (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) {
                let upper = c & ~0x20
                output += "[" + Self.char(upper) + Self.char(upper | 0x20) + "]"
                return
            }
        }
        output += Self.char(c)
    }

    private mutating func emitClass(_ cls: CharClass) {
        let literals = Self.setBody(ranges: cls.ranges, properties: [])
        let properties = Self.setBody(ranges: [], properties: cls.properties)
        if !cls.caseless || cls.ranges.isEmpty || !utf {
            let body = Self.setBody(ranges: cls.ranges, properties: cls.properties)
            if body.isEmpty {
                output += cls.negated ? ICU.any : ICU.nothing
            } else {
                output += (cls.negated ? "[^" : "[") + body + "]"
            }
            return
        }
        // Caseless with code points: close the code points over case, never the properties.
        if cls.negated {
            let rest = properties.isEmpty ? ICU.any : "[^" + properties + "]"
            output += "(?:(?!(?i:[" + literals + "]))" + rest + ")"
        } else if properties.isEmpty {
            output += "(?i:[" + literals + "])"
        } else {
            output += "(?:(?i:[" + literals + "])|[" + properties + "])"
        }
    }

    /// The inside of an ICU set: ranges as `\x{..}-\x{..}` and property items as given.
    static func setBody(ranges: [ClosedRange<UInt32>], properties: [String]) -> String {
        var body = ""
        for r in ranges {
            body += char(r.lowerBound)
            if r.upperBound != r.lowerBound { body += "-" + char(r.upperBound) }
        }
        for p in properties { body += p }
        return body
    }

    /// One code point in ICU syntax: ASCII letters and digits as themselves, anything else
    /// as `\x{...}` so that no character is ever taken for syntax.
    static func char(_ c: UInt32) -> String {
        if (0x30...0x39).contains(c) || (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) {
            return String(UnicodeScalar(UInt8(c)))
        }
        return "\\x{" + String(c, radix: 16, uppercase: true) + "}"
    }
}

/// ICU spellings of PCRE2 constructs whose meaning does not depend on ICU's flags.
enum ICU {
    /// Any character. Not ICU's dot with DOTALL, which takes `\\r\\n` as one character.
    static let any = "[\\x{0}-\\x{10FFFF}]"
    /// No character.
    static let nothing = "[^\\x{0}-\\x{10FFFF}]"
    /// ICU's dot under UREGEX_UNIX_LINES: anything but `\\n`, as PCRE2's.
    static let notNewline = "."
    /// ICU's own anchors, compiled with UREGEX_UNIX_LINES and matched without anchoring
    /// bounds, mean what PCRE2's do; written this way ICU also knows the pattern is anchored
    /// and tries one position only.
    static let subjectStart = "^"
    static let subjectEnd = "\\z"
    static let subjectEndOrFinalNewline = "$"
    static let lineStart = "(?:(?<!\(any))|(?<=\\x{A})(?=\(any)))"
    static let lineEnd = "(?=\\x{A}|(?!\(any)))"
    static let newlineSequenceUTF = "(?>\\x{D}\\x{A}|[\\x{A}-\\x{D}\\x{85}\\x{2028}\\x{2029}])"
    static let newlineSequenceBytes = "(?>\\x{D}\\x{A}|[\\x{A}-\\x{D}\\x{85}])"
    /// PCRE2 10.42's `\w` under UCP: letters, numbers and the underscore.
    static let wordItems = "\\p{L}\\p{N}_"
    /// PCRE2's `\s` under UCP: \p{Z} and the horizontal and vertical spaces.
    static let spaceItemsUTF = "\\x{9}-\\x{D}\\x{20}\\x{85}\\x{A0}\\x{1680}\\x{180E}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\p{Z}"
    static let horizontalItemsUTF = "\\x{9}\\x{20}\\x{A0}\\x{1680}\\x{180E}\\x{2000}-\\x{200A}\\x{202F}\\x{205F}\\x{3000}"
    static let verticalItemsUTF = "\\x{A}-\\x{D}\\x{85}\\x{2028}\\x{2029}"
}

/// `\p{...}` names PCRE2 10.42 knows, as ICU set items.
enum UnicodeProperties {
    static let generalCategories: Set<String> = [
        "C", "Cc", "Cf", "Cn", "Co", "Cs", "L", "Ll", "Lm", "Lo", "Lt", "Lu", "M", "Mc", "Me", "Mn",
        "N", "Nd", "Nl", "No", "P", "Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps", "S", "Sc", "Sk", "Sm",
        "So", "Z", "Zl", "Zp", "Zs",
    ]

    static func icuItem(for rawName: String) -> String? {
        // PCRE2 10.40+ matches names loosely: case, spaces, '-' and '_' do not matter.
        let loose = rawName.filter { $0 != " " && $0 != "-" && $0 != "_" }.lowercased()
        if let category = generalCategories.first(where: { $0.lowercased() == loose }) {
            return "\\p{\(category)}"
        }
        switch loose {
        case "any": return "\\x{0}-\\x{10FFFF}"
        case "l&", "lc": return "\\p{Lu}\\p{Ll}\\p{Lt}"
        case "xan": return "\\p{L}\\p{N}"
        case "xwd": return ICU.wordItems
        case "xsp", "xps": return ICU.spaceItemsUTF
        case "xuc": return "\\x{24}\\x{40}\\x{60}\\x{A0}-\\x{D7FF}\\x{E000}-\\x{10FFFF}"
        default: break
        }
        // A script name: PCRE2 10.40+ matches Script_Extensions.
        guard loose.allSatisfy({ $0.isLetter && $0.isASCII }), !loose.isEmpty else { return nil }
        return "\\p{scx=\(loose)}"
    }
}
