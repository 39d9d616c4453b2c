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
        let source = try Self.source(context)
        let terminal = Terminal(color: options.color)
        let marks = Marks(on: terminal.color)
        var pages: [String] = []
        var shown: Set<String> = []
        for word in given {
            // An index of one's own names its chapters by any id («§5» among them): the id as
            // given first, then what it names as a rule's number.
            let named = RuleJump.reference([word]) ?? word.trimmingCharacters(in: .whitespaces)
            let literal = options.index != nil ? source.page(word) : nil
            let id = literal != nil ? word : named
            guard let page = (literal ?? source.page(named)).map({ Self.shown($0, marks: marks) }) else {
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

    /// Where the chapters come from: the built-in rules, a corpus given, or an index folder
    /// with its texts.
    private static func source(_ context: Context) throws -> RuleSource {
        let options = context.arguments.options
        if let path = options.index {
            let (index, texts) = try IndexLocation.open(path, corpus: options.corpus, warning: { warn(.said($0)) })
            guard let texts else { throw Failure.noTextsToShow(index: path) }
            return RuleSource(index: index, texts: texts)
        }
        guard let path = options.corpus else { return RuleSource() }
        do {
            return RuleSource(corpus: try Corpus.read(URL(fileURLWithPath: path)))
        } catch let error as Corpus.Error {
            throw Failure.badCorpus(path, error)
        }
    }

    /// A page as shown: its chapter's line (a paragraph of the built-in rules), its title,
    /// its address (a record of one's own index), its text.
    private static func shown(_ page: RuleSource.Page, marks: Marks) -> String {
        var text = ""
        if let chapter = page.chapter { text += marks.dim + chapter + marks.reset + "\n" }
        text += marks.bold + page.title + marks.reset + "\n"
        if let url = page.url { text += marks.dim + url + marks.reset + "\n" }
        return text + "\n" + page.body
    }
}
