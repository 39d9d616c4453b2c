/// What a pattern's structure tells about where its matches can be, so that ``Preg`` can
/// skip the engine when a subject cannot match and start where a match can first begin.
///
/// This is what regex engines do inside (PCRE2 has its own start-of-match optimisations),
/// done once here for both engines: the regex stays the only judge of every match it could
/// make; only attempts that cannot succeed are left out. The stemmer's patterns, all
/// anchored at the end by `$`, are the reason: a word is rejected by its last letter
/// before any engine runs, and otherwise only its last few letters are searched.
final class MatchPrefilter {
    enum EndAnchor {
        /// `\z`, or `$` with `D`: matches end at the end of the subject.
        case end
        /// `$`: matches end at the end or before a newline that ends the subject.
        case endOrFinalNewline
    }

    /// How matches end, when every match must end at the end of the subject.
    let anchor: EndAnchor?
    /// Texts a subject must hold for a match: each run of literal text at the pattern's top
    /// level, with the literal text a look-behind just before it wants (`ост` for
    /// `…(?<=о)сть?$`); a subject without one of them cannot match. The longest first.
    let requiredTexts: [Bytes]
    /// Every run of literal text the pattern's top level holds, without look-behinds' text:
    /// a match contains each, so none can start after the last place one of them starts.
    let requiredLiterals: [Bytes]
    /// Every character a match can end with (before the anchor), sorted; `nil` when not
    /// known.
    let lastCharacters: [UInt32]?
    /// The same for code points below ``tableSize``, as a table to look up.
    private let lastCharacterTable: [Bool]
    /// Every text a match can end with, when there are few: each alternative of `(ая|яя)$`,
    /// encoded as the subject is, by its last byte. `nil` when not known.
    private let endings: [[Ending]]?

    /// What a subject must end with for a match to end at its end: the match's text, after
    /// what a look-behind at the match's start wants before it (`а` or `я` for
    /// `(?<=[ая])(ем|нн)$`), which is not part of the match.
    struct Ending: Equatable {
        let bytes: Bytes
        /// The length of the match's own text, at the end of ``bytes``.
        let matchLength: Int
    }
    /// Whether ``endings`` are whole matches (every branch lists all it can match), so
    /// that a match starts where the ending it is starts.
    private let endingsAreWhole: Bool
    private static let tableSize: UInt32 = 0x500
    /// The longest a match can be, in characters; `nil` when unbounded.
    let maxLength: Int?
    let utf: Bool
    /// A pattern compiled with `A` must match at the start offset, so no later start.
    let anchoredAtStart: Bool

    /// The prefilter for a pattern, or `nil` when its structure tells nothing useful or the
    /// pattern uses something the analysis does not model.
    /// `tree` is the pattern's ``PHPPattern/syntaxTree``, which ``Preg`` parses once for
    /// this analysis and ``StartCharacters``'.
    init?(pattern: PHPPattern, tree: Node?) {
        guard let tree else { return nil }
        utf = pattern.options.contains(.utf)
        anchoredAtStart = pattern.options.contains(.anchored)
        requiredLiterals = Self.requiredLiterals(of: tree, utf: utf) ?? []
        requiredTexts = (Self.requiredLiterals(of: tree, utf: utf, withLookBehinds: true) ?? []).enumerated()
            .sorted { ($0.element.count, -$0.offset) > ($1.element.count, -$1.offset) }.map(\.element)
        maxLength = tree.lengths.max

        let branches: [Node]
        if case .alternation(let list) = tree { branches = list } else { branches = [tree] }
        var anchor: EndAnchor?
        var last: Set<UInt32>? = []
        for branch in branches {
            guard let (kind, body) = Self.splitEndAnchor(branch), anchor == nil || anchor == kind else {
                anchor = nil
                last = nil
                break
            }
            anchor = kind
            if let l = body.lastCharacters, last != nil { last!.formUnion(l) } else { last = nil }
        }
        self.anchor = anchor
        lastCharacters = anchor == nil ? nil : last?.sorted()
        let found = anchor == nil ? nil : Self.endings(of: branches, utf: utf)
        endings = found?.table
        endingsAreWhole = found?.whole ?? false
        var table = [Bool](repeating: false, count: Int(Self.tableSize))
        for c in lastCharacters ?? [] where c < Self.tableSize { table[Int(c)] = true }
        lastCharacterTable = table
        if requiredTexts.isEmpty, anchor == nil { return nil }
        if requiredTexts.isEmpty, lastCharacters == nil, maxLength == nil { return nil }
    }

    /// The texts the branches' matches can end with, before their end anchor, by last byte;
    /// `nil` when there are too many, or one can be empty (then any subject may match).
    /// `whole` tells whether every branch listed its whole matches.
    private static func endings(of branches: [Node], utf: Bool) -> (table: [[Ending]], whole: Bool)? {
        var table = [[Ending]](repeating: [], count: 256)
        var whole = true
        for branch in branches {
            guard let (_, body) = splitEndAnchor(branch) else { return nil }
            let texts: [(context: [UInt32], text: [UInt32])]
            if let all = body.finiteTextsWithContext(limit: 256) {
                texts = all
            } else if let some = body.possibleEndings(limit: 256) {
                texts = some.map { ([], $0) }
                whole = false
            } else {
                return nil
            }
            for (context, text) in texts {
                let match = encoded(text, utf: utf)
                guard !match.isEmpty else { return nil }
                let ending = Ending(bytes: encoded(context, utf: utf) + match, matchLength: match.count)
                if !table[Int(match.last!)].contains(ending) { table[Int(match.last!)].append(ending) }
            }
        }
        return (table, whole)
    }

    /// The runs of characters every match contains in a row: consecutive plain
    /// (case-sensitive) literals of a top-level sequence, as UTF-8 or bytes. With
    /// `withLookBehinds`, a run begins with the literal text of a positive look-behind just
    /// before it (not part of the match, but of the subject).
    private static func requiredLiterals(of tree: Node, utf: Bool, withLookBehinds: Bool = false) -> [Bytes]? {
        var items: [Node]
        switch tree {
        case .sequence(let list): items = list
        case .group(let kind, let inner):
            switch kind {
            case .capture, .nonCapture, .atomic: return requiredLiterals(of: inner, utf: utf, withLookBehinds: withLookBehinds)
            default: return nil
            }
        default: items = [tree]
        }
        var runs: [Bytes] = []
        var run: [UInt32] = []
        for item in items + [.empty] {
            if case .literal(let c, let caseless) = item, !caseless {
                run.append(c)
            } else {
                if !run.isEmpty { runs.append(encoded(run, utf: utf)) }
                run = []
                if withLookBehinds, case .group(.lookbehind(negative: false), let inner) = item, let text = literalText(inner) {
                    run = text
                }
            }
        }
        return runs.isEmpty ? nil : runs
    }

    /// The characters of a node that is literal text only (case-sensitive), else `nil`.
    private static func literalText(_ node: Node) -> [UInt32]? {
        switch node {
        case .literal(let c, caseless: false): return [c]
        case .sequence(let items):
            var text: [UInt32] = []
            for item in items {
                guard case .literal(let c, caseless: false) = item else { return nil }
                text.append(c)
            }
            return text
        default: return nil
        }
    }

    /// The last byte offset at which a match can start: where the last occurrence of one
    /// of ``requiredLiterals`` starts, the earliest of those; `nil` when not known.
    func lastStart(_ subject: UnsafeBufferPointer<UInt8>) -> Int? {
        var last: Int?
        for literal in requiredLiterals {
            guard let at = ByteSearch.lastIndex(of: literal, in: subject) else { return nil }
            last = min(last ?? at, at)
        }
        return last
    }

    /// Characters as the subject holds them: UTF-8 under `/u`, else one byte each.
    private static func encoded(_ text: [UInt32], utf: Bool) -> Bytes {
        var bytes = Bytes()
        for c in text {
            if utf { UTF8Bytes.append(c, to: &bytes) } else { bytes.append(UInt8(truncatingIfNeeded: c)) }
        }
        return bytes
    }

    /// A branch that ends with an end anchor, split into the anchor and what precedes it.
    private static func splitEndAnchor(_ node: Node) -> (EndAnchor, Node)? {
        switch node {
        case .assertion(let assertion):
            if assertion == .subjectEndOrFinalNewline { return (.endOrFinalNewline, .empty) }
            if assertion == .subjectEnd { return (.end, .empty) }
            return nil
        case .sequence(let items):
            guard let tail = items.last, let (kind, rest) = splitEndAnchor(tail) else { return nil }
            guard case .empty = rest else { return nil }
            let body = Array(items.dropLast())
            return (kind, body.count == 1 ? body[0] : .sequence(body))
        case .group(let kind, let inner):
            switch kind {
            case .capture, .nonCapture, .atomic:
                guard let (anchor, rest) = splitEndAnchor(inner), case .empty = rest else { return nil }
                // The anchor inside a group: the group's other contents precede it, but
                // they belong to the group; keep it simple and give no last characters.
                return (anchor, .raw("", min: 0, max: nil))
            default:
                return nil
            }
        default:
            return nil
        }
    }

    /// False when no match is possible in `subject`: its last character (or the one before
    /// a final newline, where `$` allows it) is none a match can end with.
    func mayMatch(_ subject: UnsafeBufferPointer<UInt8>) -> Bool {
        // The ending first: one byte looked up rules out most subjects.
        guard mayEndAMatch(subject) else { return false }
        return requiredTexts.allSatisfy { ByteSearch.firstIndex(of: $0, in: subject, from: 0) != nil }
    }

    private func mayEndAMatch(_ subject: UnsafeBufferPointer<UInt8>) -> Bool {
        if let endings {
            func endsWithOne(at end: Int) -> Bool {
                guard end > 0 else { return false }
                for ending in endings[Int(subject[end - 1])] where ByteSearch.ends(subject, at: end, with: ending.bytes) {
                    return true
                }
                return false
            }
            let n = subject.count
            return endsWithOne(at: n) || (anchor == .endOrFinalNewline && n > 0 && subject[n - 1] == 0x0A && endsWithOne(at: n - 1))
        }
        guard let lastCharacters else { return true }
        func canEndWith(_ c: UInt32) -> Bool {
            if c < Self.tableSize { return lastCharacterTable.withUnsafeBufferPointer { $0[Int(c)] } }
            var low = 0
            var high = lastCharacters.count
            while low < high {
                let mid = (low + high) / 2
                if lastCharacters[mid] < c { low = mid + 1 } else { high = mid }
            }
            return low < lastCharacters.count && lastCharacters[low] == c
        }
        let n = subject.count
        if let c = character(endingAt: n, in: subject), canEndWith(c) { return true }
        if anchor == .endOrFinalNewline, n > 0, subject[n - 1] == 0x0A,
            let c = character(endingAt: n - 1, in: subject), canEndWith(c)
        {
            return true
        }
        return false
    }

    /// The first byte offset at which a match can start: `maxLength` characters, and one
    /// more for a final newline, before the end.
    func earliestStart(_ subject: UnsafeBufferPointer<UInt8>) -> Int {
        guard let anchor, !anchoredAtStart else { return 0 }
        let n = subject.count
        // A whole match is one of the endings the subject ends with: the longest of them
        // starts first. (Not when `$` may also match before a final newline.)
        if endingsAreWhole, let endings, n > 0, !(anchor == .endOrFinalNewline && subject[n - 1] == 0x0A) {
            var longest = 0
            for ending in endings[Int(subject[n - 1])]
            where ending.matchLength > longest && ByteSearch.ends(subject, at: n, with: ending.bytes) {
                longest = ending.matchLength
            }
            return n - longest
        }
        guard let maxLength else { return 0 }
        var position = subject.count
        var remaining = maxLength + (anchor == .endOrFinalNewline ? 1 : 0)
        while remaining > 0, position > 0 {
            position -= 1
            if utf {
                while position > 0, subject[position] & 0xC0 == 0x80 { position -= 1 }
            }
            remaining -= 1
        }
        return position
    }

    /// The character that ends at byte `end`.
    private func character(endingAt end: Int, in subject: UnsafeBufferPointer<UInt8>) -> UInt32? {
        guard end > 0 else { return nil }
        if !utf { return UInt32(subject[end - 1]) }
        var start = end - 1
        while start > 0, subject[start] & 0xC0 == 0x80, end - start < 4 { start -= 1 }
        return UTF8Bytes.decode(subject, at: start).scalar
    }
}

extension Node {
    /// Texts (as characters) one of which every match of this node ends with, when at most
    /// `limit` will do: the whole texts of a node that has few (``finiteTexts(limit:)``),
    /// else those of its last items, as far back as they have few (`сть?` of
    /// `[^аеиоуыэюя]+.*(?<=о)сть?`). `nil` when nothing is known.
    func possibleEndings(limit: Int) -> [[UInt32]]? {
        switch self {
        case .sequence(let items):
            var texts: [[UInt32]] = [[]]
            for item in items.reversed() {
                guard let whole = item.finiteTexts(limit: limit), texts.count * whole.count <= limit else {
                    // What comes before cannot be listed; the item's own endings still hold.
                    guard let partial = item.possibleEndings(limit: limit), texts.count * partial.count <= limit else {
                        return texts
                    }
                    return partial.flatMap { head in texts.map { head + $0 } }
                }
                texts = whole.flatMap { head in texts.map { head + $0 } }
            }
            return texts
        case .group(let kind, let inner):
            return kind.isLookaround ? [[]] : inner.possibleEndings(limit: limit)
        case .alternation(let branches):
            return Self.union(branches, limit: limit) { $0.possibleEndings(limit: limit) }
        case .repeated(let inner, let low, _, _):
            if let whole = finiteTexts(limit: limit) { return whole }
            // The last time round ends the match; with none at all (low 0), nothing is known.
            return low > 0 ? inner.possibleEndings(limit: limit) : nil
        default:
            return finiteTexts(limit: limit)
        }
    }

    /// The texts of every branch together, `nil` when one has none or they are too many.
    private static func union<Text>(_ branches: [Node], limit: Int, _ texts: (Node) -> [Text]?) -> [Text]? {
        var all: [Text] = []
        for branch in branches {
            guard let more = texts(branch), all.count + more.count <= limit else { return nil }
            all += more
        }
        return all
    }

    /// ``finiteTexts(limit:)``, each with what a look-behind at the start of the match
    /// wants before it (`а` and `я` for `(?<=[ая])(ем|нн)`: (а, ем), (я, ем), (а, нн),
    /// (я, нн)); an empty context where nothing is known. A look-behind after the start
    /// of the match, or one whose texts are not few, adds nothing, which is always safe:
    /// a context only narrows what a subject must end with.
    func finiteTextsWithContext(limit: Int) -> [(context: [UInt32], text: [UInt32])]? {
        switch self {
        case .group(.lookbehind(negative: false), let inner):
            return (inner.finiteTexts(limit: limit) ?? [[]]).map { ($0, []) }
        case .group(let kind, let inner) where !kind.isLookaround:
            return inner.finiteTextsWithContext(limit: limit)
        case .sequence(let items):
            var texts: [(context: [UInt32], text: [UInt32])] = [([], [])]
            for item in items {
                guard let next = item.finiteTextsWithContext(limit: limit), texts.count * next.count <= limit else { return nil }
                texts = texts.flatMap { head in
                    next.map { tail in
                        // Only a look-behind with nothing matched before it (nor one
                        // already taken) looks before the match.
                        (head.text.isEmpty && head.context.isEmpty ? tail.context : head.context, head.text + tail.text)
                    }
                }
            }
            return texts
        case .alternation(let branches):
            return Self.union(branches, limit: limit) { $0.finiteTextsWithContext(limit: limit) }
        default:
            return finiteTexts(limit: limit)?.map { ([], $0) }
        }
    }

    /// Every text (as characters) a match of this node can be, when there are at most
    /// `limit`; `nil` otherwise. Zero-width items (assertions, look-arounds) count as
    /// matching nothing, so the list may hold texts that cannot match, never miss one.
    func finiteTexts(limit: Int) -> [[UInt32]]? {
        switch self {
        case .empty, .assertion:
            return [[]]
        case .literal(let c, let caseless):
            return caseless ? nil : [[c]]
        case .charClass:
            return lastCharacters.flatMap { $0.count <= limit ? $0.sorted().map { [$0] } : nil }
        case .group(let kind, let inner):
            return kind.isLookaround ? [[]] : inner.finiteTexts(limit: limit)
        case .sequence(let items):
            var texts: [[UInt32]] = [[]]
            for item in items {
                guard let next = item.finiteTexts(limit: limit), texts.count * next.count <= limit else { return nil }
                texts = texts.flatMap { head in next.map { head + $0 } }
            }
            return texts
        case .alternation(let branches):
            return Self.union(branches, limit: limit) { $0.finiteTexts(limit: limit) }
        case .repeated(let inner, let low, let high, _):
            guard let high, high <= 4, let once = inner.finiteTexts(limit: limit) else { return nil }
            var texts: [[UInt32]] = []
            var power: [[UInt32]] = [[]]
            for count in 0...high {
                if count >= low {
                    guard texts.count + power.count <= limit else { return nil }
                    texts += power
                }
                guard count < high else { break }
                guard power.count * once.count <= limit else { return nil }
                power = power.flatMap { head in once.map { head + $0 } }
            }
            return texts
        case .raw, .backReference:
            return nil
        }
    }

    /// The characters a match of this node can end with, when there are few enough to list
    /// and the node must consume one at its end; `nil` otherwise. (The characters a match
    /// can start with are ``StartCharacters/firstCharacters(of:below:)``'s.)
    var lastCharacters: Set<UInt32>? {
        switch self {
        case .literal(let c, let caseless):
            return caseless ? nil : [c]
        case .charClass(let cls):
            guard !cls.negated, !cls.caseless, cls.properties.isEmpty else { return nil }
            var set: Set<UInt32> = []
            for r in cls.ranges {
                guard r.upperBound - r.lowerBound < 256, set.count < 256 else { return nil }
                for c in r { set.insert(c) }
            }
            return set
        case .group(let kind, let inner):
            return kind.isLookaround ? nil : inner.lastCharacters
        case .sequence(let items):
            guard let edge = items.last, edge.lengths.min > 0 else { return nil }
            return edge.lastCharacters
        case .alternation(let branches):
            var union: Set<UInt32> = []
            for branch in branches {
                guard let e = branch.lastCharacters else { return nil }
                union.formUnion(e)
            }
            return union
        case .repeated(let inner, let low, _, _):
            return low > 0 ? inner.lastCharacters : nil
        case .empty, .assertion, .raw, .backReference:
            return nil
        }
    }
}
