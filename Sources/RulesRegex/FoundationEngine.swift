import Foundation

/// The second engine: Foundation's `NSRegularExpression` (ICU), made to behave as PHP's
/// PCRE2 does. Patterns are rewritten by ``ICUTranslation``; subjects are handed to ICU as
/// UTF-16 (after `/u`) or one unit per byte (without it), and every offset is mapped back to
/// a UTF-8 byte offset, as PHP reports it.
public final class FoundationEngine: RegexEngine {
    public let name = "foundation"

    public init() {}

    /// Only `\n` ends a line for ICU's `^` and `$`, as for PCRE2 with PHP's defaults; the
    /// translation uses no other flag-dependent construct.
    static let icuOptions: NSRegularExpression.Options = [.useUnixLineSeparators]

    public func compile(_ pattern: PHPPattern) throws(RegexError) -> any CompiledPattern {
        // First, so that a pattern nested past PCRE2's limit never reaches the parser.
        try CompileLimits.check(pattern)
        let translation = try ICUTranslation(body: pattern.body, options: pattern.options)
        let regex: NSRegularExpression
        do {
            regex = try NSRegularExpression(pattern: translation.pattern, options: FoundationEngine.icuOptions)
        } catch {
            throw .compile("ICU rejected the translated pattern (\(error.localizedDescription))", offset: 0)
        }
        return FoundationPattern(
            regex: regex,
            translation: translation,
            utf: pattern.options.contains(.utf),
            anchored: pattern.options.contains(.anchored))
    }
}

/// A subject in the form ICU reads, with the way back from UTF-16 offsets to byte offsets.
///
/// It lives in the `scratch` of one `Preg` call, inside which the subject's buffer stays
/// put, so it reads the bytes there rather than keeping a copy.
final class ICUSubject {
    let utf: Bool
    let string: String
    let utf16Count: Int
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Byte offset of each UTF-16 offset, and of the end; built when first needed for a
    /// long subject (a short one is walked instead), and never in byte mode, where the two
    /// are the same.
    private var byteOffsets: [Int]?
    /// Up to this many bytes, offsets are found by walking the subject: the stemmer's
    /// words are short, and it makes a subject for nearly every call.
    private static let walkedLength = 96
    /// Bytes per UTF-16 unit when every character has the same width: 1 for ASCII, 2 for
    /// a Cyrillic word; 0 otherwise. Then offsets are a multiplication away.
    private let uniformWidth: Int
    /// The last UTF-16 offset at which a match can start, when ``Preg`` knows it (see
    /// ``CompiledPattern/limitStarts(to:in:scratch:)``).
    var lastStart: Int?

    init(_ buffer: UnsafeBufferPointer<UInt8>, utf: Bool) {
        self.utf = utf
        bytes = buffer
        if utf {
            // Valid UTF-8 (checked by Preg): the String is a copy, and the UTF-16 length is
            // one unit per character plus one more for each four-byte character.
            string = String(decoding: buffer, as: UTF8.self)
            var units = 0
            var wide = false   // a character of three or four bytes
            for b in buffer where b & 0xC0 != 0x80 {
                units += b >= 0xF0 ? 2 : 1
                wide = wide || b >= 0xE0
            }
            utf16Count = units
            uniformWidth = units == buffer.count ? 1 : 2 * units == buffer.count && !wide ? 2 : 0
        } else {
            // One character per byte, U+0000...U+00FF, so offsets are byte offsets.
            var utf8: [UInt8] = []
            utf8.reserveCapacity(buffer.count + buffer.count / 4)
            for b in buffer {
                if b < 0x80 {
                    utf8.append(b)
                } else {
                    utf8.append(0xC0 | b >> 6)
                    utf8.append(0x80 | b & 0x3F)
                }
            }
            string = String(decoding: utf8, as: UTF8.self)
            utf16Count = buffer.count
            uniformWidth = 1
        }
    }

    private func offsetMap() -> [Int] {
        if let byteOffsets { return byteOffsets }
        var offsets: [Int] = []
        offsets.reserveCapacity(utf16Count + 1)
        // Both units of a four-byte character give its start.
        _ = walk { i, _, width in
            offsets.append(contentsOf: repeatElement(i, count: width))
            return true
        }
        offsets.append(bytes.count)
        byteOffsets = offsets
        return offsets
    }

    /// Walks the characters from the subject's start, one UTF-16 unit each (`width` two for
    /// a four-byte one), while `goOn(byte, units, width)` holds at a character; the byte
    /// and unit offsets where it stops.
    @inline(__always)
    private func walk(while goOn: (_ byte: Int, _ units: Int, _ width: Int) -> Bool) -> (byte: Int, units: Int) {
        var units = 0
        var i = 0
        while i < bytes.count {
            let length = max(UTF8Bytes.sequenceLength(lead: bytes[i]), 1)
            let width = length == 4 ? 2 : 1
            guard goOn(i, units, width) else { break }
            units += width
            i += length
        }
        return (i, units)
    }

    func isSubject(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        buffer.baseAddress == bytes.baseAddress && buffer.count == bytes.count
    }

    @inline(__always)
    func byteOffset(_ utf16: Int) -> Int {
        guard utf else { return utf16 }
        if uniformWidth != 0 { return utf16 * uniformWidth }
        guard bytes.count <= Self.walkedLength else { return offsetMap()[utf16] }
        // As the map has it: both units of a four-byte character give its start.
        return walk { _, units, width in units + width <= utf16 }.byte
    }

    /// UTF-16 offset of a byte offset on a character boundary.
    func utf16Offset(_ byte: Int) -> Int {
        guard utf, byte > 0 else { return byte }
        if uniformWidth != 0 { return byte / uniformWidth }
        if bytes.count <= Self.walkedLength { return walk { i, _, _ in i < byte }.units }
        let map = offsetMap()
        var low = 0
        var high = map.count - 1
        while low < high {
            let mid = (low + high) / 2
            if map[mid] < byte { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

final class FoundationPattern: CompiledPattern {
    private let regex: NSRegularExpression
    private let translation: ICUTranslation
    private let utf: Bool
    private let anchored: Bool
    /// Whether the pattern can backtrack far (``BacktrackingRisk``): its calls are bounded.
    private let backtrackingProne: Bool
    /// The pattern compiled to refuse an empty match at its start, built on first need.
    private var notEmptyRegex: NSRegularExpression?
    /// The pattern inside a look-ahead, built on first need: see ``startVariant()``.
    private var startRegex: NSRegularExpression?
    let groupCount: Int

    init(regex: NSRegularExpression, translation: ICUTranslation, utf: Bool, anchored: Bool) {
        self.regex = regex
        self.translation = translation
        self.utf = utf
        self.anchored = anchored
        backtrackingProne = BacktrackingRisk.isProne(translation.pattern)
        groupCount = translation.groupCount
    }

    private static let bounds: NSRegularExpression.MatchingOptions = [.withTransparentBounds, .withoutAnchoringBounds]

    /// The work one call of a pattern prone to backtracking (``BacktrackingRisk``) may do.
    /// ICU reports progress in two ways that reach the block alike: once for each place a
    /// search starts from, and once about every 10,000 steps of its matcher, counted over
    /// the whole search (PCRE2 counts anew at each starting place). A report that comes
    /// ``stepGap`` or more after the one before is taken for a step report (10,000 steps
    /// take ICU far longer; a start that fails at once, far less; a start that does a
    /// thousand steps or more is counted as 10,000). The budget is 100 such reports in a
    /// row, about 1,000,000 steps, as PHP's `pcre.backtrack_limit` bounds PCRE2 at one
    /// starting place. Over the whole search: 100 plus one for every character of the
    /// subject (10,000 steps a place: a long line read on to its end from each place is a
    /// normal search, not a runaway), and at most ``stepTimeLimit(length:)`` of them in
    /// time (10,000 steps of a pattern with many groups cost ICU up to 2 ms); and, whatever
    /// the clock says, at most one report for each place besides
    /// (``reportLimit(length:)``). A pattern that backtracks without end
    /// (`a?` × 28 then `a` × 28, or `.?` × 30 then `а` × 30 at every place of a chapter)
    /// stops with ``RegexError/matchLimit``, as PCRE2 does. The two limits count different
    /// steps, so near them one engine may stop where the other still finds a match, and a
    /// machine busy enough to hold the search up between two starts counts a step report
    /// more: the one place where the engines may differ (README, "Limits"). Other patterns
    /// run unbounded: the reports cost a call for every place searched, 7 times the time of
    /// a plain search.
    static let progressLimit = 100

    /// See ``progressLimit``.
    static let stepGap: UInt64 = 10_000   // nanoseconds

    /// Step reports a search over `length` characters may make.
    static func stepReportLimit(length: Int) -> Int { progressLimit &+ length }

    /// The time step reports of a search over `length` characters may take together, in
    /// nanoseconds: half a second and 5 µs a character (a 100,000-character chapter: 1 s).
    static func stepTimeLimit(length: Int) -> UInt64 { 500_000_000 &+ UInt64(length) &* 5_000 }

    /// Reports of both kinds a search over `length` characters may make.
    static func reportLimit(length: Int) -> Int { stepReportLimit(length: length) + (length + 1) }

    /// `regex` run over `range`, each match to `body` until it says stop; its work bounded
    /// when the pattern is prone to backtracking (`.matchLimit` when the bound is reached
    /// first). Without `.reportProgress` ICU calls the block for matches only.
    private func matches(
        _ regex: NSRegularExpression, in string: String, options: NSRegularExpression.MatchingOptions,
        range: NSRange, budgetLength: Int? = nil, _ body: (NSTextCheckingResult) -> Bool
    ) throws(RegexError) {
        // (A search limited to starts early in the subject still reads all of it: its budget
        // is the whole rest's.)
        let length = budgetLength ?? range.length
        let stepLimit = Self.stepReportLimit(length: length)
        let limit = Self.reportLimit(length: length)
        let timeLimit = Self.stepTimeLimit(length: length)
        var reports = 0
        var stepTime: UInt64 = 0
        var stepReports = 0
        var run = 0   // step reports since the last start that failed at once, or match
        let prone = backtrackingProne
        var last = prone ? Self.now() : 0
        var exceeded = false
        withoutActuallyEscaping(body) { body in
            regex.enumerateMatches(
                in: string, options: prone ? options.union(.reportProgress) : options,
                range: range
            ) { result, _, stop in
                if let result {
                    if !body(result) { stop.pointee = true }
                    if prone {
                        last = Self.now()
                        run = 0
                    }
                } else {
                    reports += 1
                    let now = Self.now()
                    if now &- last >= Self.stepGap {
                        stepReports += 1
                        stepTime &+= now &- last
                        run += 1
                    } else {
                        run = 0
                    }
                    last = now
                    if reports > limit || stepReports > stepLimit || stepTime > timeLimit || run > Self.progressLimit {
                        exceeded = true
                        stop.pointee = true
                    }
                }
            }
        }
        if exceeded { throw .matchLimit }
    }

    /// A monotonic clock in nanoseconds.
    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    private func firstMatch(
        _ regex: NSRegularExpression, in string: String, options: NSRegularExpression.MatchingOptions,
        range: NSRange, budgetLength: Int? = nil
    ) throws(RegexError) -> NSTextCheckingResult? {
        guard backtrackingProne else { return regex.firstMatch(in: string, options: options, range: range) }
        var first: NSTextCheckingResult?
        try matches(regex, in: string, options: options, range: range, budgetLength: budgetLength) { result in
            first = result
            return false
        }
        return first
    }

    private func icuSubject(_ subject: UnsafeBufferPointer<UInt8>, _ scratch: inout AnyObject?) -> ICUSubject {
        // The same subject in the same place: a scratch never outlives its subject's buffer
        // (Preg keeps it within one call), and this makes sure it is that buffer.
        if let cached = scratch as? ICUSubject, cached.utf == utf, cached.isSubject(subject) { return cached }
        let converted = ICUSubject(subject, utf: utf)
        scratch = converted
        return converted
    }

    func firstMatch(
        in subject: UnsafeBufferPointer<UInt8>, from offset: Int, options: MatchOptions,
        scratch: inout AnyObject?
    ) throws(RegexError) -> Match? {
        let text = icuSubject(subject, &scratch)
        let start = text.utf16Offset(offset)
        var matching = Self.bounds
        if anchored || options.contains(.anchored) { matching.insert(.anchored) }
        let range = NSRange(location: start, length: text.utf16Count - start)
        if let last = text.lastStart {
            if start > last { return nil }
            if !matching.contains(.anchored) {
                return try firstMatchStartingBy(last, in: text, from: start).map { match(from: $0, in: text, groupShift: 1, wholeAt: 1) }
            }
        }
        if options.contains(.notEmptyAtStart) {
            let variant = try notEmptyVariant()
            guard let result = try firstMatch(variant, in: text.string, options: matching, range: range) else { return nil }
            return match(from: result, in: text, groupShift: 1)
        }
        guard let result = try firstMatch(regex, in: text.string, options: matching, range: range) else { return nil }
        return match(from: result, in: text, groupShift: 0)
    }

    /// ICU's own iteration finds what PHP's loop finds as long as no match can be empty:
    /// then each search resumes at the end of the previous match, as PHP's does.
    func allMatches(in subject: UnsafeBufferPointer<UInt8>, from offset: Int, scratch: inout AnyObject?) throws(RegexError) -> [Match]? {
        try listMatches(in: subject, from: offset, scratch: &scratch) { text, result, shift in
            [match(from: result, in: text, groupShift: shift, wholeAt: shift)]
        }
    }

    /// ``allMatches(in:from:scratch:)`` without the groups: reading each group's range
    /// from an NSTextCheckingResult costs about as much as a short match, and
    /// `preg_replace` with a replacement that names no group needs none of them.
    /// (`starts` is not used: ICU's own iteration costs less than a call for each match.)
    func limitStarts(to lastStart: Int, in subject: UnsafeBufferPointer<UInt8>, scratch: inout AnyObject?) {
        let text = icuSubject(subject, &scratch)
        text.lastStart = text.utf16Offset(lastStart)
    }

    func allMatchBounds(
        in subject: UnsafeBufferPointer<UInt8>, from offset: Int, utf: Bool,
        starts: StartCharacters?, scratch: inout AnyObject?
    ) throws(RegexError) -> [Int]? {
        try listMatches(in: subject, from: offset, scratch: &scratch) { text, result, shift in
            let whole = result.range(at: shift)
            return [text.byteOffset(whole.location), text.byteOffset(whole.location + whole.length)]
        }
    }

    /// Each match from `offset` as `convert` gives it, or `nil` for a pattern that can
    /// match empty or is anchored (``Preg`` runs PHP's loop for those).
    private func listMatches<T>(
        in subject: UnsafeBufferPointer<UInt8>, from offset: Int, scratch: inout AnyObject?,
        _ convert: (ICUSubject, NSTextCheckingResult, _ shift: Int) -> [T]
    ) throws(RegexError) -> [T]? {
        guard !translation.canMatchEmpty, !anchored else { return nil }
        let text = icuSubject(subject, &scratch)
        let start = text.utf16Offset(offset)
        let range = NSRange(location: start, length: text.utf16Count - start)
        if let last = text.lastStart {
            // One search a match, each trying starts up to the last possible one only; the
            // match is the look-ahead's group, and no match is empty.
            var all: [T] = []
            var position = start
            while position <= last, let result = try firstMatchStartingBy(last, in: text, from: position) {
                let whole = result.range(at: 1)
                all += convert(text, result, 1)
                position = whole.location + whole.length
            }
            return all
        }
        // On a short subject (the stemmer's words), one first match costs far less than a
        // list; when it ends where the subject ends there can be no other (none is empty).
        if text.utf16Count <= 64 {
            guard let first = try firstMatch(regex, in: text.string, options: Self.bounds, range: range) else { return [] }
            if first.range.location + first.range.length == text.utf16Count { return convert(text, first, 0) }
        }
        var all: [T] = []
        try matches(regex, in: text.string, options: Self.bounds, range: range) { result in
            all += convert(text, result, 0)
            return true
        }
        return all
    }

    /// The match `result` stands for: its whole match at group `wholeAt` of the compiled
    /// pattern (1 for ``startVariant()``), the pattern's own groups `groupShift` further on.
    private func match(from result: NSTextCheckingResult, in text: ICUSubject, groupShift: Int, wholeAt: Int = 0) -> Match {
        var m = Match(groupCount: groupCount)
        for group in 0...groupCount {
            let r = result.range(at: group == 0 ? wholeAt : group + groupShift)
            guard r.location != NSNotFound else { continue }
            m[2 * group] = text.byteOffset(r.location)
            m[2 * group + 1] = text.byteOffset(r.location + r.length)
        }
        return m
    }

    /// The first match that starts between `start` and `last` (UTF-16 offsets), found by
    /// ``startVariant()`` in a search whose region ends at `last`: ICU tries no start past
    /// it, while the look-ahead, with transparent bounds, reads on to the subject's end.
    private func firstMatchStartingBy(_ last: Int, in text: ICUSubject, from start: Int) throws(RegexError) -> NSTextCheckingResult? {
        let variant = try startVariant()
        let end = min(last + 1, text.utf16Count)
        return try firstMatch(
            variant, in: text.string, options: Self.bounds, range: NSRange(location: start, length: end - start),
            budgetLength: text.utf16Count - start)
    }

    /// The pattern as a look-ahead that captures it, `(?=(P))`: an empty match where P
    /// matches, P's match its group 1 and P's groups one further on. At a given start a
    /// look-ahead finds what P itself would find first, so the matches are P's.
    private func startVariant() throws(RegexError) -> NSRegularExpression {
        if let startRegex { return startRegex }
        do {
            let compiled = try NSRegularExpression(pattern: "(?=(\(translation.pattern)))", options: FoundationEngine.icuOptions)
            startRegex = compiled
            return compiled
        } catch {
            throw .compile("ICU rejected the translated pattern (\(error.localizedDescription))", offset: 0)
        }
    }

    /// PCRE2_NOTEMPTY_ATSTART for an anchored attempt: the match may not end where it
    /// starts. A leading lookahead captures the rest of the subject; at the end of the
    /// match, that capture followed by the end of the subject matches only if no character
    /// was consumed, and a negative lookahead turns that into a refusal, so ICU backtracks
    /// into the pattern for a longer match exactly as PCRE2 does. The extra group is
    /// number 1; the pattern's own groups shift up by one.
    private func notEmptyVariant() throws(RegexError) -> NSRegularExpression {
        if let notEmptyRegex { return notEmptyRegex }
        let rest = "(?<gRest>\(ICU.any)*)"
        let pattern = "(?=\(rest))(?:\(translation.pattern))(?!\\k<gRest>\(ICU.subjectEnd))"
        do {
            let compiled = try NSRegularExpression(pattern: pattern, options: FoundationEngine.icuOptions)
            notEmptyRegex = compiled
            return compiled
        } catch {
            throw .compile("ICU rejected the translated pattern (\(error.localizedDescription))", offset: 0)
        }
    }
}
