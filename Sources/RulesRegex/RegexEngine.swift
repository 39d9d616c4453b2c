/// The one abstraction the search core sees: something that compiles PHP-style patterns
/// and runs a single match attempt. Everything PHP layers on top (global matching, empty
/// match handling, replacement templates, UTF-8 checks) lives once in ``Preg`` and is
/// shared by every engine, in the manner of ripgrep's `grep-matcher` trait.
///
/// An engine is shared by threads (each worker of a build compiles through it): it keeps
/// no state that compiling changes. A compiled pattern is not shared: each ``Preg`` has its own.
public protocol RegexEngine: AnyObject, Sendable {
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
    /// `offset` is on a character boundary. `scratch` is the engine's to keep a converted
    /// form of the subject in between attempts on the same subject; it starts as `nil`.
    func firstMatch(
        in subject: UnsafeBufferPointer<UInt8>, from offset: Int, options: MatchOptions,
        scratch: inout AnyObject?
    ) throws(RegexError) -> Match?

    /// Every match of PHP's global loop (`preg_match_all`, `preg_replace`) from `offset`,
    /// when the engine can list them faster than by repeated ``firstMatch(in:from:options:scratch:)``
    /// calls; `nil` to let ``Preg`` run the loop.
    func allMatches(in subject: UnsafeBufferPointer<UInt8>, from offset: Int, scratch: inout AnyObject?) throws(RegexError) -> [Match]?

    /// Where each match of PHP's global loop from `offset` starts and ends (the whole
    /// match only, as pairs: start, end, start, end...), in one call, for an engine whose
    /// cost per call is much more than its cost per match; `nil` to let ``Preg`` run the
    /// loop. `utf` says how far the loop moves on after an empty match: a character or a
    /// byte. `preg_replace` with a replacement that names no group needs nothing more.
    /// `starts`, when known, tells where a match cannot start; an engine may use it to
    /// begin each search further on, or ignore it.
    func allMatchBounds(
        in subject: UnsafeBufferPointer<UInt8>, from offset: Int, utf: Bool,
        starts: StartCharacters?, scratch: inout AnyObject?
    ) throws(RegexError) -> [Int]?

    /// That no match in `subject` starts after byte `lastStart`, for the calls on it that
    /// follow with this `scratch` (``Preg`` knows it from the text every match contains).
    /// ICU tries every start up to the end of the subject, each a search through all that
    /// follows it, so that many places a match could start after the last place one can
    /// (a `«` after the last `»`) cost the square of the subject's length; PCRE2 looks for
    /// a required character itself. An engine may ignore it.
    func limitStarts(to lastStart: Int, in subject: UnsafeBufferPointer<UInt8>, scratch: inout AnyObject?)

    /// That the pattern is one whose work on a short subject stays far below any match
    /// limit (a fixed pattern of the reference: the stemmer's, the query filter's), so that
    /// the engine may answer its first uses on short subjects by its plainest means, with
    /// the same answers. An engine may ignore it.
    func boundedOnShortSubjects()
}

extension CompiledPattern {
    public func limitStarts(to lastStart: Int, in subject: UnsafeBufferPointer<UInt8>, scratch: inout AnyObject?) {}

    public func boundedOnShortSubjects() {}

    public func allMatchBounds(
        in subject: UnsafeBufferPointer<UInt8>, from offset: Int, utf: Bool,
        starts: StartCharacters?, scratch: inout AnyObject?
    ) throws(RegexError) -> [Int]? {
        nil
    }

    public func allMatches(
        in subject: UnsafeBufferPointer<UInt8>, from offset: Int, scratch: inout AnyObject?
    ) throws(RegexError) -> [Match]? {
        nil
    }
}

/// Byte offsets of one match: for each group from 0 (the whole match) to `groupCount`,
/// its start and end, or -1 and -1 for a group that did not take part.
///
/// Up to six groups are stored inline: a match is made for every successful attempt, and
/// the stemmer alone makes millions of them.
public struct Match: Hashable, Sendable {
    private typealias Inline = (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int)
    private static let inlineCount = 14
    private var inline: Inline = (-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1)
    private var overflow: [Int]?
    /// Number of offsets: 2 × (groups + 1).
    public let count: Int

    public init(groupCount: Int) {
        count = 2 * (groupCount + 1)
        if count > Self.inlineCount { overflow = Array(repeating: -1, count: count) }
    }

    public init(offsets: [Int]) {
        self.init(groupCount: offsets.count / 2 - 1)
        for (i, v) in offsets.enumerated() { self[i] = v }
    }

    /// Offset `i`: the start of group `i / 2` when `i` is even, its end when odd.
    public subscript(i: Int) -> Int {
        get {
            precondition(i >= 0 && i < count)
            if let overflow { return overflow[i] }
            return withUnsafeBytes(of: inline) { $0.load(fromByteOffset: i * MemoryLayout<Int>.stride, as: Int.self) }
        }
        set {
            precondition(i >= 0 && i < count)
            if overflow != nil {
                overflow![i] = newValue
                return
            }
            withUnsafeMutableBytes(of: &inline) { $0.storeBytes(of: newValue, toByteOffset: i * MemoryLayout<Int>.stride, as: Int.self) }
        }
    }

    public var offsets: [Int] { (0..<count).map { self[$0] } }

    public var start: Int { self[0] }
    public var end: Int { self[1] }

    /// PCRE2's return value: one more than the highest group that took part. PHP drops the
    /// groups at and above it from `preg_match`'s array.
    public var setCount: Int {
        var n = count / 2
        while n > 1, self[2 * (n - 1)] < 0 { n -= 1 }
        return n
    }

    public func range(_ group: Int) -> Range<Int>? {
        guard 2 * group + 1 < count, self[2 * group] >= 0 else { return nil }
        return self[2 * group]..<self[2 * group + 1]
    }

    public static func == (a: Match, b: Match) -> Bool {
        a.offsets == b.offsets
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(offsets)
    }
}
