import RulesSearch

/// `rules titles TEXT`: chapters whose title contains TEXT, ignoring case
/// (`TitleFinder::find`), `id<TAB>title` a line or JSON.
enum TitlesCommand {
    static func run(_ context: Context) throws -> Int32 {
        let words = try context.operands(minimum: 1)
        let session = try SearchCommand.openSession(context, withTexts: false)
        let found = session.titles(Bytes(words.map(context.operandBytes).joined(separator: [0x20])))
        let terminal = Terminal(color: context.arguments.options.color)
        if context.arguments.options.json {
            context.out.write(JSONWriter.encodeTitles(found) + [0x0A])
        } else if let width = terminal.width {
            // On a terminal: the ids in a column (bold), each title wrapped at spaces under
            // itself, through the pager when it is long; a pipe gets id TAB title.
            let marks = Marks(on: terminal.color)
            let ids = found.map { String(decoding: PlainField.clean($0.0.bytes), as: UTF8.self) }
            let column = min((ids.map { TextWrap.columns($0) }.max() ?? 0) + 2, 12)
            var text = ""
            for ((_, entry), id) in zip(found, ids) {
                let title = String(decoding: PlainField.clean(entry.field("title")?.stringValue ?? []), as: UTF8.self)
                let pad = String(repeating: " ", count: max(column - TextWrap.columns(id), 1))
                let lines = TextWrap.lines(title, width: max(width - column, 20), indent: "")
                text += marks.bold + id + marks.reset + pad + (lines.first ?? "") + "\n"
                for line in lines.dropFirst() { text += String(repeating: " ", count: column) + line + "\n" }
            }
            Pager.show(Bytes(text.utf8), terminal: terminal, allowed: !context.arguments.options.noPager, out: context.out)
            return found.isEmpty ? 1 : 0
        } else {
            for (name, entry) in found {
                let title = PlainField.clean(entry.field("title")?.stringValue ?? [])
                context.out.write(PlainField.clean(name.bytes) + [0x09] + title + [0x0A])
            }
        }
        context.out.flush()
        return found.isEmpty ? 1 : 0
    }
}
