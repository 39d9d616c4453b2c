import RulesRegex

/// Runs the whole pipeline with two regex engines side by side and compares every
/// intermediate result: the stem of every word of the corpus, the index built from it
/// (byte for byte), the words each query filters to, the ranked results with weights, and
/// the snippets of the first ten results with `rel` and `start_text`.
///
/// The first difference stops the run; the query (or word) is reduced to the smallest
/// input that still shows it, so that it can be read.
package final class EngineCheck {
    package enum Stage: String, CaseIterable {
        case stems = "stems"
        case index = "index"
        case queryWords = "query words"
        case results = "results"
        case snippets = "snippets"
        /// The snippet pattern with words that backtrack (``FuzzPattern``), and every pattern
        /// of the reference on long words and unbalanced delimiters (``HostileSubject``), on
        /// their own.
        case patterns = "patterns"

        /// What a difference at this stage was found on, as the reports name its input.
        package var inputName: String {
            switch self {
            case .stems: return "word"
            case .index: return "chapter"
            case .patterns: return "case"
            case .queryWords, .results, .snippets: return "query"
            }
        }
    }

    package struct Difference {
        package var stage: Stage
        /// The word, chapter or query where the engines part (reduced when it could be).
        package var input: Bytes
        package var left: String
        package var right: String

        /// Public for reports made by hand (the JUnit report's tests).
        package init(stage: Stage, input: Bytes, left: String, right: String) {
            self.stage = stage
            self.input = input
            self.left = left
            self.right = right
        }
    }

    package struct Report {
        /// Cases compared at each stage, in stage order.
        package var counts: [Stage: Int] = [:]
        package var difference: Difference?
        /// Queries on which the engines part where one of them stopped at its match limit:
        /// the one place they may differ (the README's limits), named rather than failed.
        package var atMatchLimit: [Difference] = []

        package init(counts: [Stage: Int] = [:], difference: Difference? = nil, atMatchLimit: [Difference] = []) {
            self.counts = counts
            self.difference = difference
            self.atMatchLimit = atMatchLimit
        }
    }

    private let left: Side
    private let right: Side
    private let corpus: Corpus?
    private let index: (any IndexReading)?
    private let texts: ChapterTexts?

    /// What one engine runs.
    private final class Side {
        let engine: any RegexEngine
        let preg: Preg
        let stemmer: Stemmer
        let filter: QueryFilter
        var session: SearchSession?

        init(_ engine: any RegexEngine) {
            self.engine = engine
            preg = Preg(engine: engine)
            stemmer = Stemmer(preg: preg)
            filter = QueryFilter(preg: preg)
        }
    }

    /// Compares `leftEngine` and `rightEngine` on `corpus` (stems and index stages) and on
    /// `index` with its `texts` (query stages). With a corpus and no index, the index
    /// built from the corpus is searched.
    package init(
        left leftEngine: any RegexEngine, right rightEngine: any RegexEngine,
        corpus: Corpus?, index: (any IndexReading)?, texts: ChapterTexts?
    ) {
        left = Side(leftEngine)
        right = Side(rightEngine)
        self.corpus = corpus
        self.index = index
        self.texts = texts ?? corpus.map { ChapterTexts(corpus: $0) }
    }

    /// Runs every stage. `progress` hears the stage about to run.
    package func run(
        queries: some Sequence<Bytes>, patterns: some Sequence<FuzzPattern.Case> = [FuzzPattern.Case](),
        progress: (Stage) -> Void = { _ in }
    ) -> Report {
        var report = Report()
        var searchIndex = index
        if let corpus {
            progress(.stems)
            if let d = compareStems(corpus, &report) {
                report.difference = d
                return report
            }
            progress(.index)
            let (difference, built) = compareIndexes(corpus, &report)
            if let difference {
                report.difference = difference
                return report
            }
            if searchIndex == nil { searchIndex = built }
        }
        if let searchIndex {
            left.session = SearchSession(index: searchIndex, texts: texts, preg: left.preg, usesStoredPreparation: false)
            right.session = SearchSession(index: searchIndex, texts: texts, preg: right.preg, usesStoredPreparation: false)
            progress(.queryWords)
            for query in queries {
                guard let parting = compareQuery(query, &report) else { continue }
                if parting.atMatchLimit {
                    report.atMatchLimit.append(Difference(stage: parting.stage, input: query, left: parting.left, right: parting.right))
                    continue
                }
                let reduced = reduce(query, stage: parting.stage)
                let shown = compareQuery(reduced, nil) ?? parting
                report.difference = Difference(stage: parting.stage, input: reduced, left: shown.left, right: shown.right)
                return report
            }
        }
        report.difference = comparePatterns(patterns, &report, progress: progress)
        return report
    }

    /// The snippet pattern of each case on its subject; a difference where neither engine
    /// reached its match limit.
    private func comparePatterns(
        _ patterns: some Sequence<FuzzPattern.Case>, _ report: inout Report,
        progress: (Stage) -> Void
    ) -> Difference? {
        for item in patterns {
            if report.counts[.patterns] == nil { progress(.patterns) }
            let before = limitsReached
            report.counts[.patterns, default: 0] += 1
            let pattern = item.pattern
            var l = Self.describe(left.preg.matchAllOffsets(pattern, item.subject), left.preg.lastError)
            var r = Self.describe(right.preg.matchAllOffsets(pattern, item.subject), right.preg.lastError)
            if let replacement = item.replacement {
                // The reference's own replacement too: preg_replace runs another loop.
                l += " " + Self.describe(left.preg.replace(pattern, replacement, item.subject), left.preg.lastError)
                r += " " + Self.describe(right.preg.replace(pattern, replacement, item.subject), right.preg.lastError)
            }
            guard l != r else { continue }
            let difference = Difference(stage: .patterns, input: pattern + Bytes(php: " on ") + item.subject, left: l, right: r)
            if limitsReached != before {
                report.atMatchLimit.append(difference)
                continue
            }
            return difference
        }
        return nil
    }

    /// What a replacement gave, or the failure.
    private static func describe(_ replaced: Bytes?, _ error: RegexError?) -> String {
        guard let replaced else { return "no answer (\(error.map(String.init(describing:)) ?? "no pattern"))" }
        return "→ \(replaced.count) bytes, sum \(Fingerprint.hash(pieces: [replaced]))"
    }

    /// The matches' places, or the failure.
    private static func describe(_ found: Preg.AllMatches?, _ error: RegexError?) -> String {
        guard let found else { return "no answer (\(error.map(String.init(describing:)) ?? "no pattern"))" }
        return "[" + found.matches.compactMap { $0.range(0).map { "\($0.lowerBound)..<\($0.upperBound)" } }.joined(separator: ", ") + "]"
    }

    // MARK: Stages

    private func compareStems(_ corpus: Corpus, _ report: inout Report) -> Difference? {
        let toText = HTMLToText(preg: left.preg)
        var seen = Set<ByteKey>()
        var count = 0
        for chapter in corpus.chapters.values {
            let text =
                toText.convert(chapter.title.stringValue) + [0x20] + chapter.keywords.stringValue
                + [0x20] + toText.convert(chapter.html)
            for word in Indexer.words(text) where seen.insert(ByteKey(word)).inserted {
                count += 1
                let l = left.stemmer.stem(word)
                let r = right.stemmer.stem(word)
                if l != r {
                    report.counts[.stems] = count
                    return Difference(stage: .stems, input: word, left: EngineComparison.show(l), right: EngineComparison.show(r))
                }
            }
        }
        report.counts[.stems] = count
        return nil
    }

    private func compareIndexes(_ corpus: Corpus, _ report: inout Report) -> (Difference?, SearchIndex) {
        let l = Indexer.build(corpus, preg: left.preg)
        let r = Indexer.build(corpus, preg: right.preg)
        report.counts[.index] = 1
        let lb = S2IndexFile.encode(l)
        let rb = S2IndexFile.encode(r)
        guard lb != rb else { return (nil, l) }
        // Narrow it down to the first chapter whose own index differs.
        for chapter in corpus.chapters.values {
            var single = Corpus()
            single.chapters[chapter.key] = chapter
            let a = S2IndexFile.encode(Indexer.build(single, preg: left.preg))
            let b = S2IndexFile.encode(Indexer.build(single, preg: right.preg))
            if a != b {
                return (Difference(stage: .index, input: chapter.key.bytes, left: Self.around(a, b), right: Self.around(b, a)), l)
            }
        }
        return (Difference(stage: .index, input: Bytes(php: "(whole corpus)"), left: Self.around(lb, rb), right: Self.around(rb, lb)), l)
    }

    /// The bytes around the first place `a` differs from `b`.
    private static func around(_ a: Bytes, _ b: Bytes) -> String {
        var i = 0
        while i < a.count, i < b.count, a[i] == b[i] { i += 1 }
        let start = max(0, i - 40)
        return "at byte \(i): " + EngineComparison.show(Array(a[start..<min(a.count, i + 80)]))
    }

    /// Where the engines part on a query: the stage, both outputs, and whether either
    /// engine stopped at its match limit in the work of that stage alone (the filter, the
    /// ranking, or that one hit's snippet), the only case excused.
    private struct Parting {
        var stage: Stage
        var left: String
        var right: String
        var atMatchLimit: Bool
    }

    /// Both engines' count of calls stopped at the match limit.
    private var limitsReached: [Int] { [left.preg.matchLimitsReached, right.preg.matchLimitsReached] }

    /// The first stage at which the engines part on `query`, with both outputs.
    private func compareQuery(_ query: Bytes, _ report: UnsafeMutablePointer<Report>?) -> Parting? {
        func count(_ stage: Stage) { report?.pointee.counts[stage, default: 0] += 1 }
        var before = limitsReached
        /// Whether a limit was reached since the last call.
        func reachedLimit() -> Bool {
            let now = limitsReached
            defer { before = now }
            return now != before
        }
        let lw = left.filter.words(query)
        let rw = right.filter.words(query)
        count(.queryWords)
        if lw != rw { return Parting(stage: .queryWords, left: describe(lw), right: describe(rw), atMatchLimit: reachedLimit()) }
        guard let ls = left.session, let rs = right.session else { return nil }
        _ = reachedLimit()
        let lr = ls.search(query, limit: nil, page: 1, snippetCount: 0)
        let rr = rs.search(query, limit: nil, page: 1, snippetCount: 0)
        count(.results)
        let lranked = lr.hits.map { "\(EngineComparison.show($0.id)):\($0.weight)" }
        let rranked = rr.hits.map { "\(EngineComparison.show($0.id)):\($0.weight)" }
        if lranked != rranked {
            return Parting(
                stage: .results, left: lranked.prefix(12).joined(separator: " "),
                right: rranked.prefix(12).joined(separator: " "), atMatchLimit: reachedLimit())
        }
        // Each of the first ten hits' snippets on its own, as `search` makes them a page at
        // a time, so that a limit reached for one hit excuses that hit alone, and the
        // others are still compared.
        var excused: Parting?
        for hit in lr.hits.prefix(10) {
            count(.snippets)
            _ = reachedLimit()
            let chapter = ByteKey(hit.id)
            let a = ls.snippet(chapter)
            let b = rs.snippet(chapter)
            guard a != b else { continue }
            let parting = Parting(stage: .snippets, left: describe(hit.id, a), right: describe(hit.id, b), atMatchLimit: reachedLimit())
            if !parting.atMatchLimit { return parting }
            excused = excused ?? parting
        }
        return excused
    }

    private func compareQuery(_ query: Bytes, _ report: inout Report) -> Parting? {
        withUnsafeMutablePointer(to: &report) { compareQuery(query, $0) }
    }

    private func describe(_ words: [Bytes]) -> String {
        "[" + words.map(EngineComparison.show).joined(separator: ", ") + "]"
    }

    private func describe(_ id: Bytes, _ snippet: Finder.Snippet?) -> String {
        "\(EngineComparison.show(id)): snippet \(snippet.map { EngineComparison.show($0.html) } ?? "null"), rel \(snippet.map { "\($0.rel)" } ?? "null"), start_text \(snippet.map { EngineComparison.show($0.startText) } ?? "null")"
    }

    // MARK: Reduction

    /// The smallest query found that still differs at `stage`: whole words dropped first,
    /// then single characters (bytes where the text is not UTF-8), while the difference
    /// stays.
    private func reduce(_ query: Bytes, stage: Stage) -> Bytes {
        func stillDiffers(_ q: Bytes) -> Bool { compareQuery(q, nil).map { $0.stage == stage && !$0.atMatchLimit } ?? false }
        var current = query
        var changed = true
        var budget = 2_000
        while changed, budget > 0 {
            changed = false
            let words = current.split(separator: 0x20, omittingEmptySubsequences: false).map(Array.init)
            if words.count > 1 {
                for i in words.indices {
                    budget -= 1
                    var fewer = words
                    fewer.remove(at: i)
                    let candidate = Array(fewer.joined(separator: [0x20]))
                    if stillDiffers(candidate) {
                        current = candidate
                        changed = true
                        break
                    }
                }
                if changed { continue }
            }
            var i = 0
            while i < current.count, budget > 0 {
                budget -= 1
                var length = max(1, UTF8Bytes.sequenceLength(lead: current[i]))
                if i + length > current.count || !UTF8Bytes.isValid(Array(current[i..<(i + length)])) { length = 1 }
                var candidate = current
                candidate.removeSubrange(i..<(i + length))
                if stillDiffers(candidate) {
                    current = candidate
                    changed = true
                } else {
                    i += length
                }
            }
        }
        return current
    }
}
