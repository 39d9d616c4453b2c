/// The one abstraction the search core sees: something that compiles PHP-style patterns
/// and runs a single match attempt. Everything PHP layers on top (global matching, empty
/// match handling, replacement templates, UTF-8 checks) lives once in ``Preg`` and is
/// shared by every engine, in the manner of ripgrep's `grep-matcher` trait.
public protocol RegexEngine: AnyObject {
    /// The name used on the command line and in `RULES_ENGINE`.
    var name: String { get }

    /// Compiles the body of `pattern` with the options its modifiers select.
    func compile(_ pattern: PHPPattern) throws(RegexError) -> any CompiledPattern
}

/// Options of a single match attempt, as PHP passes them to `pcre2_match`.
public struct MatchOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The match must start exactly at the start offset.
    public static let anchored = MatchOptions(rawValue: 1 << 0)
    /// An empty match at the start offset does not count (PCRE2_NOTEMPTY_ATSTART). PHP uses
    /// it with `anchored` to retry after an empty match, as Perl's `/g` does.
    public static let notEmptyAtStart = MatchOptions(rawValue: 1 << 1)
}

/// A compiled pattern of some engine.
public protocol CompiledPattern: AnyObject {
    /// Number of capture groups, not counting the whole match.
    var groupCount: Int { get }

    /// One match attempt on `subject` starting at byte `offset`. Lookbehind sees the bytes
    /// before `offset`, and `^` matches only at byte 0, as with PHP's `$offset` argument.
    /// For a `/u` pattern the subject has already been checked to be valid UTF-8 and
    /// `offset` is on a character boundary.
    func firstMatch(in subject: Subject, from offset: Int, options: MatchOptions) throws(RegexError) -> Match?

    /// Every match of PHP's global loop (`preg_match_all`, `preg_replace`) from offset 0,
    /// when the engine can list them faster than by repeated ``firstMatch(in:from:options:)``
    /// calls; `nil` to let ``Preg`` run the loop.
    func allMatches(in subject: Subject) throws(RegexError) -> [Match]?
}

extension CompiledPattern {
    public func allMatches(in subject: Subject) throws(RegexError) -> [Match]? { nil }
}

/// The text a match runs on. A class so that an engine can attach the form of the text it
/// works on (UTF-16 for ICU) and reuse it for every attempt of a global match.
public final class Subject {
    public let bytes: Bytes
    /// Conversions an engine made of `bytes`, keyed by the engine's choice of key.
    public var engineCache: [Int: AnyObject] = [:]

    public init(_ bytes: Bytes) {
        self.bytes = bytes
    }
}

/// Byte offsets of one match: for each group from 0 (the whole match) to `groupCount`,
/// its start and end, or -1 and -1 for a group that did not take part.
public struct Match: Hashable, Sendable {
    public var offsets: [Int]

    public init(offsets: [Int]) {
        self.offsets = offsets
    }

    public init(groupCount: Int) {
        offsets = Array(repeating: -1, count: 2 * (groupCount + 1))
    }

    public var start: Int { offsets[0] }
    public var end: Int { offsets[1] }

    /// PCRE2's return value: one more than the highest group that took part. PHP drops the
    /// groups at and above it from `preg_match`'s array.
    public var setCount: Int {
        var n = offsets.count / 2
        while n > 1, offsets[2 * (n - 1)] < 0 { n -= 1 }
        return n
    }

    public func range(_ group: Int) -> Range<Int>? {
        guard 2 * group + 1 < offsets.count, offsets[2 * group] >= 0 else { return nil }
        return offsets[2 * group]..<offsets[2 * group + 1]
    }
}
