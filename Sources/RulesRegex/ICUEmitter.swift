// Writing a parsed pattern (``Node``) out in ICU syntax that means what PCRE2 means by it.

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
        case .assertion(let assertion):
            output += ICU.text(of: assertion, utf: utf)
        case .raw(let text, _, _):
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
                !ranges.isEmpty, ranges != [0...(size - 1)]
            {
                output += "(?=[" + Self.setBody(ranges: ranges, properties: []) + "])"
            }
            // A branch written out the same as an earlier one is left out: from the same
            // place and the same groups it succeeds and fails as that one did, so it could
            // only be tried again for nothing. (The highlight pattern names a word once for
            // each time it was found: ICU would try them all at every place.)
            output += "(?:"
            var written = Set<String>()
            for branch in branches {
                var text = ICUEmitter(utf: utf)
                text.emit(branch)
                guard written.insert(text.output).inserted else { continue }
                if written.count > 1 { output += "|" }
                output += text.output
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

    /// ICU's form of a PCRE2 assertion; `\b` is written with look-arounds, for PCRE2's
    /// word characters (letters, numbers and `_` under UCP; ASCII ones in byte mode).
    static func text(of assertion: Assertion, utf: Bool) -> String {
        switch assertion {
        case .subjectStart: return subjectStart
        case .subjectEnd: return subjectEnd
        case .subjectEndOrFinalNewline: return subjectEndOrFinalNewline
        case .lineStart: return lineStart
        case .lineEnd: return lineEnd
        case .wordBoundary(let negated): return ClassEscapes(utf: utf).wordBoundary(negated: negated)
        }
    }
    static let newlineSequenceUTF = "(?>\\x{D}\\x{A}|[\\x{A}-\\x{D}\\x{85}\\x{2028}\\x{2029}])"
    static let newlineSequenceBytes = "(?>\\x{D}\\x{A}|[\\x{A}-\\x{D}\\x{85}])"
    /// PCRE2 10.42's `\w` under UCP: letters, numbers and the underscore.
    static let wordItems = "\\p{L}\\p{N}_"
    /// PCRE2's `\s` under UCP: \p{Z} and the horizontal and vertical spaces.
    static let spaceItemsUTF =
        "\\x{9}-\\x{D}\\x{20}\\x{85}\\x{A0}\\x{1680}\\x{180E}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\p{Z}"
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
