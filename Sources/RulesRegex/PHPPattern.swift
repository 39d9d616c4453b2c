/// A regular expression written the way PHP's `preg_*` functions take it: a delimiter, the
/// pattern body, the closing delimiter and modifier letters, such as `#(,+)#u`.
///
/// Parsing follows PHP 8.2's `pcre_get_compiled_regex_cache_ex`: leading whitespace is
/// skipped, bracket delimiters nest, a backslash hides the next byte from the delimiter
/// search, and an unknown modifier is an error (PHP's warning, after which the call fails).
public struct PHPPattern: Hashable, Sendable {
    /// Compile options the modifiers select; the names are PCRE2's.
    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// `i`
        public static let caseless = Options(rawValue: 1 << 0)
        /// `m`
        public static let multiline = Options(rawValue: 1 << 1)
        /// `s`
        public static let dotAll = Options(rawValue: 1 << 2)
        /// `x`
        public static let extended = Options(rawValue: 1 << 3)
        /// `A`: the match must start at the start offset.
        public static let anchored = Options(rawValue: 1 << 4)
        /// `D`: `$` matches only at the very end, not before a final newline.
        public static let dollarEndOnly = Options(rawValue: 1 << 5)
        /// `U`: quantifiers are lazy unless followed by `?`.
        public static let ungreedy = Options(rawValue: 1 << 6)
        /// `u`: UTF-8 pattern and subject, and Unicode properties for `\w`, `\d`, `\s`, `\b`
        /// and POSIX classes (PCRE2_UTF | PCRE2_UCP).
        public static let utf = Options(rawValue: 1 << 7)
        /// `J`: duplicate group names allowed.
        public static let dupNames = Options(rawValue: 1 << 8)
        /// `n`: plain parentheses do not capture.
        public static let noAutoCapture = Options(rawValue: 1 << 9)
    }

    /// The pattern as the caller wrote it, delimiters and modifiers included. PHP caches
    /// compiled patterns by this string, and so do we.
    public let source: Bytes
    /// The bytes between the delimiters, handed to the regex compiler unchanged.
    public let body: Bytes
    public let options: Options

    /// Whether a match must start where the search stands (`/A`, or `\G` in the body), so
    /// that the search cannot be begun further on.
    var isAnchoredAtSearchStart: Bool {
        options.contains(.anchored) || body.indices.dropLast().contains { body[$0] == 0x5C && body[$0 + 1] == 0x47 }
    }

    /// The body's syntax tree for the analyses of its structure (``MatchPrefilter``,
    /// ``StartCharacters``); `nil` under `/x`, which they do not model, or when the parser
    /// does not know the syntax.
    var syntaxTree: Node? {
        guard !options.contains(.extended), var parser = try? PCREParser(body: body, options: options) else { return nil }
        return try? parser.parseTopLevel()
    }

    public init(_ source: String) throws(RegexError) {
        try self.init(Bytes(php: source))
    }

    public init(_ source: Bytes) throws(RegexError) {
        self.source = source
        let end = source.count
        var p = 0
        while p < end, Self.isCSpace(source[p]) { p += 1 }
        if p >= end { throw .pattern("Empty regular expression") }

        let startDelimiter = source[p]
        p += 1
        if Self.isCAlnum(startDelimiter) || startDelimiter == UInt8(ascii: "\\") || startDelimiter == 0 {
            throw .pattern("Delimiter must not be alphanumeric, backslash, or NUL")
        }
        let endDelimiter: UInt8
        switch startDelimiter {
        case UInt8(ascii: "("): endDelimiter = UInt8(ascii: ")")
        case UInt8(ascii: "["): endDelimiter = UInt8(ascii: "]")
        case UInt8(ascii: "{"): endDelimiter = UInt8(ascii: "}")
        case UInt8(ascii: "<"): endDelimiter = UInt8(ascii: ">")
        default: endDelimiter = startDelimiter
        }

        let bodyStart = p
        var depth = 1
        while p < end {
            let c = source[p]
            if c == UInt8(ascii: "\\"), p + 1 < end {
                p += 1
            } else if c == endDelimiter {
                if startDelimiter == endDelimiter { break }
                depth -= 1
                if depth <= 0 { break }
            } else if c == startDelimiter {
                depth += 1
            }
            p += 1
        }
        if p >= end {
            let shown = Self.describe(endDelimiter)
            throw startDelimiter == endDelimiter
                ? .pattern("No ending delimiter '\(shown)' found")
                : .pattern("No ending matching delimiter '\(shown)' found")
        }
        body = Array(source[bodyStart..<p])
        p += 1

        var options: Options = []
        while p < end {
            let c = source[p]
            p += 1
            switch c {
            case UInt8(ascii: "i"): options.insert(.caseless)
            case UInt8(ascii: "m"): options.insert(.multiline)
            case UInt8(ascii: "s"): options.insert(.dotAll)
            case UInt8(ascii: "x"): options.insert(.extended)
            case UInt8(ascii: "A"): options.insert(.anchored)
            case UInt8(ascii: "D"): options.insert(.dollarEndOnly)
            case UInt8(ascii: "S"), UInt8(ascii: "X"): break   // no-ops since PHP 7.3
            case UInt8(ascii: "U"): options.insert(.ungreedy)
            case UInt8(ascii: "u"): options.insert(.utf)
            case UInt8(ascii: "J"): options.insert(.dupNames)
            case UInt8(ascii: "n"): options.insert(.noAutoCapture)
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"): break
            case UInt8(ascii: "e"):
                throw .pattern("The /e modifier is no longer supported, use preg_replace_callback instead")
            case 0:
                throw .pattern("NUL is not a valid modifier")
            default:
                throw .pattern("Unknown modifier '\(Self.describe(c))'")
            }
        }
        self.options = options
    }

    /// C's `isspace` in the "C" locale.
    static func isCSpace(_ c: UInt8) -> Bool {
        c == 0x20 || (0x09...0x0D).contains(c)
    }

    /// C's `isalnum` in the "C" locale.
    static func isCAlnum(_ c: UInt8) -> Bool {
        (0x30...0x39).contains(c) || (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c)
    }

    private static func describe(_ c: UInt8) -> String {
        c < 0x80 ? String(UnicodeScalar(c)) : "\\x" + String(c, radix: 16, uppercase: true)
    }
}
