import Foundation
import RulesRegex
import RulesSearch

/// `rules titles QUERY`: chapters whose title contains QUERY, ignoring case
/// (`TitleFinder::find`).
enum TitlesCommand {
    static func run(_ context: Context) throws -> Int32 {
        let words = context.arguments.operands(dropping: 1)
        guard !words.isEmpty else { throw CLIError("rules titles needs the text to look for in titles") }
        let session = try SearchCommand.openSession(context)
        let found = session.titles(Bytes(php: words.joined(separator: " ")))
        if context.arguments.flag("json") {
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
                context.out.write(name.bytes + [0x09] + (entry.field("title")?.stringValue ?? []) + [0x0A])
            }
        }
        context.out.flush()
        return found.isEmpty ? 1 : 0
    }
}

/// `rules show N` (or `§N`): a paragraph of the built-in rules with its chapter;
/// `rules show chN`: a chapter with the list of its paragraphs.
enum ShowCommand {
    static func run(_ context: Context) throws -> Int32 {
        let words = context.arguments.operands(dropping: 1)
        guard words.count == 1 else { throw CLIError("usage: rules show N | §N | chN") }
        var id = words[0]
        if id.hasPrefix("§") { id.removeFirst() }
        id = id.trimmingCharacters(in: .whitespaces)
        let corpus: Corpus
        do {
            if let path = context.arguments.value("corpus") {
                corpus = try Corpus.read(URL(fileURLWithPath: path))
            } else {
                corpus = try BuiltInIndex.corpus()
            }
        } catch let error as Corpus.Error {
            throw CLIError("\(context.arguments.value("corpus") ?? "the built-in corpus"): \(error)")
        }
        guard let record = corpus.chapters[ByteKey(id)] else {
            throw CLIError("no rule '\(words[0])': give a paragraph number such as 12 or §12, or a chapter such as ch3")
        }
        let style = OutputStyle(terminal: isatty(1) == 1)
        if case .string(Bytes(php: "chapter"))? = record.field("kind") {
            context.out.write(style.heading(record.title.stringValue))
            context.out.write(Rendering.plainText(record.html))
        } else {
            if case .string(let parent)? = record.field("parent"), let chapter = corpus.chapters[ByteKey(parent)] {
                context.out.write(Bytes(php: "Глава: ") + chapter.title.stringValue + [0x0A])
            }
            context.out.write(style.heading(Bytes(php: "§ \(id). ") + record.title.stringValue))
            context.out.write(Rendering.plainText(record.html))
        }
        context.out.flush()
        return 0
    }
}

/// A rule's HTML for a terminal: paragraphs and list items on lines of their own.
enum Rendering {
    static func plainText(_ html: Bytes) -> Bytes {
        var text = PHPStrings.replace([Bytes(php: "</p>"), Bytes(php: "<li>"), Bytes(php: "</li>"), Bytes(php: "<br>")],
                                      with: [Bytes(php: "\n\n"), Bytes(php: "  • "), Bytes(php: "\n"), Bytes(php: "\n")], in: html)
        text = HTMLText.plain(StripTags.strip(text))
        while text.last == 0x0A { text.removeLast() }
        return text + [0x0A]
    }
}

extension OutputStyle {
    func heading(_ text: Bytes) -> Bytes {
        (terminal ? Bytes(php: "\u{1B}[1m") : []) + text + (terminal ? Bytes(php: "\u{1B}[0m") : []) + Bytes(php: "\n\n")
    }
}
