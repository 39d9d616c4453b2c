import CPCRE2

/// The patterns PHP cannot compile for their size alone: PCRE2's compiled form has a largest
/// size (64 K code units with the link size Debian builds it with), and its parser a deepest
/// nesting of parentheses and of its own work. ICU has neither limit, so the Foundation
/// engine would answer a pattern that PHP refuses: a snippet's highlight pattern names a word
/// once for each time it was found, and a sentence that repeats a word thousands of times
/// makes it too large for PHP, which then shows no snippet.
///
/// The size depends on how PCRE2 lays out its code, which is PCRE2's alone to know; so the
/// Foundation engine asks PCRE2's compiler, and takes from the answer only these refusals.
/// Every other verdict on a pattern is the Foundation engine's own, so the differential
/// harness still compares the two engines' grammars.
enum CompileLimits {
    /// PCRE2's errors that say a pattern is beyond a limit rather than wrong.
    static let limitErrors: Set<Int32> = [
        PCRE2_ERROR_PATTERN_TOO_LARGE,   // "regular expression is too large"
        PCRE2_ERROR_PARENTHESES_NEST_TOO_DEEP,   // more than 250 nested parentheses
        PCRE2_ERROR_PARENTHESES_STACK_CHECK,
        PCRE2_ERROR_PATTERN_TOO_COMPLICATED,   // the parser's own nesting
        PCRE2_ERROR_QUERY_BARJX_NEST_TOO_DEEP,
        PCRE2_ERROR_PATTERN_STRING_TOO_LONG,
        PCRE2_ERROR_HEAP_FAILED,   // no memory for the compiled form
        PCRE2_ERROR_INTERNAL_CODE_OVERFLOW,
        PCRE2_ERROR_INTERNAL_OVERRAN_WORKSPACE,
        PCRE2_ERROR_INTERNAL_PARSED_OVERFLOW,
        PCRE2_ERROR_LOOKBEHIND_TOO_LONG,   // a look-behind over 65,535 characters
        PCRE2_ERROR_LOOKBEHIND_TOO_COMPLICATED,
        PCRE2_ERROR_TOO_MANY_CAPTURES,   // over 65,535 groups
        PCRE2_ERROR_TOO_MANY_NAMED_SUBPATTERNS,   // over 10,000 names
        PCRE2_ERROR_SUBPATTERN_NAME_TOO_LONG,   // a name over 32 characters
    ]

    /// Throws PCRE2's compile error when the pattern is beyond one of PCRE2's limits.
    static func check(_ pattern: PHPPattern) throws(RegexError) {
        let compiled = PCRE2Engine.compiledCode(pattern)
        if let code = compiled.code {
            cpcre2_code_free(code)
            return
        }
        if limitErrors.contains(compiled.error) {
            throw .compile(PCRE2Engine.message(for: compiled.error), offset: compiled.offset)
        }
    }
}
