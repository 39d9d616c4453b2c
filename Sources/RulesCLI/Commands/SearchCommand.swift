import Foundation
import RulesCheck
import RulesSearch

/// `rules search [--index DIR] [--limit N | --all] [--page N] [--json | --plain] [--batch] QUERY...`
enum SearchCommand {
    /// How the answers are written.
    enum Form { case view, json, plain }

    static func run(_ context: Context) throws -> Int32 {
        let arguments = context.arguments
        let options = arguments.options
        let all = options.all
        let limit = all ? nil : options.limit ?? 10
        let page = options.page ?? 1
        let form: Form = options.json ? .json : options.plain ? .plain : .view
        let batch = options.batch
        if batch, !arguments.operands.isEmpty { throw Failure.operandsWithBatch }
        if !batch, arguments.operands.isEmpty { throw Failure.missingOperand(.search) }
        let terminal = Terminal(color: options.color)
        // A batch reads for long: its index is copied, so that a file rewritten in place meanwhile
        // changes nothing it answers.
        // --plain shows no snippet: the chapter texts are not opened.
        let session = try openSession(context, withTexts: form != .plain, copied: batch)
        // The outline (§ numbers, chapters) is read only for the view and JSON: --plain needs
        // nothing of it.
        let outline = form != .plain && options.index == nil ? BuiltInIndex.outline : nil
        /// `result` in the chosen form; the view reads the texts through `session`, the one
        /// that answered (in a batch, each worker's own).
        func render(_ result: SearchSession.Result, session: SearchSession) -> Bytes {
            switch form {
            case .json: JSONWriter.encode(result, session: session, outline: outline) + [0x0A]
            case .plain: plain(result, namingQuery: batch)
            case .view:
                Bytes(
                    ResultsView(
                        marks: Marks(on: terminal.color), width: terminal.width, outline: outline, session: session,
                        pageCommand: { pageCommand(arguments, page: $0, query: $1) },
                        showCommand: { showCommand(arguments, id: $0) }, namesQuery: batch
                    ).render(result).utf8)
            }
        }

        // A word the index does not know: the dictionary's correction and the rule that
        // decides it, when a dictionary is installed (without one, the index's own).
        let advisers = QueryAdvisers(rules: options.index == nil)
        if batch {
            // --plain keeps its lines to results: what was meant goes to standard error,
            // with the query it is for.
            let note: (SearchSession.Result) -> String? = { result in
                guard form == .plain, let line = ResultsView.suggestionLine(result) else { return nil }
                return Suggester.tidied(String(decoding: result.query, as: UTF8.self)) + ": " + line
            }
            return try answerBatch(
                context, session: session, limit: limit, page: page, separated: form == .view,
                snippetCount: form == .plain ? 0 : nil, countsJumps: form != .plain, advisers: advisers, render: render, note: note)
        }

        // The operands joined by spaces, as bytes: `joined(separator:)` on strings costs a
        // one-query run a runtime type lookup.
        var query = Bytes()
        for (k, operand) in arguments.operands.enumerated() { query += (k > 0 ? [0x20] : []) + Bytes(operand.utf8) }
        if let problem = tooLarge(query, line: nil) { throw problem }
        var result = session.search(query, limit: limit, page: page, snippetCount: form == .plain ? 0 : nil)
        try checkIndex(session)
        advisers.advise(&result, session: session)
        let output = render(result, session: session)
        if form == .view {
            Pager.show(output, terminal: terminal, allowed: !options.noPager, out: context.out)
        } else {
            context.out.write(output)
            context.out.flush()
        }
        // --plain keeps its lines to results: what was meant goes to standard error, where a
        // person running it sees it and `cut` or `fzf` does not.
        if form == .plain, let line = ResultsView.suggestionLine(result) {
            StandardError.write(line)
        }
        // Done: the process ends here rather than first taking apart the index, the
        // compiled patterns and the finder's tables, which would cost a one-query run
        // about a tenth of its time. A page past the end found nothing to show.
        // The rule a number names counts as found (a jump with no ranked result: an index of
        // one's own whose texts do not cite its ids).
        // (--plain prints no jump: there, only ranked results count.)
        exit(result.hits.isEmpty && (result.jump == nil || form == .plain) ? 1 : 0)
    }

    /// `--batch`: queries read and answered in blocks, every core taking a share; answers
    /// are written in the order of the questions, and written out whenever the batch would
    /// wait for input. A query too large ends the batch, after
    /// the answers to the lines before it.
    /// `snippetCount`: how many results get a snippet (`--plain` shows none, so makes none);
    /// `countsJumps`: whether a rule the query names counts as found (not in `--plain`,
    /// which does not show it).
    private static func answerBatch(
        _ context: Context, session: SearchSession, limit: Int?, page: Int, separated: Bool,
        snippetCount: Int?, countsJumps: Bool, advisers: QueryAdvisers,
        render: (SearchSession.Result, SearchSession) -> Bytes,
        note: (SearchSession.Result) -> String?
    ) throws -> Int32 {
        let reader = LineReader(fileDescriptor: 0, longestLine: longestQuery)
        var foundAny = false
        var first = true
        var sessions = [session]
        var finished = false
        var tooLarge: Failure?
        let engine = try context.engine()
        while !finished {
            var block: [Bytes] = []
            // Up to 1,024 lines, fewer when no more has come yet: those are answered (and
            // written out) before the batch waits for more.
            var stalled = false
            while block.count < 1024 {
                if !block.isEmpty, !reader.hasLineReady {
                    stalled = true
                    break
                }
                let line: Bytes?
                do {
                    line = try reader.next()
                } catch let error as LineReader.LineTooLong {
                    tooLarge = .batchLineTooLong(line: error.line, limit: error.limit)
                    line = nil
                }
                guard var query = line else {
                    finished = true
                    break
                }
                if query.last == 0x0D { query.removeLast() }
                if let problem = Self.tooLarge(query, line: reader.lineNumber) {
                    tooLarge = problem
                    finished = true
                    break
                }
                block.append(query)
            }
            if block.isEmpty { break }
            // Each worker renders with the session that answered (the text as written reads it).
            let answers = SearchSession.searchAll(
                block, index: session.index, texts: session.texts, engine: engine,
                limit: limit, page: page, snippetCount: snippetCount, sessions: &sessions
            ) { result, session in
                var result = result
                advisers.advise(&result, session: session)
                return (
                    shown: !result.hits.isEmpty || (result.jump != nil && countsJumps), output: render(result, session), note: note(result)
                )
            }
            try checkIndex(session)
            for (_, answer) in answers {
                if answer.shown { foundAny = true }
                if separated, !first { context.out.write([0x0A]) }
                context.out.write(answer.output)
                if let note = answer.note {
                    // After the results before it, so that a terminal shows both in order.
                    context.out.flush()
                    StandardError.write(note)
                }
                first = false
            }
            if stalled { context.out.flush() }
        }
        context.out.flush()
        if let tooLarge { throw tooLarge }
        exit(foundAny ? 0 : 1)   // as above: no taking apart before the end
    }

    /// `--plain`: `id<TAB>weight<TAB>title` a result, for `cut`, `awk` and `fzf`. In a batch
    /// (`namingQuery`), each line begins with the query and a tab, and a query that found
    /// nothing has a line of its own with the other fields empty, so that every answer can
    /// be told from the next.
    static func plain(_ result: SearchSession.Result, namingQuery: Bool = false) -> Bytes {
        var out = Bytes()
        let query = namingQuery ? PlainField.clean(result.query) + [0x09] : []
        if namingQuery, result.hits.isEmpty { return query + [0x09, 0x09, 0x0A] }
        for hit in result.hits {
            out += query
            out += PlainField.clean(hit.id)
            out.append(0x09)
            out += Bytes(hit.weight.description.utf8)
            out.append(0x09)
            out += PlainField.clean(hit.title.stringValue)
            out.append(0x0A)
        }
        return out
    }

    /// The command line that shows page `page` of the same answer.
    static func pageCommand(_ arguments: Arguments, page: Int, query: Bytes) -> String {
        var words = ["rules", "search"]
        // What chose the results and their pages; not the output's form.
        let options = arguments.options
        for (name, value) in [
            ("index", options.index), ("corpus", options.corpus), ("limit", options.limit.map(String.init)),
            ("engine", options.engine),
        ] {
            if let value { words += ["--\(name)", ShellQuote.quote(value)] }
        }
        // Control characters are spaces, as the search itself takes them (Finder::filter_input).
        let text = HarmlessText.line(String(decoding: query, as: UTF8.self))
        words += ["--page", String(page)] + (text.hasPrefix("-") ? ["--"] : []) + [ShellQuote.quote(text)]
        return commandLine(words)
    }

    /// `words` joined by spaces. Not joined(separator:): its generic requirements are looked
    /// up on first use, a quarter of a million instructions of a one-query run.
    private static func commandLine(_ words: [String]) -> String {
        var command = ""
        for word in words { command += command.isEmpty ? word : " " + word }
        return command
    }

    /// The command line that opens result `id`: `rules show 329`, with the index (and the
    /// corpus its texts come from) of one's own.
    static func showCommand(_ arguments: Arguments, id: String) -> String {
        var words = ["rules", "show"]
        let options = arguments.options
        for (name, value) in [("index", options.index), ("corpus", options.corpus)] {
            if let value { words += ["--\(name)", ShellQuote.quote(value)] }
        }
        words += (id.hasPrefix("-") ? ["--"] : []) + [ShellQuote.quote(id)]
        return commandLine(words)
    }

    /// The longest query answered, in bytes (an argument or a `--batch` line). A search
    /// costs about its length times a chapter's words; nobody types more than this, and
    /// a longer one is most likely a file given to the wrong command.
    static let longestQuery = 1 << 22

    /// The most words a query may have (runs of characters between spaces): every word
    /// is looked up and compared with the one before it, so time grows with their number
    /// (20,000 words, 1.4 s on the built-in rules).
    static let mostQueryWords = 10_000

    /// What makes `query` too large to answer, or `nil`; `line` is its line in a batch.
    static func tooLarge(_ query: Bytes, line: Int?) -> Failure? {
        if query.count > longestQuery { return .queryTooLong(bytes: query.count, limit: longestQuery, line: line) }
        var words = 0
        var inWord = false
        for byte in query {
            let space = byte == 0x20 || byte == 0x09
            if !space && !inWord { words += 1 }
            inWord = !space
        }
        return words > mostQueryWords ? .queryTooManyWords(words: words, limit: mostQueryWords, line: line) : nil
    }

    /// An answer from an index whose binary form is damaged and whose S2 file cannot be
    /// read is not given: an error instead. Damaged chapter texts are said, once: the
    /// answers stand, without the snippets of those chapters.
    static func checkIndex(_ session: SearchSession) throws {
        if let failure = session.index.failure { throw Failure.said(failure) }
        if !toldOfDamagedTexts, let damaged = session.texts?.damage {
            toldOfDamagedTexts = true
            warn(
                .damagedTexts(
                    file: ChapterTexts.fileName,
                    chapters: damaged.prefix(3).map { String(decoding: $0.bytes, as: UTF8.self) },
                    more: damaged.count > 3))
        }
    }

    // Safe: read and written by the main thread alone (after each block of a batch).
    nonisolated(unsafe) private static var toldOfDamagedTexts = false

    /// The index of `--index`, or the built-in one; without `withTexts`, with no texts for
    /// snippets; `copied`: its files read into memory at once rather than mapped
    /// (``IndexLocation/open(_:corpus:withTexts:copied:warning:)``).
    static func openSession(_ context: Context, withTexts: Bool = true, copied: Bool = false) throws -> SearchSession {
        let engine = try context.engine()
        guard let path = context.arguments.options.index else {
            do {
                let session = SearchSession(
                    index: try BuiltInIndex.index(), texts: withTexts ? try BuiltInIndex.texts() : nil, engine: engine)
                session.vocabulary = Vocabulary.once { try? BuiltInIndex.vocabulary() }
                session.lookupVocabulary = Vocabulary.once { BuiltInIndex.vocabularyForLookup() }
                return session
            } catch {
                throw Failure.builtInUnreadable("\(error)")
            }
        }
        let (index, texts) = try IndexLocation.open(
            path, corpus: context.arguments.options.corpus, withTexts: withTexts,
            copied: copied, warning: { warn(.said($0)) })
        let session = SearchSession(index: index, texts: texts, engine: engine)
        session.vocabulary = vocabulary(path, copied: copied, warning: { warn(.said($0)) })
        session.lookupVocabulary = Vocabulary.once { IndexLocation.vocabularyForLookup(path, copied: copied) }
        return session
    }

    /// The vocabulary of the index folder at `path`, read when a query first needs it
    /// (`copied`: into memory, so that no rewrite in place reaches it). Suggestions only
    /// help: a damaged vocabulary is said (`warning`, where the answers show) and left out,
    /// not an error.
    static func vocabulary(_ path: String, copied: Bool, warning: @escaping (Localized) -> Void) -> () -> Vocabulary? {
        Vocabulary.once {
            do {
                return try IndexLocation.vocabulary(path, copied: copied)
            } catch {
                warning(
                    Localized(describing: error)
                        + Localized(
                            "; no suggestions for misspelled words until the index is built again",
                            ru: "; исправлений для слов с ошибками не будет, пока индекс не построят заново"))
                return nil
            }
        }
    }
}
