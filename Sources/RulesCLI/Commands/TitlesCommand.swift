import RulesSearch

/// `rules titles TEXT`: chapters whose title contains TEXT, ignoring case
/// (`TitleFinder::find`), `id<TAB>title` a line or JSON.
enum TitlesCommand {
    static func run(_ context: Context) throws -> Int32 {
        let words = try context.operands(minimum: 1)
        let session = try SearchCommand.openSession(context, withTexts: false)
        let found = session.titles(Bytes(words.map(context.operandBytes).joined(separator: [0x20])))
        if context.arguments.options.json {
            var w = JSONWriter()
            w.raw("[")
            for (i, (name, entry)) in found.enumerated() {
                if i > 0 { w.raw(",") }
                w.raw("{\"id\":")
                w.string(name.bytes)
                w.raw(",\"title\":")
                w.value(entry.field("title") ?? .null)
                w.raw(",\"url\":")
                w.value(entry.field("url") ?? .null)
                w.raw("}")
            }
            w.raw("]\n")
            context.out.write(w.output)
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
