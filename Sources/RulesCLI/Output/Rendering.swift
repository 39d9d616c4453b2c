import RulesSearch

/// A rule's HTML for a terminal: paragraphs and list items on lines of their own.
enum Rendering {
    static func plainText(_ html: Bytes) -> Bytes {
        var text = PHPStrings.replace(
            ["</p>", "<li>", "</li>", "<br>"].map { Bytes($0.utf8) },
            with: ["\n\n", "  • ", "\n", "\n"].map { Bytes($0.utf8) }, in: html)
        text = HTMLText.plain(StripTags.strip(text))
        while text.last == 0x0A { text.removeLast() }
        return text + [0x0A]
    }
}
