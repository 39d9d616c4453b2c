/// The syntax tree a PCRE2 pattern is parsed into (``PCREParser``), which ``ICUEmitter``
/// writes out in ICU syntax and ``MatchPrefilter`` reads for what a match needs.

/// One character class after parsing: code point ranges (which caseless matching closes
/// over case) and property items (which it does not, as in PCRE2 10.42).
struct CharClass {
    var negated = false
    var caseless = false
    /// Ranges of code points (bytes in byte mode), written as ranges or single characters.
    var ranges: [ClosedRange<UInt32>] = []
    /// ICU set items that keep their meaning under caseless matching, such as `\p{Nd}`.
    var properties: [String] = []
}

/// PCRE2's zero-width assertions other than look-arounds.
enum Assertion: Equatable {
    /// `\A`, and `^` without `/m`.
    case subjectStart
    /// `\z`, and `$` with `/D`.
    case subjectEnd
    /// `\Z`, and `$` without `/m` or `/D`: the end, or before a newline that ends the subject.
    case subjectEndOrFinalNewline
    /// `^` with `/m`.
    case lineStart
    /// `$` with `/m`.
    case lineEnd
    /// `\b`, and `\B` when negated.
    case wordBoundary(negated: Bool)
}

indirect enum Node {
    case empty
    /// One character matched exactly or, when `caseless`, in either case.
    case literal(UInt32, caseless: Bool)
    case charClass(CharClass)
    /// A zero-width assertion, by what it tests (``ICUEmitter`` writes ICU's form of it).
    case assertion(Assertion)
    /// A construct with a fixed ICU form and known lengths (`\R`, `\X`, `.`).
    case raw(String, min: Int, max: Int?)
    case group(GroupKind, Node)
    case sequence([Node])
    case alternation([Node])
    case repeated(Node, min: Int, max: Int?, mode: RepeatMode)
    case backReference(Int, caseless: Bool)

    enum GroupKind {
        case capture(Int)
        case nonCapture
        case atomic
        case lookahead(negative: Bool)
        case lookbehind(negative: Bool)

        var isLookaround: Bool {
            switch self {
            case .lookahead, .lookbehind: return true
            default: return false
            }
        }
    }

    enum RepeatMode { case greedy, lazy, possessive }

    /// Shortest and longest match in characters (`nil`: unbounded).
    var lengths: (min: Int, max: Int?) {
        switch self {
        case .empty, .assertion:
            return (0, 0)
        case .literal, .charClass:
            return (1, 1)
        case .raw(_, let min, let max):
            return (min, max)
        case .group(let kind, let inner):
            return kind.isLookaround ? (0, 0) : inner.lengths
        case .sequence(let items):
            var low = 0
            var high: Int? = 0
            for item in items {
                let l = item.lengths
                low += l.min
                if let h = high, let m = l.max { high = h + m } else { high = nil }
            }
            return (low, high)
        case .alternation(let branches):
            var low = Int.max
            var high: Int? = 0
            for branch in branches {
                let l = branch.lengths
                low = min(low, l.min)
                if let h = high, let m = l.max { high = max(h, m) } else { high = nil }
            }
            return (branches.isEmpty ? 0 : low, high)
        case .repeated(let inner, let lo, let hi, _):
            let l = inner.lengths
            let low = l.min.multipliedReportingOverflow(by: lo)
            var high: Int? = nil
            if let hi, let m = l.max { high = m * hi }
            if l.max == 0 { high = 0 }
            return (low.overflow ? Int.max / 2 : low.partialValue, high)
        case .backReference:
            return (0, nil)
        }
    }

    /// The one length every match has, as PCRE2 10.42 requires of each branch of a
    /// lookbehind; `nil` when it varies.
    var fixedLength: Int? {
        switch self {
        case .empty, .assertion:
            return 0
        case .literal, .charClass:
            return 1
        case .raw(_, let min, let max):
            return min == max ? min : nil
        case .group(let kind, let inner):
            return kind.isLookaround ? 0 : inner.fixedLength
        case .sequence(let items):
            var total = 0
            for item in items {
                guard let l = item.fixedLength else { return nil }
                total += l
            }
            return total
        case .alternation(let branches):
            var common: Int?
            for branch in branches {
                guard let l = branch.fixedLength else { return nil }
                if let c = common, c != l { return nil }
                common = l
            }
            return common ?? 0
        case .repeated(let inner, let lo, let hi, _):
            guard let hi, hi == lo, let l = inner.fixedLength else { return nil }
            return l * lo
        case .backReference:
            return nil
        }
    }
}
