import Foundation
import RulesSearch

/// `rules show N` (or `§N`): a paragraph of the built-in rules with its chapter;
/// `rules show chN`: a chapter with the list of its paragraphs. Long ones go through the
/// pager on a terminal, wrapped to its width.
enum ShowCommand {
    static func run(_ context: Context) throws -> Int32 {
        let given = try context.operands(minimum: 1, maximum: 1)[0]
        var id = given
        if id.hasPrefix("§") { id.removeFirst() }
        id = id.trimmingCharacters(in: .whitespaces)
        let corpusPath = context.arguments.options.corpus
        let corpus: Corpus
        do {
            corpus = try corpusPath.map { try Corpus.read(URL(fileURLWithPath: $0)) } ?? BuiltInIndex.corpus()
        } catch let error as Corpus.Error {
            throw Failure.badCorpus(corpusPath, error)
        }
        guard let record = corpus.chapters[ByteKey(Bytes(id.utf8))] else { throw Failure.unknownRule(given) }
        let terminal = Terminal(color: context.arguments.options.color)
        let marks = Marks(on: terminal.color)
        var text = ""
        // A corpus of one's own may hold anything: nothing in it acts on the terminal.
        func title(_ value: PHPValue) -> String { HarmlessText.line(String(decoding: value.stringValue, as: UTF8.self)) }
        let place = corpusPath == nil ? BuiltInIndex.outline[id] : nil
        if case .string(let parent)? = record.field("parent"), let chapter = corpus.chapters[ByteKey(parent)] {
            let chapterPlace = corpusPath == nil ? BuiltInIndex.outline[String(decoding: parent, as: UTF8.self)] : nil
            text += marks.dim + RuleLabel.chapter(title(chapter.title), place: chapterPlace) + marks.reset + "\n"
        }
        text += marks.bold + RuleLabel.title(title(record.title), place: place) + marks.reset + "\n\n"
        text += HarmlessText.lines(String(decoding: Rendering.plainText(record.html), as: UTF8.self))
        if let width = terminal.width {
            text = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                // A list item's lines go on under its text, past the bullet.
                let indent = line.hasPrefix("  • ") ? "    " : ""
                return TextWrap.lines(String(line), width: width, indent: indent).joined(separator: "\n")
            }.joined(separator: "\n")
        }
        Pager.show(Bytes(text.utf8), terminal: terminal, allowed: !context.arguments.options.noPager, out: context.out)
        return 0
    }
}
