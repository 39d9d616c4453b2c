import RulesSearch

/// A record's page (`/rules/N`, `/rules/chN`, or any id of an index of one's own): its
/// chapter, its title, its text as paragraphs and lists, and a chapter's list of its
/// paragraphs. In the built-in rules each «§ N» of the text is a link to that paragraph.
/// The text is the one `rules show` prints, escaped: no markup of a corpus reaches the page.
struct RulePage {
    let source: RuleSource
    let outline: RuleOutline?

    /// The page's title and `<main>`, `nil` when there is no record `id`.
    func page(_ id: String) -> (title: String, main: String)? {
        guard let page = source.page(id) else { return nil }
        var out = "<main id=\"rule\" class=\"rule\">\n"
        if let chapter = page.chapter, let parent = outline?[id]?.chapter {
            out += "<nav class=\"chapter\"><a href=\"\(HTML.rulePath(parent))\">\(HTML.escape(chapter))</a></nav>\n"
        }
        out += "<h1>\(HTML.escape(page.title))</h1>\n"
        if let url = page.url { out += "<p class=\"url\">\(HTML.escape(url))</p>\n" }
        out += body(page.children.isEmpty ? page.body : page.introduction, linking: page.referencesRules)
        if !page.children.isEmpty {
            out += "<ol class=\"children\">\n"
            for child in page.children { out += "<li><a href=\"\(HTML.rulePath(child.id))\">\(HTML.escape(child.title))</a></li>\n" }
            out += "</ol>\n"
        }
        return (page.title, out + "</main>")
    }

    /// Lines of plain text (``RuleSource/Page/body``) as HTML: a blank line ends a
    /// paragraph, a line that begins with a bullet is a list item.
    private func body(_ text: String, linking: Bool) -> String {
        var out = ""
        var inList = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("  • ") {
                if !inList { out += "<ul>\n" }
                inList = true
                out += "<li>" + linked(String(line.dropFirst(4)), linking: linking) + "</li>\n"
            } else {
                if inList { out += "</ul>\n" }
                inList = false
                out += "<p>" + linked(String(line), linking: linking) + "</p>\n"
            }
        }
        return out + (inList ? "</ul>\n" : "")
    }

    /// `line` escaped, each «§ N» that names a paragraph a link to it.
    private func linked(_ line: String, linking: Bool) -> String {
        guard linking, line.contains("§") else { return HTML.escape(line) }
        let characters = Array(line)
        var out = ""
        var at = 0
        for reference in CrossReferences.find(in: characters) where outline?[reference.id]?.kind == .paragraph {
            out += HTML.escape(String(characters[at..<reference.range.lowerBound]))
            out += "<a class=\"ref\" href=\"\(HTML.rulePath(reference.id))\">" + HTML.escape(String(characters[reference.range])) + "</a>"
            at = reference.range.upperBound
        }
        return out + HTML.escape(String(characters[at...]))
    }
}
