/// Whether an ICU pattern can make the matcher backtrack far enough to need a bound on its
/// work: many variable quantifiers (`a?a?a?…`, which a query word reaches the snippet
/// patterns with, unescaped as PHP leaves it), or a quantified group that holds a
/// quantifier or an alternation (`(a+)+`, `(a|a)*`). The reference's own patterns have
/// neither, so they run at full speed; a pattern misjudged here is still matched rightly,
/// only bounded or not.
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
        var i = 0
        func isQuantifierStart(_ c: Unicode.Scalar) -> Bool { c == "?" || c == "*" || c == "+" || c == "{" }
        while i < chars.count {
            let c = chars[i]
            var closedRisky = false
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
                    if chars[i] == "\\" { i += 2; continue }
                    if chars[i] == "[" { depth += 1 }
                    if chars[i] == "]" { depth -= 1; if depth == 0 { break } }
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
