/// PHP's `preg_*` functions over any ``RegexEngine``: the subset the reference engine uses,
/// with PHP 8.2's semantics (ext/pcre/php_pcre.c).
///
/// The signatures mirror PHP's so that a port reads like its original: a function returns
/// what PHP returns (`nil` standing for `false` or `null`) and fills `matches` the way PHP
/// fills `$matches`. The reason for a failure is kept in ``lastError`` (PHP's
/// `preg_last_error`) and passed to ``warningHandler`` (PHP's warning).
///
/// Not thread-safe: compiled patterns keep per-pattern match state. Use one per thread.
public final class Preg {
    /// A compiled pattern together with how it was written.
    public final class Regex {
        public let pattern: PHPPattern
        public let compiled: any CompiledPattern
        /// Worked out from the eighth use on (``Preg/usesBeforeAnalysis``), or the first on
        /// a long subject: analysing a pattern costs more than one match on a short subject,
        /// and the search builds many patterns it uses once; on a long one, a search may
        /// cost far more than that (the stemmer's DERIVATIONAL on a word of 10,000 letters:
        /// seconds with ICU).
        private var analysed: MatchPrefilter??
        private var uses = 0
        /// Whether a caller's list of possible starts can stand in for the search from an
        /// offset: not for a pattern anchored where the global loop stands (`/A`, `\G`).
        let takesStarts: Bool

        init(pattern: PHPPattern, compiled: any CompiledPattern) {
            self.pattern = pattern
            self.compiled = compiled
            takesStarts = !pattern.isAnchoredAtSearchStart
        }

        var prefilter: MatchPrefilter? {
            if let analysed { return analysed }
            tree = pattern.syntaxTree
            let prefilter = MatchPrefilter(pattern: pattern, tree: tree)
            analysed = .some(prefilter)
            return prefilter
        }
        /// The pattern parsed for the prefilter, kept for ``startCharacters``.
        private var tree: Node?

        /// Which characters a match can start with, worked out after the prefilter (once
        /// it is, from the same parse) when first asked for; `nil` before then,
        /// or when not known.
        var startCharacters: StartCharacters? {
            guard analysed != nil else { return nil }
            if let startsAnalysed { return startsAnalysed }
            let starts = StartCharacters(pattern: pattern, tree: tree)
            startsAnalysed = .some(starts)
            return starts
        }
        private var startsAnalysed: StartCharacters??

        /// Where the first attempt starts: 0, or later when the pattern's structure shows no
        /// match can start earlier; `nil` when no match is possible at all.
        func firstStart(_ subject: UnsafeBufferPointer<UInt8>) -> Int? {
            if analysed == nil {
                uses += 1
                if uses < Preg.usesBeforeAnalysis, subject.count <= Preg.shortSubject { return 0 }
            }
            guard let prefilter else { return 0 }
            guard prefilter.mayMatch(subject) else { return nil }
            return prefilter.earliestStart(subject)
        }

        var isUTF: Bool { pattern.options.contains(.utf) }

        /// Tells the engine the last place a match can start in `subject` (see
        /// ``CompiledPattern/limitStarts(to:in:scratch:)``), when what follows it is long
        /// enough for the starts an engine would try there to matter.
        func limitStarts(_ subject: UnsafeBufferPointer<UInt8>, scratch: inout AnyObject?) {
            guard subject.count > Preg.shortSubject, let analysed, let prefilter = analysed,
                let last = prefilter.lastStart(subject), subject.count - last > Preg.shortSubject
            else { return }
            compiled.limitStarts(to: last, in: subject, scratch: &scratch)
        }
    }

    /// Up to this many bytes a subject is short: a pattern's first use on it is not worth
    /// an analysis, and an engine's attempts past the last possible start cost little.
    static let shortSubject = 256
    /// How many uses on short subjects a pattern answers before it is analysed: the
    /// analysis of a stemmer pattern costs as much as a hundred matches on a word, and a
    /// search for one query stems each of its few words once.
    static let usesBeforeAnalysis = 8

    /// A captured group with its byte offset, as `PREG_OFFSET_CAPTURE` gives it; an unset
    /// group is `("", -1)`.
    public struct Capture: Hashable, Sendable {
        public var text: Bytes
        public var offset: Int

        public init(text: Bytes, offset: Int) {
            self.text = text
            self.offset = offset
        }
    }

    public let engine: any RegexEngine
    /// The failure of the last call, or `nil` when it succeeded.
    public private(set) var lastError: RegexError?
    /// How many calls stopped at the engine's match limit (``RegexError/matchLimit``), in
    /// all: where the two engines may part (`rules check-engines` names it).
    public private(set) var matchLimitsReached = 0
    /// Called with PHP's warning text (`preg_match(): Compilation failed: ...`) whenever
    /// PHP would print a warning.
    public var warningHandler: ((String) -> Void)?

    /// Compiled patterns by source, as PHP's per-process regex cache, in two generations:
    /// when the current one is full it becomes the previous one (whose patterns are
    /// dropped), and a pattern found in the previous one moves back. The patterns in use
    /// all the time (the query filter's, the snippets' fixed ones) so stay compiled, while
    /// the snippets' patterns for one query, most of what a search compiles, pass through.
    /// PHP keeps 4,096 in one; here at most twice ``cacheGeneration`` for each `Preg`
    /// (a batch search has one a core), since an ICU pattern takes about 100 KB: a batch
    /// of 20,000 different queries with the Foundation engine on two cores grew to 576 MB
    /// with 4,096, and stays at 133 MB with these (the same answers, about 2% slower
    /// with Foundation; no change with pcre2, whose patterns are small).
    private var cache: [Bytes: Result<Regex, RegexError>] = [:]
    private var previousCache: [Bytes: Result<Regex, RegexError>] = [:]
    private static let cacheGeneration = 256

    public init(engine: any RegexEngine) {
        self.engine = engine
    }

    // MARK: Compiling

    /// The compiled form of a PHP pattern such as `"#(,+)#u"`, from the cache when it was
    /// compiled before.
    public func compile(_ source: Bytes) -> Result<Regex, RegexError> {
        if let cached = cache[source] { return cached }
        let result: Result<Regex, RegexError>
        if let kept = previousCache[source] {
            result = kept
        } else {
            do {
                let pattern = try PHPPattern(source)
                result = .success(Regex(pattern: pattern, compiled: try engine.compile(pattern)))
            } catch {
                result = .failure(error)
            }
        }
        if cache.count >= Self.cacheGeneration {
            previousCache = cache
            cache = [:]
        }
        cache[source] = result
        return result
    }

    public func compile(_ source: String) -> Result<Regex, RegexError> {
        compile(Bytes(php: source))
    }

    // MARK: preg_match

    /// `preg_match($pattern, $subject, $matches)`: 1 or 0, or `nil` (PHP's `false`) on
    /// failure. `matches` gets the whole match and the groups up to the last one that took
    /// part; an unset group before it is empty.
    @discardableResult
    public func match(_ pattern: Bytes, _ subject: Bytes, _ matches: inout [Bytes]) -> Int? {
        guard let regex = regex(pattern, function: "preg_match") else { return nil }
        return match(regex, subject, &matches)
    }

    @discardableResult
    public func match(_ regex: Regex, _ subject: Bytes, _ matches: inout [Bytes], knownValidUTF8: Bool = false) -> Int? {
        lastError = nil
        do {
            let found = try subject.withUnsafeBufferPointer { buffer throws(RegexError) -> Match? in
                if !knownValidUTF8 { try checkUTF8(regex, buffer) }
                guard let start = regex.firstStart(buffer) else { return nil }
                var scratch: AnyObject?
                regex.limitStarts(buffer, scratch: &scratch)
                return try regex.compiled.firstMatch(in: buffer, from: start, options: [], scratch: &scratch)
            }
            guard let found else {
                matches = []
                return 0
            }
            matches = (0..<found.setCount).map { group in
                found.range(group).map { Array(subject[$0]) } ?? []
            }
            return 1
        } catch {
            matches = []
            fail(error, function: "preg_match")
            return nil
        }
    }

    /// `preg_match` when the caller wants the offsets, not copies of the groups: the match,
    /// `nil` for no match or a failure (then ``lastError`` says which).
    public func firstMatch(_ regex: Regex, _ subject: Bytes, knownValidUTF8: Bool = false) -> Match? {
        lastError = nil
        do {
            return try subject.withUnsafeBufferPointer { buffer throws(RegexError) -> Match? in
                if !knownValidUTF8 { try checkUTF8(regex, buffer) }
                guard let start = regex.firstStart(buffer) else { return nil }
                var scratch: AnyObject?
                regex.limitStarts(buffer, scratch: &scratch)
                return try regex.compiled.firstMatch(in: buffer, from: start, options: [], scratch: &scratch)
            }
        } catch {
            fail(error, function: "preg_match")
            return nil
        }
    }

    /// `preg_match($pattern, $subject)` when only the answer matters.
    public func matches(_ pattern: Bytes, _ subject: Bytes) -> Int? {
        var ignored: [Bytes] = []
        return match(pattern, subject, &ignored)
    }

    public func matches(_ regex: Regex, _ subject: Bytes, knownValidUTF8: Bool = false) -> Int? {
        if firstMatch(regex, subject, knownValidUTF8: knownValidUTF8) != nil { return 1 }
        return lastError == nil ? 0 : nil
    }

    // MARK: preg_match_all

    /// `preg_match_all($pattern, $subject, $matches, PREG_OFFSET_CAPTURE)` in the default
    /// `PREG_PATTERN_ORDER`: `matches[group][n]` is group `group` of the `n`-th match.
    /// Returns the number of matches, or `nil` (PHP's `false`) on failure. As in PHP, a
    /// pattern that does not compile leaves `matches` untouched, and a failure while
    /// matching leaves the groups of the matches found before it.
    @discardableResult
    public func matchAll(
        _ pattern: Bytes, _ subject: Bytes, _ matches: inout [[Capture]]?,
        knownValidUTF8: Bool = false
    ) -> Int? {
        guard let found = matchAllOffsets(pattern, subject, knownValidUTF8: knownValidUTF8) else { return nil }
        matches = (0...found.groupCount).map { group in
            found.matches.indices.map { n in
                let text = found.text(n, group: group)
                return Capture(
                    text: Array(text),
                    offset: group < found.matches[n].setCount
                        ? found.matches[n].range(group)?.lowerBound ?? -1 : -1)
            }
        }
        return lastError == nil ? found.matches.count : nil
    }

    /// What `preg_match_all` finds, as offsets into the subject it was given: the same
    /// matches as ``matchAll(_:_:_:knownValidUTF8:)``, for a caller that reads few of the
    /// captured texts and need not have each copied.
    public struct AllMatches {
        public let subject: Bytes
        public let groupCount: Int
        public let matches: [Match]

        /// `$matches[group][n]`: the text of a group of the `n`-th match, `""` when unset.
        public func text(_ n: Int, group: Int) -> ArraySlice<UInt8> {
            guard group < matches[n].setCount, let range = matches[n].range(group) else { return [] }
            return subject[range]
        }
    }

    /// `preg_match_all` as offsets: `nil` when the pattern does not compile (PHP then
    /// leaves `$matches` as it was); after a failure while matching, the matches before it.
    ///
    /// `onlyStartingAt`, when given, lists (in ascending order, on character boundaries)
    /// every offset where a match can start, which the caller knows from the pattern: the
    /// pattern is tried there alone, anchored, and finds what the global loop would.
    public func matchAllOffsets(
        _ pattern: Bytes, _ subject: Bytes, knownValidUTF8: Bool = false,
        onlyStartingAt starts: [Int]? = nil
    ) -> AllMatches? {
        guard let regex = regex(pattern, function: "preg_match_all") else { return nil }
        lastError = nil
        var found: [Match] = []
        let error = forEachMatch(regex, subject, limit: -1, knownValidUTF8: knownValidUTF8, onlyStartingAt: starts) {
            found.append($0)
        }
        if let error { fail(error, function: "preg_match_all") }
        return AllMatches(subject: subject, groupCount: regex.compiled.groupCount, matches: found)
    }

    // MARK: preg_replace

    /// `preg_replace($pattern, $replacement, $subject, $limit)`: the subject with each match
    /// replaced, or `nil` (PHP's `null`) on failure. The replacement may refer to groups as
    /// `$n`, `${n}` or `\n` (n up to 99); `\\` before `$` or `\` makes it literal.
    public func replace(
        _ pattern: Bytes, _ replacement: Bytes, _ subject: Bytes, limit: Int = -1,
        knownValidUTF8: Bool = false, onlyStartingAt starts: [Int]? = nil
    ) -> Bytes? {
        guard let regex = regex(pattern, function: "preg_replace") else { return nil }
        return replace(regex, replacement, subject, limit: limit, knownValidUTF8: knownValidUTF8, onlyStartingAt: starts)
    }

    /// `knownValidUTF8` skips the UTF-8 check of a `/u` subject when the caller has made
    /// sure of it (the stemmer, whose input comes out of `mb_strtolower`); the answer is the
    /// same, the check is only not repeated. `onlyStartingAt` is as for
    /// ``matchAllOffsets(_:_:knownValidUTF8:onlyStartingAt:)``.
    public func replace(
        _ regex: Regex, _ replacement: Bytes, _ subject: Bytes, limit: Int = -1,
        knownValidUTF8: Bool = false, onlyStartingAt starts: [Int]? = nil
    ) -> Bytes? {
        lastError = nil
        // A replacement with no `$` or `\` refers to no group: append it as it is.
        let literal = !replacement.contains(where: { $0 == 0x24 || $0 == 0x5C })
        // The UTF-8 check PHP makes first, then where the first attempt starts: worked out
        // once, for whichever loop runs below. A subject that cannot match comes back as it
        // is (the stemmer's usual case).
        var firstStart: Int?
        var checked = knownValidUTF8
        if starts == nil {
            do throws(RegexError) {
                let start = try subject.withUnsafeBufferPointer { buffer throws(RegexError) -> Int? in
                    if !knownValidUTF8 { try checkUTF8(regex, buffer) }
                    return regex.firstStart(buffer)
                }
                checked = true
                guard let start else { return subject }
                firstStart = start
                // An engine that lists the bounds of every match in one call (see
                // ``CompiledPattern/allMatchBounds(in:from:utf:starts:scratch:)``) gives all this
                // replacement needs.
                if literal, limit < 0,
                    let bounds = try subject.withUnsafeBufferPointer({ buffer throws(RegexError) in
                        var scratch: AnyObject?
                        regex.limitStarts(buffer, scratch: &scratch)
                        return try regex.compiled.allMatchBounds(
                            in: buffer, from: start, utf: regex.isUTF,
                            starts: regex.startCharacters, scratch: &scratch)
                    })
                {
                    return Self.replace(bounds, with: replacement, in: subject)
                }
            } catch {
                fail(error, function: "preg_replace")
                return nil
            }
        }
        var result: Bytes?
        var copied = 0
        let error = forEachMatch(
            regex, subject, limit: limit, knownValidUTF8: checked, onlyStartingAt: starts,
            firstStart: firstStart
        ) { m in
            if result == nil {
                result = Bytes()
                result!.reserveCapacity(subject.count + replacement.count)
            }
            result!.append(contentsOf: subject[copied..<m.start])
            if literal {
                result!.append(contentsOf: replacement)
            } else {
                Self.appendReplacement(replacement, for: m, of: subject, to: &result!)
            }
            copied = m.end
        }
        if let error {
            fail(error, function: "preg_replace")
            return nil
        }
        guard var result else { return subject }
        result.append(contentsOf: subject[copied...])
        return result
    }

    /// `subject` with each of the ranges in `bounds` (start, end pairs, in order) replaced.
    private static func replace(_ bounds: [Int], with replacement: Bytes, in subject: Bytes) -> Bytes {
        if bounds.isEmpty { return subject }
        var size = subject.count
        for i in stride(from: 0, to: bounds.count, by: 2) { size += replacement.count - (bounds[i + 1] - bounds[i]) }
        return subject.withUnsafeBufferPointer { source in
            replacement.withUnsafeBufferPointer { replacement in
                Bytes(unsafeUninitializedCapacity: size) { out, written in
                    var o = 0
                    var copied = 0
                    func copy(_ part: UnsafeBufferPointer<UInt8>) {
                        guard let base = part.baseAddress, !part.isEmpty else { return }
                        (out.baseAddress! + o).initialize(from: base, count: part.count)
                        o += part.count
                    }
                    for i in stride(from: 0, to: bounds.count, by: 2) {
                        copy(UnsafeBufferPointer(rebasing: source[copied..<bounds[i]]))
                        copy(replacement)
                        copied = bounds[i + 1]
                    }
                    copy(UnsafeBufferPointer(rebasing: source[copied...]))
                    written = o
                }
            }
        }
    }

    /// `preg_replace` over an array of subjects, as PHP applies it to each value in turn.
    public func replace(_ pattern: Bytes, _ replacement: Bytes, _ subjects: [Bytes?]) -> [Bytes?] {
        subjects.map { $0.flatMap { replace(pattern, replacement, $0) } }
    }

    /// Expands a replacement template for one match (php_pcre_replace_impl's copy loop and
    /// preg_get_backref).
    static func appendReplacement(_ template: Bytes, for m: Match, of subject: Bytes, to out: inout Bytes) {
        let count = m.setCount
        let end = template.count
        func at(_ i: Int) -> UInt8 { i < end ? template[i] : 0 }
        var walk = 0
        var lastCopied: UInt8 = 0
        while walk < end {
            let c = template[walk]
            if c == UInt8(ascii: "\\") || c == UInt8(ascii: "$") {
                if lastCopied == UInt8(ascii: "\\") {
                    out[out.count - 1] = c
                    walk += 1
                    lastCopied = 0
                    continue
                }
                if let (group, next) = backReference(in: template, at: walk, byte: at) {
                    if group < count, let range = m.range(group) {
                        out.append(contentsOf: subject[range])
                    }
                    walk = next
                    continue
                }
            }
            out.append(c)
            lastCopied = c
            walk += 1
        }
    }

    /// PHP's preg_get_backref: `$n`, `$nn`, `${n}`, `${nn}`, `\n`, `\nn` at `start`.
    private static func backReference(in template: Bytes, at start: Int, byte: (Int) -> UInt8) -> (Int, Int)? {
        var walk = start
        if byte(walk + 1) == 0 { return nil }
        var inBrace = false
        if byte(walk) == UInt8(ascii: "$"), byte(walk + 1) == UInt8(ascii: "{") {
            inBrace = true
            walk += 1
        }
        walk += 1
        func digit(_ b: UInt8) -> Int? { (0x30...0x39).contains(b) ? Int(b - 0x30) : nil }
        guard var group = digit(byte(walk)) else { return nil }
        walk += 1
        if let second = digit(byte(walk)) {
            group = group * 10 + second
            walk += 1
        }
        if inBrace {
            guard byte(walk) == UInt8(ascii: "}") else { return nil }
            walk += 1
        }
        return (group, walk)
    }

    // MARK: The global loop

    /// Calls `body` with each match of PHP's global loop, in order (up to `limit` when it
    /// is not negative); returns the error that stopped the loop, if any (the matches
    /// before it have been passed on). After an empty match PHP tries again at the same
    /// offset for a non-empty match anchored there, and failing that moves on by one
    /// character (one UTF-8 sequence under `/u`), as Perl's `/g` does.
    /// `firstStart` is the prefilter's answer when the caller already has it.
    func forEachMatch(
        _ regex: Regex, _ subject: Bytes, limit: Int, knownValidUTF8: Bool,
        onlyStartingAt starts: [Int]? = nil, firstStart known: Int? = nil,
        _ body: (Match) -> Void
    ) -> RegexError? {
        subject.withUnsafeBufferPointer { buffer in
            var scratch: AnyObject?
            do throws(RegexError) {
                if !knownValidUTF8 { try checkUTF8(regex, buffer) }
                if limit == 0 { return nil }
                // Where matches can start is known: no need to look at the pattern for it.
                // An engine that lists every match in one call does so whatever `starts`
                // says (for ICU one call is far cheaper than one per start).
                if let starts, regex.takesStarts {
                    if let all = try regex.compiled.allMatches(in: buffer, from: 0, scratch: &scratch) {
                        for m in (limit < 0 ? all[...] : all.prefix(limit)) { body(m) }
                    } else {
                        try Self.forEachMatch(
                            regex, buffer, from: 0, limit: limit, startingAt: starts,
                            scratch: &scratch, body)
                    }
                    return nil
                }
                guard let start = known ?? regex.firstStart(buffer) else { return nil }
                regex.limitStarts(buffer, scratch: &scratch)
                if let all = try regex.compiled.allMatches(in: buffer, from: start, scratch: &scratch) {
                    for m in (limit < 0 ? all[...] : all.prefix(limit)) { body(m) }
                    return nil
                }
                let length = buffer.count
                var offset = start
                var options: MatchOptions = []
                var count = 0
                while true {
                    if let m = try regex.compiled.firstMatch(in: buffer, from: offset, options: options, scratch: &scratch) {
                        body(m)
                        count += 1
                        if limit > 0, count >= limit { break }
                        offset = m.end
                        options = m.end == m.start ? [.notEmptyAtStart, .anchored] : []
                    } else if !options.isEmpty, offset < length {
                        offset += regex.isUTF ? max(1, UTF8Bytes.sequenceLength(lead: buffer[offset])) : 1
                        options = []
                    } else {
                        break
                    }
                }
                return nil
            } catch {
                return error
            }
        }
    }

    /// The global loop when matches can start only at `starts`: an unanchored search from
    /// an offset finds the first of them, at or after it, where an anchored attempt
    /// succeeds. After an empty match the retry at its end is again non-empty and anchored.
    private static func forEachMatch(
        _ regex: Regex, _ buffer: UnsafeBufferPointer<UInt8>, from start: Int,
        limit: Int, startingAt starts: [Int], scratch: inout AnyObject?,
        _ body: (Match) -> Void
    ) throws(RegexError) {
        var offset = start
        var afterEmpty = false
        var count = 0
        var i = 0
        while i < starts.count {
            let candidate = starts[i]
            if candidate < offset || candidate > buffer.count {
                i += 1
                continue
            }
            let options: MatchOptions = afterEmpty && candidate == offset ? [.anchored, .notEmptyAtStart] : [.anchored]
            guard let m = try regex.compiled.firstMatch(in: buffer, from: candidate, options: options, scratch: &scratch) else {
                i += 1
                continue
            }
            body(m)
            count += 1
            if limit > 0, count >= limit { return }
            offset = m.end
            afterEmpty = m.end == m.start
            if !afterEmpty { i += 1 }
        }
    }

    // MARK: Helpers

    private func checkUTF8(_ regex: Regex, _ subject: UnsafeBufferPointer<UInt8>) throws(RegexError) {
        if regex.isUTF, !UTF8Bytes.isValid(subject) { throw .badUTF8 }
    }

    private func regex(_ pattern: Bytes, function: String) -> Regex? {
        switch compile(pattern) {
        case .success(let regex):
            return regex
        case .failure(let error):
            fail(error, function: function)
            return nil
        }
    }

    private func fail(_ error: RegexError, function: String) {
        lastError = error
        if error == .matchLimit { matchLimitsReached += 1 }
        switch error {
        case .pattern, .compile:
            warningHandler?("\(function)(): \(error)")
        case .badUTF8, .matchLimit, .internalError:
            break   // PHP reports these through preg_last_error() only
        }
    }
}
