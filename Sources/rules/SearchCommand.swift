import Foundation
import RulesRegex
import RulesSearch

enum SearchCommand {
    /// `rules search [--index DIR] [--limit N | --all] [--page N] [--json] [--batch] QUERY...`
    static func run(_ context: Context) throws -> Int32 {
        let arguments = context.arguments
        let session = try openSession(context)
        let all = arguments.flag("all")
        if all, arguments.value("limit") != nil { throw CLIError("--all and --limit cannot be used together") }
        let limit = all ? nil : (try arguments.integer("limit", minimum: 1) ?? 10)
        let page = try arguments.integer("page", minimum: 1) ?? 1
        let json = arguments.flag("json")
        let style = OutputStyle(terminal: isatty(1) == 1 && !json)
        let queryWords = arguments.operands(dropping: 1)

        if arguments.flag("batch") {
            guard queryWords.isEmpty else { throw CLIError("--batch reads the queries from standard input; give none as arguments") }
            // Queries are read and answered in blocks, every core taking a share; answers
            // are written in the order of the questions.
            let reader = LineReader(fileDescriptor: 0, longestLine: longestQuery)
            var foundAny = false
            var first = true
            var sessions = [session]
            var finished = false
            // A query too large ends the batch, after the answers to the lines before it.
            var tooLarge: CLIError?
            while !finished {
                var block: [Bytes] = []
                while block.count < 1024 {
                    let line: Bytes?
                    do {
                        line = try reader.next()
                    } catch let error as LineReader.LineTooLong {
                        tooLarge = CLIError("standard input, line \(error.line): a query is at most \(Self.describe(bytes: error.limit)); nothing after it was answered")
                        line = nil
                    }
                    guard var query = line else {
                        finished = true
                        break
                    }
                    if query.last == 0x0D { query.removeLast() }
                    if let problem = Self.tooLarge(query) {
                        tooLarge = CLIError("standard input, line \(reader.lineNumber): \(problem); nothing after it was answered")
                        finished = true
                        break
                    }
                    block.append(query)
                }
                if block.isEmpty { break }
                let answers = SearchSession.searchAll(block, index: session.index, texts: session.texts,
                                                      engine: try context.engine(), limit: limit, page: page,
                                                      sessions: &sessions) { result in
                    json ? JSONWriter.encode(result) + [0x0A] : style.render(result)
                }
                try Self.checkIndex(session)
                for (total, output) in answers {
                    if total > 0 { foundAny = true }
                    if !json, !first { context.out.write([0x0A]) }
                    context.out.write(output)
                    first = false
                }
            }
            context.out.flush()
            if let tooLarge { throw tooLarge }
            exit(foundAny ? 0 : 1)   // as below: no taking apart before the end
        }

        guard !queryWords.isEmpty else { throw CLIError("rules search needs a query (or --batch)") }
        let query = Bytes(php: queryWords.joined(separator: " "))
        if let problem = Self.tooLarge(query) { throw CLIError(problem) }
        let result = session.search(query, limit: limit, page: page)
        try Self.checkIndex(session)
        context.out.write(json ? JSONWriter.encode(result) + [0x0A] : style.render(result))
        context.out.flush()
        // Done: the process ends here rather than first taking apart the index, the
        // compiled patterns and the finder's tables, which would cost a one-query run
        // about a tenth of its time.
        exit(result.total > 0 ? 0 : 1)
    }

    /// The longest query answered, in bytes (an argument or a `--batch` line). A search
    /// costs about its length times a chapter's words; nobody types more than this, and
    /// a longer one is most likely a file given to the wrong command.
    static let longestQuery = 1 << 22

    /// The most words a query may have (runs of characters between spaces): every word
    /// is looked up and compared with the one before it, so time grows with their number
    /// (20,000 words, 1.4 s on the built-in rules).
    static let mostQueryWords = 10_000

    static func describe(bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    /// What makes `query` too large to answer, or `nil`.
    static func tooLarge(_ query: Bytes) -> String? {
        if query.count > longestQuery {
            return "a query is at most \(describe(bytes: longestQuery)); this one has \(query.count) bytes"
        }
        var words = 0
        var inWord = false
        for byte in query {
            let space = byte == 0x20 || byte == 0x09
            if !space && !inWord { words += 1 }
            inWord = !space
        }
        return words > mostQueryWords ? "a query has at most \(mostQueryWords) words; this one has \(words)" : nil
    }

    /// An answer from an index whose binary form is damaged and whose S2 file cannot be
    /// read is not given: an error instead. Damaged chapter texts are said, once: the
    /// answers stand, without the snippets of those chapters.
    static func checkIndex(_ session: SearchSession) throws {
        if let failure = (session.index as? CheckedIndex)?.failure { throw CLIError(failure) }
        if !toldOfDamagedTexts, let damaged = session.texts?.damage {
            toldOfDamagedTexts = true
            let names = damaged.prefix(3).map { String(decoding: $0.bytes, as: UTF8.self) }.joined(separator: ", ")
            warn("\(ChapterTexts.fileName) is damaged (chapter \(names)\(damaged.count > 3 ? ", …" : "")): "
                 + "answers from those chapters may come without their snippets; rebuild the index with 'rules index build'")
        }
    }

    nonisolated(unsafe) private static var toldOfDamagedTexts = false

    /// The index of `--index`, or the built-in one.
    static func openSession(_ context: Context) throws -> SearchSession {
        guard let path = context.arguments.value("index") else {
            let preg = Preg(engine: try context.engine())
            do {
                return SearchSession(index: try BuiltInIndex.index(), texts: try BuiltInIndex.texts(), preg: preg)
            } catch {
                throw CLIError("the built-in index cannot be read (\(error)); rebuild rules")
            }
        }
        do {
            let (index, texts) = try IndexLocation.open(path, corpus: context.arguments.value("corpus"), warning: warn)
            return SearchSession(index: index, texts: texts, preg: Preg(engine: try context.engine()))
        } catch let error as IndexLocation.OpenError {
            throw CLIError(error.message)
        }
    }
}

/// How results look in a terminal: numbered titles, the text S2 would show with the
/// found words in bold, the address; plain text when the output is not a terminal.
struct OutputStyle {
    let terminal: Bool

    func render(_ result: SearchSession.Result) -> Bytes {
        var out = Bytes()
        if result.total == 0 {
            return Bytes(php: "nothing found for \(String(decoding: result.query, as: UTF8.self))\n")
        }
        for (n, hit) in result.hits.enumerated() {
            let number = "\(result.offset + n + 1). "
            out += Bytes(php: terminal ? "\u{1B}[1m" + number : number)
            out += hit.title.stringValue
            if terminal { out += Bytes(php: "\u{1B}[0m") }
            out.append(0x0A)
            let text = highlight(hit.text)
            if !text.isEmpty {
                out += Bytes(php: "   ")
                out += text
                out.append(0x0A)
            }
            let url = hit.url.stringValue
            if !url.isEmpty {
                out += Bytes(php: terminal ? "   \u{1B}[2m" : "   ")
                out += url
                if terminal { out += Bytes(php: "\u{1B}[0m") }
                out.append(0x0A)
            }
        }
        let shown = result.hits.count
        out += Bytes(php: "(\(shown) of \(result.total))\n")
        return out
    }

    /// `<i>` marks as bold in a terminal, dropped otherwise; entities decoded; lines joined.
    private func highlight(_ html: Bytes) -> Bytes {
        let marked = terminal
            ? PHPStrings.replace([Bytes(php: "<i>"), Bytes(php: "</i>")], with: [Bytes(php: "\u{1B}[1m"), Bytes(php: "\u{1B}[0m")], in: html)
            : html
        let text = HTMLText.plain(marked)
        return text.map { $0 == 0x0A || $0 == 0x0D || $0 == 0x09 ? 0x20 : $0 }
    }
}
