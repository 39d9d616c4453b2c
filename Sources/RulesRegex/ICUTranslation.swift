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
