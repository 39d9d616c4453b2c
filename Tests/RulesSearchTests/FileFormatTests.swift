import Foundation
import RulesRegex
import XCTest

@testable import RulesSearch

/// The one versioning rule of an index folder's files (``FileFormat``): what each reader
/// reads, and what a file written by another version of rules does to a search.
final class FileFormatTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("rules-formats-\(getpid())-\(name.hashValue)")
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    /// man-ru-mini's index, built into a folder of its own.
    private func built(_ name: String) throws -> URL {
        let corpus = try Corpus.read(TestPaths.fixtures.appendingPathComponent("man-ru-mini/corpus.jsonl"))
        let dir = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try IndexBuild.write(corpus, engine: PCRE2Engine(), to: dir)
        return dir
    }

    /// Writes `signature` over the first eight bytes of `file` in `dir`.
    private func sign(_ file: String, in dir: URL, as signature: String) throws {
        let url = dir.appendingPathComponent(file)
        var bytes = try Data(contentsOf: url)
        bytes.replaceSubrange(0..<8, with: Data(signature.utf8))
        try bytes.write(to: url)
    }

    private func firstBytes(_ file: String, in dir: URL) throws -> String {
        String(decoding: try Data(contentsOf: dir.appendingPathComponent(file)).prefix(8), as: UTF8.self)
    }

    func testEveryFileABuildWritesBeginsWithItsKindAndVersion() throws {
        let dir = try built("current")
        XCTAssertEqual(try firstBytes(BinaryIndex.fileName, in: dir), "RULESIX6")
        XCTAssertEqual(try firstBytes(ChapterTexts.fileName, in: dir), "RULESTX4")
        XCTAssertEqual(try firstBytes(ChapterFingerprints.fileName, in: dir), "RULESCF1")
        XCTAssertEqual(try firstBytes(Vocabulary.fileName, in: dir), "RULESWD3")
    }

    func testEachReaderReadsTheVersionsItListsAndNoOther() {
        let texts = FileFormat.chapterTexts
        for version in ["1", "2", "3", "4"] {
            XCTAssertEqual(texts.recognise(Bytes("RULESTX\(version)".utf8)), .readable(FileFormat.Version(Int(version)!)))
        }
        XCTAssertEqual(texts.recognise(Bytes("RULESTX5".utf8)), .otherVersion)
        XCTAssertEqual(texts.recognise(Bytes("RULESTXA".utf8)), .otherVersion)
        XCTAssertEqual(texts.recognise(Bytes("RULESWD3".utf8)), .otherKind)
        XCTAssertEqual(texts.recognise(Bytes("RULESTX".utf8)), .otherKind, "too short to say")
        XCTAssertEqual(texts.recognise(Bytes()), .otherKind)
        // What 0.2.0 wrote ("RULESIX1", then a version number of its own) is another version.
        XCTAssertEqual(FileFormat.binaryIndex.recognise(Bytes("RULESIX1".utf8) + [5, 0, 0, 0]), .otherVersion)
        XCTAssertEqual(FileFormat.vocabulary.recognise(Bytes("RULESWD2".utf8)), .readable(FileFormat.Version(2)))
        XCTAssertEqual(FileFormat.chapterFingerprints.recognise(Bytes("RULESCF2".utf8)), .otherVersion)
        XCTAssertEqual(FileFormat.Version(10).description, "A")
        XCTAssertEqual(FileFormat.Version(9).description, "9")
    }

    /// A folder whose binary form another version wrote answers from its S2 file, as it
    /// answers when current, and says nothing.
    func testABinaryFormOfAnotherVersionIsSetAsideForTheS2File() throws {
        let current = try built("current")
        let other = try built("other")
        try sign(BinaryIndex.fileName, in: other, as: "RULESIX1")
        XCTAssertNotNil(BinaryIndex.openIfFresh(directory: current))
        XCTAssertNil(BinaryIndex.openIfFresh(directory: other))
        var warnings: [Localized] = []
        let opened = try IndexLocation.open(other.path, warning: { warnings.append($0) })
        XCTAssertTrue(opened.index is SearchIndex, "read from the S2 file: \(type(of: opened.index))")
        XCTAssertEqual(warnings, [])
        for query in ["права доступа", "файл", "процесс", "пароль"] {
            let a = try Searcher(RulesIndex(folder: current.path)).search(query)
            let b = try Searcher(RulesIndex(folder: other.path)).search(query)
            XCTAssertGreaterThan(a.total, 0, query)
            XCTAssertEqual(a.hits.map(\.id), b.hits.map(\.id), query)
            XCTAssertEqual(a.hits.map(\.snippet), b.hits.map(\.snippet), query)
        }
    }

    /// The texts, the words and the fingerprints of another version are said as such, in
    /// both languages, not as damage.
    func testTheOtherFilesOfAnotherVersionAreSaidAsSuch() throws {
        let dir = try built("texts")
        try sign(ChapterTexts.fileName, in: dir, as: "RULESTX5")
        XCTAssertThrowsError(try IndexLocation.open(dir.path)) { error in
            let text = Localized(describing: error)
            XCTAssertTrue(text.en.contains("written by another version of rules"), text.en)
            XCTAssertTrue(text.en.contains("rules index build"), text.en)
            XCTAssertTrue(text.ru.contains("записан другой версией rules"), text.ru)
            XCTAssertEqual(RulesError(error).kind, .damaged)
        }

        let words = try built("words")
        try sign(Vocabulary.fileName, in: words, as: "RULESWD4")
        XCTAssertThrowsError(try Vocabulary.read(in: words)) { error in
            let text = Localized(describing: error)
            XCTAssertEqual(text.en, "rules-words.bin: written by another version of rules")
            XCTAssertEqual(text.ru, "rules-words.bin: записан другой версией rules")
        }

        let chapters = try built("chapters")
        try sign(ChapterFingerprints.fileName, in: chapters, as: "RULESCF2")
        let s2 = try FileBytes.read(chapters.appendingPathComponent(S2IndexFile.fileName).path)
        let read = ChapterFingerprints.read(in: chapters, s2: ChapterFingerprints.S2Content(s2))
        XCTAssertEqual(read, .failure(.damaged(Localized(both: "rules-chapters.bin: ") + FileFormat.otherVersion)))
    }
}
