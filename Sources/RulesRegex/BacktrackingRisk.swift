/// Whether an ICU pattern can make the matcher backtrack far enough to need a bound on its
/// work: many variable quantifiers (`a?a?a?…`, which a query word reaches the snippet
/// patterns with, unescaped as PHP leaves it), a quantified group that holds a quantifier
/// or an alternation (`(a+)+`, `(a|a)*`), or, in a pattern not anchored at the subject's
/// start, a run without an upper bound followed by more pattern (`«(.*?)»`, the stemmer's
/// `…[аеиоуыэюя].*(?<=о)сть?$`): ICU tries every start, and from each the run reads to the
/// end of the subject before what follows it fails, so that a long subject costs the square
/// of its length (PCRE2 looks for the required characters first). A pattern misjudged here
/// is still matched rightly, only bounded or not.
enum BacktrackingRisk {
    /// Variable quantifiers from which a pattern counts as prone.
    static let manyQuantifiers = 8

    static func isProne(_ pattern: String) -> Bool {
        let chars = Array(pattern.unicodeScalars)
        var quantifiers = 0
        // For each open group: whether it holds a quantifier or an alternation.
        var groups: [Bool] = []
        // Whether the atom just closed was a group holding one.
        var riskyAtom = false
        // Whether a quantifier without an upper bound has been seen (outside `\Q…\E`), and
        // whether the pattern is anchored at the start of the subject.
        var unboundedRun = false
        let anchoredAtStart = chars.first == "^" || (chars.count > 1 && chars[0] == "\\" && chars[1] == "A")
        var i = 0
        func isQuantifierStart(_ c: Unicode.Scalar) -> Bool { c == "?" || c == "*" || c == "+" || c == "{" }
        while i < chars.count {
            let c = chars[i]
            var closedRisky = false
            // Something after an unbounded run that can fail once the run has read on:
            // anything but the end of the subject.
            if unboundedRun, !anchoredAtStart, !isQuantifierStart(c), c != ")", c != "|", !isSubjectEnd(chars, at: i) {
                return true
            }
            switch c {
            case "\\":
                if i + 1 < chars.count, chars[i + 1] == "Q" {
                    // \Q…\E: literal text.
                    i += 2
                    while i + 1 < chars.count, !(chars[i] == "\\" && chars[i + 1] == "E") { i += 1 }
                    i += 1
                } else {
                    i += 1
                }
            case "[":
                // A set, possibly with sets inside (ICU): skip to its end.
                var depth = 0
                while i < chars.count {
                    if chars[i] == "\\" {
                        i += 2
                        continue
                    }
                    if chars[i] == "[" { depth += 1 }
                    if chars[i] == "]" {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    i += 1
                }
            case "(":
                groups.append(false)
                // (?: (?= (?<name> …: the ? is syntax, not a quantifier.
                if i + 1 < chars.count, chars[i + 1] == "?" { i += 1 }
            case ")":
                closedRisky = groups.popLast() ?? false
            case "|":
                if !groups.isEmpty { groups[groups.count - 1] = true }
            case "?", "*", "+", "{":
                let variable = c != "{" || !isFixedCount(chars, from: i)
                if c == "*" || c == "+" || (c == "{" && hasNoUpperBound(chars, from: i)) { unboundedRun = true }
                if variable {
                    quantifiers += 1
                    if riskyAtom { return true }
                    if !groups.isEmpty { groups[groups.count - 1] = true }
                }
                if c == "{" { while i < chars.count, chars[i] != "}" { i += 1 } }
                // A lazy or possessive mark is part of this quantifier.
                if i + 1 < chars.count, chars[i + 1] == "?" || chars[i + 1] == "+" { i += 1 }
            default:
                break
            }
            riskyAtom = closedRisky
            if quantifiers >= manyQuantifiers { return true }
            i += 1
        }
        return false
    }

    /// `$` or `\z` at the end of the pattern.
    private static func isSubjectEnd(_ chars: [Unicode.Scalar], at i: Int) -> Bool {
        (chars[i] == "$" && i == chars.count - 1) || (chars[i] == "\\" && i == chars.count - 2 && chars[i + 1] == "z")
    }

    /// `{n,}`: a count without an upper bound.
    private static func hasNoUpperBound(_ chars: [Unicode.Scalar], from start: Int) -> Bool {
        var i = start + 1
        while i < chars.count, chars[i] != "}" { i += 1 }
        return i < chars.count && i > 0 && chars[i - 1] == ","
    }

    /// `{n}`: a fixed count, no backtracking of its own.
    private static func isFixedCount(_ chars: [Unicode.Scalar], from start: Int) -> Bool {
        var i = start + 1
        while i < chars.count, chars[i] != "}" {
            if chars[i] == "," { return false }
            i += 1
        }
        return true
    }
}
