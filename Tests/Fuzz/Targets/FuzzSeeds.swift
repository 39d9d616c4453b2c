import Foundation
import RulesRegex
import RulesSearch

extension FuzzTarget {
    /// The test data beside the search tests, made by the PHP original from the reference
    /// data (`Tests/RulesSearchTests/Fixtures`).
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("RulesSearchTests/Fixtures")

    /// Where the inputs that once failed this target are kept, one file each.
    public var regressions: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Regressions").appendingPathComponent(rawValue)
    }

    /// The inputs a fuzz run starts from: the files of the fuzz fixture as `rules index build`
    /// writes them, the S2 files and corpora of the small fixtures, and the questions of the
    /// test sets.
    public var seeds: [Bytes] {
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
            return [FuzzFixtures.textsBytes, ChapterTexts.encode(FuzzFixtures.corpus)]
        case .corpusReader:
            let whole = (try? Data(contentsOf: FuzzFixtures.corpusURL)).map(Bytes.init) ?? []
            return [whole] + whole.split(separator: 0x0A).map(Array.init) + small.compactMap { fixture("\($0)/corpus.jsonl") }
        case .queryPCRE2, .queryFoundation:
            return ["man-ru-mini", "adversarial", "extreme-positions", "backtracking"]
                .compactMap { fixture("\($0)/queries.txt") }
                .flatMap { $0.split(separator: 0x0A).map(Array.init) }
        }
    }
}
