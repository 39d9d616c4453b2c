import Foundation
import RulesSearch

/// `rules check-engines [--index DIR | --corpus FILE.jsonl] [--queries FILE] [--fuzz N] [--seed S] [--junit FILE]`:
/// the whole pipeline with pcre2 and with foundation, stage by stage; with `--junit`, the
/// result also as a JUnit XML report for CI.
enum CheckEnginesCommand {
    static func run(_ context: Context) throws -> Int32 {
        let started = Date()
        let arguments = context.arguments
        // `rules check-engines 20000` meant --fuzz: said, not a check of nothing that passes.
        _ = try context.operands(maximum: 0)
        let junit = arguments.options.junit
        // A folder that is not there fails now, not after a run that may be long.
        if let junit {
            let folder = URL(fileURLWithPath: junit).deletingLastPathComponent()
            var isFolder: ObjCBool = false
            if !FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) || !isFolder.boolValue {
                throw Failure.cannotWriteReport(junit, reason: Localized("no folder \(folder.path)", ru: "нет каталога \(folder.path)"))
            }
            if FileManager.default.fileExists(atPath: junit, isDirectory: &isFolder), isFolder.boolValue {
                throw Failure.cannotWriteReport(
                    junit, reason: Localized("it is a folder; give a file name", ru: "это каталог; укажите имя файла"))
            }
            // The report is put in place by rename: a device, FIFO or socket there would be
            // replaced by it (run as root, `--junit /dev/full` replaced the device).
            var info = stat()
            if lstat(junit, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
                throw Failure.cannotWriteReport(
                    junit, reason: Localized("it is not a regular file; give a file name", ru: "это не обычный файл; укажите имя файла"))
            }
        }
        // Each generated query is compared in a few milliseconds: a million is about an hour.
        let fuzz = arguments.options.fuzz ?? 0
        let seed = arguments.options.seed ?? 1
        var corpus: Corpus?
        var index: (any IndexReading)?
        var texts: ChapterTexts?
        var source = "the built-in rules"
        do {
            if let path = arguments.options.index {
                source = path
                (index, texts) = try IndexLocation.open(path, corpus: arguments.options.corpus, warning: { warn(.said($0)) })
                let beside = URL(fileURLWithPath: path).appendingPathComponent("corpus.jsonl")
                if let corpusPath = arguments.options.corpus {
                    corpus = try Corpus.read(URL(fileURLWithPath: corpusPath))
                } else if FileManager.default.fileExists(atPath: beside.path) {
                    corpus = try Corpus.read(beside)
                }
            } else if let path = arguments.options.corpus {
                source = path
                corpus = try Corpus.read(URL(fileURLWithPath: path))
            } else {
                corpus = try BuiltInIndex.corpus()
                index = try BuiltInIndex.index()
                texts = try BuiltInIndex.texts()
            }
        } catch let error as Corpus.Error {
            throw Failure.badCorpus(arguments.options.corpus ?? "corpus", error)
        }

        // A folder made by `rules index build` has no corpus.jsonl: its corpus is what the
        // index and the texts hold, so that the words, the queries and the stems stage come
        // from its own text (they came from one fallback word).
        if corpus == nil, let index, let texts {
            corpus = Corpus(index: index, texts: texts)
        }

        var queries: [Bytes] = []
        if let path = arguments.options.queries {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw Failure.cannotRead(path)
            }
            queries = Bytes(data).split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
            if queries.last == [] { queries.removeLast() }
        }
        let words = fuzz > 0 ? vocabulary(corpus) : []
        let generated = FuzzQuery.generate(count: fuzz, seed: UInt64(seed), vocabulary: words)

        let check = EngineCheck.bothEngines(corpus: corpus, index: index, texts: texts)
        // The snippet pattern with words that backtrack, one case for ten queries.
        let patterns = FuzzPattern.generate(count: fuzz > 0 ? max(fuzz / 10, 20) : 0, seed: UInt64(seed), vocabulary: words)
        // Every pattern of the reference on long words and unbalanced delimiters, a case for
        // a hundred queries (at least two of each pattern).
        let hostile = HostileSubject.generate(count: fuzz > 0 ? max(fuzz / 100, 2 * ReferencePatterns.all.count) : 0, seed: UInt64(seed))
        let report = check.run(
            queries: [AnySequence(queries), AnySequence(generated)].joined(),
            patterns: [AnySequence(patterns), AnySequence(hostile)].joined())
        // Answers from an index that could not be read whole prove nothing.
        if let failure = index?.failure { throw Failure.said(failure) }
        let seconds = Date().timeIntervalSince(started)
        let corpusName = source
        /// Written after the text output, so that a report that cannot be written still
        /// leaves the result shown.
        func writeJUnit() throws {
            guard let junit else { return }
            try Self.write(JUnitReport.xml(report, corpus: corpusName, seconds: seconds), to: junit)
        }
        let counts = EngineCheck.Stage.allCases.compactMap { stage in report.counts[stage].map { "\(stage.rawValue) \($0)" } }
        if let d = report.difference {
            let message = """
                engines differ at stage '\(d.stage.rawValue)' on \(d.stage.inputName) \(EngineComparison.show(d.input)) (\(source))
                  pcre2:      \(d.left)
                  foundation: \(d.right)
                compared before it: \(counts.joined(separator: ", "))

                """
            context.out.write(message)
            context.out.flush()
            try writeJUnit()
            return 1
        }
        context.out.write("engines agree on \(source): \(counts.joined(separator: ", "))\n")
        if !report.atMatchLimit.isEmpty {
            // The one place they may part, named in the README's limits: not a failure.
            let first = report.atMatchLimit[0]
            context.out.write(
                """
                except where a match limit was reached (a limit the README names), in \(report.atMatchLimit.count) \
                case\(report.atMatchLimit.count == 1 ? "" : "s"); the first, \(EngineComparison.show(first.input)), at stage '\(first.stage.rawValue)'
                  pcre2:      \(first.left)
                  foundation: \(first.right)

                """)
        }
        context.out.flush()
        try writeJUnit()
        return 0
    }

    /// `xml` put in place at `path` whole or not at all: a CI job that reads the file never
    /// sees half of one.
    static func write(_ xml: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        do {
            let file = try AtomicFile.Pending(pieces: [Bytes(xml.utf8)], to: url)
            try file.commit()
        } catch IndexFolderError.cannotWrite(_, let code) {
            throw Failure.cannotWriteReport(path, reason: .system(code))
        }
    }

    /// The words of the corpus, for generated queries.
    static func vocabulary(_ corpus: Corpus?) -> [Bytes] {
        var seen = Set<ByteKey>()
        var words: [Bytes] = []
        for chapter in corpus?.chapters.values.map({ $0 }) ?? [] {
            let text = PHPCase.lowercase(StripTags.strip(chapter.title.stringValue + [0x20] + chapter.html))
            for word in text.split(whereSeparator: {
                $0 < 0x30 || ($0 >= 0x3A && $0 <= 0x40) || ($0 >= 0x5B && $0 <= 0x60) || ($0 >= 0x7B && $0 < 0x80)
            })
            where word.count > 1 && seen.insert(ByteKey(Array(word))).inserted {
                words.append(Array(word))
            }
        }
        return words
    }
}
