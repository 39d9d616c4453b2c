import RulesSearch

/// What a person is shown of one result, in the results view and in `rules browse`: its
/// label (`§ N.` and title), the chapter it belongs to, and the text S2 shows, ё as
/// written, with the found words between ``foundStart`` and ``foundEnd``.
struct HitSummary {
    let id: String
    let title: String
    let chapter: String?
    let text: String
    let url: String

    /// Private-use characters that stand for the start and end of a found word while the
    /// text is wrapped or cut (they take no column), replaced by the marks after.
    static let foundStart = "\u{E000}", foundEnd = "\u{E001}"

    init(_ hit: SearchSession.Hit, session: SearchSession, outline: RuleOutline?) {
        let id = String(decoding: hit.id, as: UTF8.self)
        self.id = HarmlessText.line(id)
        let place = outline?[id]
        title = HarmlessText.line(RuleLabel.title(String(decoding: hit.title.stringValue, as: UTF8.self), place: place))
        chapter = Self.chapter(of: place, index: session.index, outline: outline)
        var html = session.textAsWritten(hit)
        // The marks stand for the found words alone: the same characters in the text itself
        // (a corpus may hold anything) are taken out first.
        html = PHPStrings.replace(
            [Bytes(Self.foundStart.utf8), Bytes(Self.foundEnd.utf8), Bytes("<i>".utf8), Bytes("</i>".utf8)],
            with: [[], [], Bytes(Self.foundStart.utf8), Bytes(Self.foundEnd.utf8)], in: html)
        // The reference's start text begins with the space before its first sentence: not
        // shown, so that each result's text lines up under its title.
        var shown = Substring(HarmlessText.line(String(decoding: HTMLText.plain(html), as: UTF8.self)))
        while shown.first == " " { shown.removeFirst() }
        while shown.last == " " { shown.removeLast() }
        text = String(shown)
        url = HarmlessText.line(String(decoding: hit.url.stringValue, as: UTF8.self))
    }

    /// A chapter found by its title (`TitleFinder::find`): its description as the text.
    init(title entryID: ByteKey, entry: SearchIndex.Entry, index: any IndexReading, outline: RuleOutline?) {
        let id = String(decoding: entryID.bytes, as: UTF8.self)
        self.id = HarmlessText.line(id)
        let place = outline?[id]
        title = HarmlessText.line(RuleLabel.title(String(decoding: entry.field("title")?.stringValue ?? [], as: UTF8.self), place: place))
        chapter = Self.chapter(of: place, index: index, outline: outline)
        text = HarmlessText.line(String(decoding: HTMLText.plain(entry.field("descr")?.stringValue ?? []), as: UTF8.self))
        url = HarmlessText.line(String(decoding: entry.field("url")?.stringValue ?? [], as: UTF8.self))
    }

    /// The line naming the chapter of a paragraph of the built-in rules.
    private static func chapter(of place: RulePlace?, index: any IndexReading, outline: RuleOutline?) -> String? {
        guard let parent = place?.chapter, let entry = index.entry(ByteKey(Bytes(parent.utf8))) else { return nil }
        return HarmlessText.line(
            RuleLabel.chapter(String(decoding: entry.field("title")?.stringValue ?? [], as: UTF8.self), place: outline?[parent]))
    }
}
