import Foundation
import RulesRegex
import RulesSearch

extension FuzzTarget {
    /// The test data beside the search tests, made by the PHP original from the reference
    /// data (`Tests/RulesSearchTests/Fixtures`).
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("RulesSearchTests/Fixtures")

    /// Where the inputs that once failed this target are kept, one file each.
    package var regressions: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Regressions").appendingPathComponent(rawValue)
    }

    /// The inputs a fuzz run starts from: the files of the fuzz fixture as `rules index build`
    /// writes them, the S2 files and corpora of the small fixtures, and the questions of the
    /// test sets.
    package var seeds: [Bytes] {
        func fixture(_ path: String) -> Bytes? {
            (try? Data(contentsOf: Self.fixtures.appendingPathComponent(path))).map(Bytes.init)
        }
        let small = ["extreme-positions", "backtracking"]
        switch self {
        case .s2Reader:
            return [S2IndexFile.encode(FuzzFixtures.index)] + small.compactMap { fixture("\($0)/s2_search_index.php") }
        case .binaryIndex:
            var seeds = [FuzzFixtures.binaryBytes(FuzzFixtures.index, fingerprint: FuzzFixtures.corpus.fingerprint)]
            for name in small {
                guard let data = fixture("\(name)/s2_search_index.php"), let index = try? S2IndexFile.decode(data) else { continue }
                seeds.append(FuzzFixtures.binaryBytes(index, fingerprint: 0))
            }
            return seeds
        case .textsFile:
            // The last form without checksums too ("RULESTX3", still read): mutations of it
            // reach the prepared texts, the word starts and the snippets, where a checked
            // file's checksums stop them first.
            return [FuzzFixtures.textsBytes, ChapterTexts.encode(FuzzFixtures.corpus)]
                + [Self.withoutChecksums(FuzzFixtures.textsBytes)].compactMap { $0 }
        case .corpusReader:
            let whole = (try? Data(contentsOf: FuzzFixtures.corpusURL)).map(Bytes.init) ?? []
            return [whole] + whole.split(separator: 0x0A).map(Array.init) + small.compactMap { fixture("\($0)/corpus.jsonl") }
                + Self.hostileChapters
        case .queryPCRE2, .queryFoundation:
            return ["man-ru-mini", "adversarial", "extreme-positions", "backtracking"]
                .compactMap { fixture("\($0)/queries.txt") }
                .flatMap { $0.split(separator: 0x0A).map(Array.init) }
                + Self.hostileTexts.map { Array($0.prefix(4096)) }
        }
    }

    /// Long words and unbalanced delimiters (a hostile-input attack: a long first word was quadratic in
    /// the Foundation engine's stemmer, a line of unclosed « in its snippets).
    static let hostileTexts: [Bytes] = [
        String(repeating: "ба", count: 2000), String(repeating: "ба", count: 1990) + "ость", String(repeating: "ба", count: 1990) + "сть",
        "запятая " + String(repeating: "ос", count: 1500) + "ть", String(repeating: "«а ", count: 600),
        "» " + String(repeating: "«а ", count: 600),
        String(repeating: "(", count: 1000) + "тире", String(repeating: "\"а ", count: 800),
        String(repeating: "<b>", count: 600) + "запятая",
        String(repeating: "&nbsp;", count: 400) + "слово", String(repeating: ", ", count: 1500) + "запятая",
    ].map { Bytes(php: $0) }

    /// Chapters whose text is long words and unbalanced delimiters, with words a query finds.
    static var hostileChapters: [Bytes] {
        hostileTexts.enumerated().map { n, text in
            let html = "<p>Запятая ставится. " + String(decoding: text, as: UTF8.self) + " Запятая и тире.</p>"
            let record: [String: Any] = [
                "id": "h\(n)", "title": "Запятая \(n)", "html": html, "keywords": "запятая", "description": "", "time": 0, "url": "",
            ]
            return (try? JSONSerialization.data(withJSONObject: record)).map(Bytes.init) ?? []
        }
    }

    /// A "RULESTX4" texts file written again as "RULESTX3": the same table without the
    /// two checksums of each chapter and the table's own (see ``ChapterTexts``); `nil` if
    /// `bytes` is not such a file.
    static func withoutChecksums(_ bytes: Bytes) -> Bytes? {
        guard bytes.starts(with: Bytes(php: "RULESTX4")), let count = bytes.uint32(at: 16) else { return nil }
        var out = Bytes(php: "RULESTX3") + bytes[8..<20]   // the fingerprint and the count
        var at = 20
        for _ in 0..<count {
            // Name, html (2 × 8), prepared (2 × 8), flags, word starts (2 × 8); then the two sums.
            guard let length = bytes.uint32(at: at).map(Int.init) else { return nil }
            let kept = 4 + length + 16 + 16 + 1 + 16
            guard at + kept + 16 <= bytes.count else { return nil }
            out += bytes[at..<(at + kept)]
            at += kept + 16
        }
        at += 8   // the table's checksum
        guard at <= bytes.count else { return nil }
        return out + bytes[at...]
    }
}
