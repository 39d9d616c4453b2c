import Foundation
import RulesSearch

/// `rules show N…` (or `§N`, `§ N`): paragraphs of the built-in rules with their chapter;
/// `rules show chN`: a chapter with the list of its paragraphs; `--corpus FILE`: chapters of
/// that corpus by id; `--index DIR`: chapters of an index of one's own by id, their texts
/// as its folder keeps them. Every id is looked up before anything is shown; long output
/// goes through the pager on a terminal, wrapped to its width.
enum ShowCommand {
    static func run(_ context: Context) throws -> Int32 {
        let given = try context.operands(minimum: 1)
        let options = context.arguments.options
        let source = try Source(context)
        let terminal = Terminal(color: options.color)
        let marks = Marks(on: terminal.color)
        var pages: [String] = []
        var shown: Set<String> = []
        for word in given {
            let id = RuleJump.reference([word]) ?? word.trimmingCharacters(in: .whitespaces)
            guard let page = source.page(id, marks: marks) else {
                // `rules 2024`: no rule has the number, so it is a query (a year, a date).
                if context.arguments.implied { return try SearchCommand.run(context) }
                if let index = options.index { throw Failure.unknownChapter(word, index: index) }
                throw Failure.unknownRule(word)
            }
            // An id given twice is shown once.
            if shown.insert(id).inserted { pages.append(page) }
        }
        var text = pages.joined(separator: "\n")
        if let width = terminal.width {
            text = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                // A list item's lines go on under its text, past the bullet.
                let indent = line.hasPrefix("  • ") ? "    " : ""
                return TextWrap.lines(String(line), width: width, indent: indent).joined(separator: "\n")
            }.joined(separator: "\n")
        }
        Pager.show(Bytes(text.utf8), terminal: terminal, allowed: !options.noPager, out: context.out)
        return 0
    }

    /// Where the chapters come from: a corpus (the built-in rules' or one given), or an
    /// index folder with its texts.
    private enum Source {
        case corpus(Corpus, outline: RuleOutline?)
        case folder(index: any IndexReading, texts: ChapterTexts)

        init(_ context: Context) throws {
            let options = context.arguments.options
            if let path = options.index {
                let (index, texts) = try IndexLocation.open(path, corpus: options.corpus, warning: { warn(.said($0)) })
                guard let texts else { throw Failure.noTextsToShow(index: path) }
                self = .folder(index: index, texts: texts)
                return
            }
            do {
                if let path = options.corpus {
                    self = .corpus(try Corpus.read(URL(fileURLWithPath: path)), outline: nil)
                } else {
                    self = .corpus(try BuiltInIndex.corpus(), outline: BuiltInIndex.outline)
                }
            } catch let error as Corpus.Error {
                throw Failure.badCorpus(options.corpus, error)
            }
        }

        /// The chapter `id` as shown: its chapter's line (a paragraph of the built-in rules),
        /// its title, its text; `nil` when there is none of that id.
        func page(_ id: String, marks: Marks) -> String? {
            let key = ByteKey(Bytes(id.utf8))
            // A corpus of one's own may hold anything: nothing in it acts on the terminal.
            func title(_ value: PHPValue) -> String { HarmlessText.line(String(decoding: value.stringValue, as: UTF8.self)) }
            var text = ""
            let html: Bytes
            switch self {
            case .corpus(let corpus, let outline):
                guard let record = corpus.chapters[key] else { return nil }
                if case .string(let parent)? = record.field("parent"), let chapter = corpus.chapters[ByteKey(parent)] {
                    let chapterPlace = outline?[String(decoding: parent, as: UTF8.self)]
                    text += marks.dim + RuleLabel.chapter(title(chapter.title), place: chapterPlace) + marks.reset + "\n"
                }
                text += marks.bold + RuleLabel.title(title(record.title), place: outline?[id]) + marks.reset + "\n\n"
                html = record.html
            case .folder(let index, let texts):
                guard let entry = index.entry(key) else { return nil }
                text += marks.bold + title(entry.field("title") ?? .null) + marks.reset + "\n"
                let url = title(entry.field("url") ?? .null)
                if !url.isEmpty { text += marks.dim + url + marks.reset + "\n" }
                text += "\n"
                html = texts.html(key) ?? []
            }
            text += HarmlessText.lines(String(decoding: Rendering.plainText(html), as: UTF8.self))
            return text
        }
    }
}
