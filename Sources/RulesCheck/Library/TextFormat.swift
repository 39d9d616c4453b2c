/// How a text given to ``SpellChecker/check(_:format:)`` is written: plain text, or HTML
/// or Markdown whose markup (tags, code, addresses) is passed over.
public enum TextFormat: String, CaseIterable, Sendable {
    case text, html, markdown

    var words: TextWords.Format {
        switch self {
        case .text: .text
        case .html: .html
        case .markdown: .markdown
        }
    }
}
