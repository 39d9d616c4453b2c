import RulesTerminal

/// A line of the full-screen view as runs of text in styles, cut to the screen's width and
/// written with the escape sequences of its styles (none without colour).
struct StyledLine {
    enum Style {
        case plain, bold, dim, found
        /// A cross-reference («§ N») that can be followed, and the one selected.
        case reference, selectedReference
    }

    var runs: [(text: String, style: Style)] = []
    /// Drawn in reverse video (the selected item), when colour is on.
    var selected = false

    init(_ text: String = "", _ style: Style = .plain) {
        if !text.isEmpty { runs = [(text, style)] }
    }

    mutating func append(_ text: String, _ style: Style = .plain) {
        if !text.isEmpty { runs.append((text, style)) }
    }

    /// A text with the found words between ``HitSummary``'s marks, as runs: the words found
    /// in `found`, the rest in `style`.
    static func marked(_ text: String, _ style: Style = .plain) -> StyledLine {
        let (characters, found) = unmarked(text)
        return StyledLine(characters: characters, styles: found.map { $0 ? .found : style })
    }

    /// A line of a rule's text: the found words marked, and its cross-references
    /// (``CrossReferences``) in `reference`, those before it on the page numbering from
    /// `firstReference`, the `selectedReference`-th selected. With how many it holds.
    static func linking(_ text: String, firstReference: Int, selectedReference: Int?) -> (line: StyledLine, references: Int) {
        let (characters, found) = unmarked(text)
        var styles = found.map { $0 ? Style.found : .plain }
        let references = CrossReferences.find(in: characters)
        for (k, reference) in references.enumerated() {
            let style: Style = firstReference + k == selectedReference ? .selectedReference : .reference
            for at in reference.range { styles[at] = style }
        }
        return (StyledLine(characters: characters, styles: styles), references.count)
    }

    /// `text`'s characters without ``HitSummary``'s marks, and whether each is of a found word.
    private static func unmarked(_ text: String) -> (characters: [Character], found: [Bool]) {
        var characters: [Character] = []
        var found: [Bool] = []
        var inFound = false
        for c in text {
            let s = String(c)
            if s == HitSummary.foundStart || s == HitSummary.foundEnd {
                inFound = s == HitSummary.foundStart
            } else {
                characters.append(c)
                found.append(inFound)
            }
        }
        return (characters, found)
    }

    /// Runs of the characters with the same style.
    private init(characters: [Character], styles: [Style]) {
        var start = 0
        for k in characters.indices where k + 1 == characters.count || styles[k + 1] != styles[k] {
            append(String(characters[start...k]), styles[k])
            start = k + 1
        }
    }

    /// The line cut to `width` columns (an ellipsis where it is cut), with its escape
    /// sequences when `color`. Control characters are never written: a title of a corpus of
    /// one's own could hold any.
    func rendered(width: Int, color: Bool) -> String {
        func shown(_ c: Character) -> Character {
            c.unicodeScalars.contains { $0.properties.generalCategory == .control } ? " " : c
        }
        let total = runs.reduce(0) { sum, run in sum + run.text.reduce(0) { $0 + TextWrap.columns(String(shown($1))) } }
        // Cut, the line keeps a column for the ellipsis.
        let room = total <= width ? width : width - 1
        let reverse = color && selected ? EscapeCode.reverse : ""
        var out = reverse
        var used = 0
        var cut = false
        for (text, style) in runs {
            if color {
                let sequence =
                    switch style {
                    case .plain: ""
                    case .bold: EscapeCode.bold
                    case .dim: EscapeCode.dim
                    case .found: EscapeCode.found
                    case .reference: EscapeCode.underline
                    case .selectedReference: EscapeCode.reverse
                    }
                out += sequence
            }
            for c in text {
                let character = shown(c)
                let w = TextWrap.columns(String(character))
                if used + w > room {
                    cut = true
                    break
                }
                out.append(character)
                used += w
            }
            if color, style != .plain { out += EscapeCode.reset + reverse }
            if cut { break }
        }
        if cut, width > 0 {
            out += "…"
            used += 1
        }
        if color && selected { out += String(repeating: " ", count: max(0, width - used)) }
        if color { out += EscapeCode.reset }
        return out
    }
}
