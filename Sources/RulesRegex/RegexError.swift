/// Why a `preg_*` call failed. In PHP each of these is a warning (or a `preg_last_error`
/// code) after which the function returns `false` or `null`; here it is a value the caller
/// decides about, and never a crash.
public enum RegexError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The delimiters or modifiers are wrong; PHP rejects the pattern before compiling it.
    case pattern(String)
    /// The regex compiler rejected the body (`offset` is a byte offset into the body).
    case compile(String, offset: Int)
    /// A `/u` pattern met a subject that is not valid UTF-8 (PREG_BAD_UTF8_ERROR).
    case badUTF8
    /// The backtracking or depth limit was reached (PREG_BACKTRACK_LIMIT_ERROR and kin).
    case matchLimit
    /// Any other failure reported by the engine while matching (PREG_INTERNAL_ERROR).
    case internalError(String)

    /// The text of the warning PHP would print, after `preg_xxx(): `.
    public var description: String {
        switch self {
        case .pattern(let message): return message
        case .compile(let message, let offset): return "Compilation failed: \(message) at offset \(offset)"
        case .badUTF8: return "Malformed UTF-8 characters, possibly incorrectly encoded"
        case .matchLimit: return "Backtrack limit exhausted"
        case .internalError(let message): return "Internal error: \(message)"
        }
    }

    /// The kind of failure, without the engine's wording: what the differential harness
    /// compares, since the two engines phrase compile errors in their own words.
    public var kind: String {
        switch self {
        case .pattern: return "pattern"
        case .compile: return "compile"
        case .badUTF8: return "bad-utf8"
        case .matchLimit: return "match-limit"
        case .internalError: return "internal"
        }
    }
}
