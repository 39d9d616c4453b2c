import CPCRE2

/// The regex engine PHP itself uses: PCRE2 (libpcre2-8), through the `CPCRE2` shim, with
/// PHP's compile options, its JIT and its default limits.
// Safe to share: its one stored value is a match context holding the limits, made in
// `init` and only read after (pcre2_match reads a match context, never writes it; the JIT
// stack it names is found per thread by the shim's callback).
public final class PCRE2Engine: RegexEngine, @unchecked Sendable {
    public let name = "pcre2"

    /// `pcre.backtrack_limit` and `pcre.recursion_limit`, PHP's defaults.
    static let matchLimit: UInt32 = 1_000_000
    static let depthLimit: UInt32 = 100_000

    /// Shared by every pattern of this engine; holds only the limits.
    let context: OpaquePointer?

    public init() {
        context = cpcre2_match_context_create(Self.matchLimit, Self.depthLimit)
    }

    deinit {
        cpcre2_match_context_free(context)
    }

    public func compile(_ pattern: PHPPattern) throws(RegexError) -> any CompiledPattern {
        let compiled = Self.compiledCode(pattern)
        guard let code = compiled.code else {
            throw .compile(Self.message(for: compiled.error), offset: compiled.offset)
        }
        return PCRE2Pattern(code: code, context: context, engine: self)
    }

    /// `pcre2_compile` with PHP's options for the pattern's flags: the code, which the
    /// caller frees, or PCRE2's error code and the offset it gives.
    static func compiledCode(_ pattern: PHPPattern) -> (code: OpaquePointer?, error: Int32, offset: Int) {
        var options: UInt32 = 0
        let o = pattern.options
        if o.contains(.caseless) { options |= UInt32(PCRE2_CASELESS) }
        if o.contains(.multiline) { options |= UInt32(PCRE2_MULTILINE) }
        if o.contains(.dotAll) { options |= UInt32(PCRE2_DOTALL) }
        if o.contains(.extended) { options |= UInt32(PCRE2_EXTENDED) }
        if o.contains(.anchored) { options |= UInt32(PCRE2_ANCHORED) }
        if o.contains(.dollarEndOnly) { options |= UInt32(PCRE2_DOLLAR_ENDONLY) }
        if o.contains(.ungreedy) { options |= UInt32(PCRE2_UNGREEDY) }
        if o.contains(.utf) { options |= UInt32(PCRE2_UTF) | UInt32(PCRE2_UCP) }
        if o.contains(.dupNames) { options |= UInt32(PCRE2_DUPNAMES) }
        if o.contains(.noAutoCapture) { options |= UInt32(PCRE2_NO_AUTO_CAPTURE) }

        var errorCode: Int32 = 0
        var errorOffset = 0
        let code = pattern.body.withUnsafeBufferPointer { body in
            cpcre2_compile(body.baseAddress ?? emptyPattern, body.count, options, &errorCode, &errorOffset)
        }
        return (code, errorCode, errorOffset)
    }

    /// PCRE2's own text for an error code.
    static func message(for code: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = cpcre2_error_message(code, &buffer, buffer.count)
        guard length > 0 else { return "error \(code)" }
        return String(decoding: buffer[0..<Int(length)], as: UTF8.self)
    }
}

// Safe to share: one zero byte, written once before any thread can see it and never again.
nonisolated(unsafe) private let emptyPattern: UnsafePointer<UInt8> = {
    let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    p.initialize(to: 0)
    return UnsafePointer(p)
}()

/// A pattern compiled by PCRE2, with the match data block it reuses for every attempt: the
/// thread's shared one, unless the pattern has more groups than that holds.
final class PCRE2Pattern: CompiledPattern {
    private let code: OpaquePointer
    /// The pattern's own match data, when it needs one.
    private let ownMatchData: OpaquePointer?
    private let context: OpaquePointer?
    /// Keeps the engine, and so the shared match context, alive as long as the pattern.
    private let engine: PCRE2Engine
    let groupCount: Int
    /// Whether `pcre2_jit_match` can be called directly, skipping `pcre2_match`'s checks.
    private var jitCompiled = false
    /// Whether the JIT was tried for the pattern.
    private var jitTried = false
    /// How many more searches on a short subject the interpreter answers before the JIT is
    /// compiled (see ``boundedOnShortSubjects()``); 0 for any pattern not said to be bounded.
    private var interpretedUsesLeft = 0

    /// Up to this many bytes a subject is short for ``boundedOnShortSubjects()``: a word
    /// of the longest kind (30 letters of Cyrillic) and more.
    static let shortSubject = 96
    /// How many searches of a bounded pattern on short subjects the interpreter answers:
    /// compiling a stemmer pattern with the JIT costs 100,000 instructions or more, an
    /// interpreted search on a word a few thousand, so that a search for one query (a few
    /// words stemmed) makes no JIT code at all, and a batch or an index build soon does.
    static let interpretedUses = 24

    init(code: OpaquePointer, context: OpaquePointer?, engine: PCRE2Engine) {
        self.code = code
        self.context = context
        self.engine = engine
        groupCount = Int(cpcre2_capture_count(code))
        ownMatchData = groupCount > Int(CPCRE2_SHARED_GROUPS) ? cpcre2_match_data_create(code) : nil
    }

    /// PHP compiles every pattern with the JIT (`pcre.jit=1`) and matches with it. The JIT
    /// counts `pcre.backtrack_limit` over a whole call, the interpreter anew at each place it
    /// starts from, so that near the limit they answer differently (PHP shows no snippet
    /// where the interpreter finds one): every search is the JIT's, as PHP's is, with the JIT
    /// stack PHP gives it (``cpcre2_match_context_create``). Compiled at the first search,
    /// so a pattern never searched costs nothing more.
    @inline(__always)
    private func prepareJIT() {
        guard !jitTried else { return }
        jitTried = true
        _ = cpcre2_jit_compile(code)
        jitCompiled = cpcre2_jit_compiled(code) != 0
    }

    /// Its first searches on subjects of up to ``shortSubject`` bytes run in PCRE2's
    /// interpreter, without compiling the JIT first. The JIT and the interpreter find the
    /// same matches; they count steps differently (the JIT over a whole call, the
    /// interpreter anew from each start), which tells only near `pcre.backtrack_limit`, and
    /// a bounded pattern on a short subject stays far below it.
    func boundedOnShortSubjects() {
        if !jitTried { interpretedUsesLeft = Self.interpretedUses }
    }

    /// Whether this search, on `length` bytes, is one the interpreter answers (counted).
    @inline(__always)
    private func interprets(_ length: Int) -> Bool {
        guard interpretedUsesLeft > 0, length <= Self.shortSubject else { return false }
        interpretedUsesLeft -= 1
        return true
    }

    deinit {
        if let ownMatchData { cpcre2_match_data_free(ownMatchData) }
        cpcre2_code_free(code)
    }

    func firstMatch(
        in subject: UnsafeBufferPointer<UInt8>, from offset: Int, options: MatchOptions,
        scratch: inout AnyObject?
    ) throws(RegexError) -> Match? {
        // The UTF-8 check was made once by Preg, as PHP makes it on the first call only.
        var flags = UInt32(PCRE2_NO_UTF_CHECK)
        if options.contains(.anchored) { flags |= UInt32(PCRE2_ANCHORED) }
        if options.contains(.notEmptyAtStart) { flags |= UInt32(PCRE2_NOTEMPTY_ATSTART) }
        // PCRE2's JIT does not take PCRE2_ANCHORED at match time (pcre2_match runs the
        // interpreter then), so anchored attempts do not use it.
        let interpreted = interprets(subject.count)
        if !options.contains(.anchored), !interpreted { prepareJIT() }
        let direct = jitCompiled && !options.contains(.anchored) && !interpreted
        let base = subject.baseAddress ?? emptyPattern
        let matchData = ownMatchData ?? cpcre2_thread_match_data()
        let rc =
            direct
            ? cpcre2_jit_match(code, base, subject.count, offset, flags, matchData, context)
            : cpcre2_match(code, base, subject.count, offset, flags, matchData, context)
        if rc == PCRE2_ERROR_NOMATCH { return nil }
        if rc < 0 { throw Self.error(rc) }
        var m = Match(groupCount: groupCount)
        let unset = cpcre2_unset()
        var start = 0
        var end = 0
        for group in 0...groupCount {
            cpcre2_ovector_pair(matchData, UInt32(group), &start, &end)
            if start != unset {
                m[2 * group] = start
                m[2 * group + 1] = end
            }
        }
        return m
    }

    private static func error(_ rc: Int32) -> RegexError {
        switch rc {
        case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_JIT_STACKLIMIT:
            return .matchLimit
        case PCRE2_ERROR_UTF8_ERR1...PCRE2_ERROR_UTF8_ERR21:
            return .badUTF8
        default:
            return .internalError(PCRE2Engine.message(for: rc))
        }
    }

    /// PHP's global loop (php_pcre_replace_impl's) run here rather than in ``Preg``: the
    /// indexer's `preg_replace` of every run of non-word characters matches between every
    /// two words, and building a ``Match`` and crossing the protocol for each cost more
    /// than PCRE2's JIT takes to find it. The attempts are the ones ``firstMatch(in:from:options:scratch:)``
    /// would make for ``Preg``'s loop: after an empty match, a non-empty one anchored at
    /// its end, and failing that the search goes on one character (or byte) further.
    ///
    /// With `starts`, each search begins at the first character a match can start with:
    /// the JIT would otherwise start an attempt at every letter between two matches.
    func allMatchBounds(
        in subject: UnsafeBufferPointer<UInt8>, from start: Int, utf: Bool,
        starts: StartCharacters?, scratch: inout AnyObject?
    ) throws(RegexError) -> [Int]? {
        let base = subject.baseAddress ?? emptyPattern
        let length = subject.count
        let matchData = ownMatchData ?? cpcre2_thread_match_data()
        var bounds: [Int] = []
        // Room for a match every eight bytes (the indexer's non-word runs come one a word),
        // so that the list seldom grows.
        bounds.reserveCapacity(2 + (length - start) / 4)
        var offset = start
        var afterEmpty = false
        var matchStart = 0
        var matchEnd = 0
        let interpreted = interprets(length)
        if !interpreted { prepareJIT() }
        while true {
            let rc: Int32
            if afterEmpty {
                let flags = UInt32(PCRE2_NO_UTF_CHECK) | UInt32(PCRE2_ANCHORED) | UInt32(PCRE2_NOTEMPTY_ATSTART)
                rc = cpcre2_match(code, base, length, offset, flags, matchData, context)
            } else {
                if let starts {
                    // No match is empty where a table is known, so none starts at the end.
                    offset = starts.next(from: offset, in: subject)
                    if offset == length { break }
                }
                rc =
                    jitCompiled && !interpreted
                    ? cpcre2_jit_match(code, base, length, offset, UInt32(PCRE2_NO_UTF_CHECK), matchData, context)
                    : cpcre2_match(code, base, length, offset, UInt32(PCRE2_NO_UTF_CHECK), matchData, context)
            }
            if rc == PCRE2_ERROR_NOMATCH {
                guard afterEmpty, offset < length else { break }
                offset += utf ? max(1, UTF8Bytes.sequenceLength(lead: subject[offset])) : 1
                afterEmpty = false
                continue
            }
            if rc < 0 { throw Self.error(rc) }
            cpcre2_ovector_pair(matchData, 0, &matchStart, &matchEnd)
            bounds.append(matchStart)
            bounds.append(matchEnd)
            offset = matchEnd
            afterEmpty = matchEnd == matchStart
        }
        return bounds
    }
}
