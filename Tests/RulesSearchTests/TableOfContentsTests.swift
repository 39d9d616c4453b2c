import Foundation
import RulesRegex
import XCTest

@testable import RulesSearch

/// The table of contents of the binary form, read in place: `rules titles` against PHP's
/// `TitleFinder::find` on PHP's own index files (`Tests/Tools/titles-golden.py`), and every
/// lookup of a chapter against the S2 file the binary form was made from.
final class TableOfContentsTests: XCTestCase {
    private struct Golden: Decodable {
        let needle: String
        let chapters: [String]
    }

    /// PHP's S2 file of a fixture, and the binary form made from it.
    private func forms(_ s2File: URL) throws -> (s2: SearchIndex, binary: BinaryIndex) {
        let s2 = try S2IndexFile.read(s2File)
        let bytes = BinaryIndex.encode(sections: BinaryIndex.sections(s2), s2Size: 0, s2ModificationTime: 0, corpusFingerprint: 0)
        return (s2, try BinaryIndex(checking: bytes.flatMap { $0 }))
    }

    private let fixtures = [
        ("adversarial", TestPaths.fixtures.appendingPathComponent("adversarial/s2_search_index.php")),
        ("rules-ru", TestPaths.repository.appendingPathComponent("Fixtures/rules-ru/golden/s2_search_index.php")),
    ]

    func testTitlesAreFoundAsPHPFindsThem() throws {
        for (name, s2File) in fixtures {
            let (s2, binary) = try forms(s2File)
            let lines = try String(contentsOf: TestPaths.fixtures.appendingPathComponent("titles/\(name).jsonl"), encoding: .utf8)
                .split(separator: "\n")
            XCTAssertGreaterThan(lines.count, 400, name)
            var found = 0
            for line in lines {
                let golden = try JSONDecoder().decode(Golden.self, from: Data(line.utf8))
                for index in [s2 as any IndexReading, binary] {
                    let session = SearchSession(index: index, texts: nil, preg: Preg(engine: PCRE2Engine()))
                    let got = session.titles(Bytes(php: golden.needle)).map(\.chapter.bytes.text)
                    XCTAssertEqual(got, golden.chapters, "\(name), \(type(of: index)): «\(golden.needle)»")
                }
                found += golden.chapters.isEmpty ? 0 : 1
            }
            XCTAssertGreaterThan(found, lines.count / 2, name)
            XCTAssertNil(binary.damage, name)
        }
    }

    /// Each chapter by name, by id and in order; names and ids that are not there (below,
    /// between and above the ones that are) are not found, and nothing is taken for damage.
    func testChaptersAreLookedUpAsInTheS2File() throws {
        for (name, s2File) in fixtures {
            let (s2, binary) = try forms(s2File)
            var inOrder: [(ByteKey, SearchIndex.Entry)] = []
            binary.forEachEntry { inOrder.append(($0, $1)) }
            XCTAssertEqual(inOrder.map(\.0), s2.tableOfContents.keys, name)
            XCTAssertEqual(inOrder.map(\.1), s2.tableOfContents.values, name)
            for (chapter, entry) in s2.tableOfContents.entries {
                XCTAssertEqual(binary.entry(chapter), entry, "\(name): \(chapter.bytes.text)")
                XCTAssertEqual(binary.chapterName(id: entry.id), chapter, "\(name): id \(entry.id)")
                XCTAssertNil(binary.entry(ByteKey(chapter.bytes + [0x20])))
            }
            let ids = Set(s2.tableOfContents.values.map(\.id))
            for id in [Int.min, -1, 0, 1, ids.max()! + 1, Int.max] + (ids.min()!...ids.max()!).filter({ !ids.contains($0) }) {
                XCTAssertEqual(binary.chapterName(id: id), s2.chapterName(id: id), "\(name): id \(id)")
            }
            XCTAssertNil(binary.entry(ByteKey([])))
            XCTAssertNil(binary.damage, name)
        }
    }

    /// Two chapters with one id (PHP's files never have them, a hand-edited one may): the
    /// later one is the id's, as `Finder::__construct` fills `$this->chapters`.
    func testTheLaterChapterOfAnIdGivenTwiceIsTheIds() throws {
        var s2 = try S2IndexFile.read(fixtures[0].1)
        let keys = s2.tableOfContents.keys
        s2.tableOfContents[keys[7]]!.id = s2.tableOfContents[keys[3]]!.id
        let id = s2.tableOfContents[keys[3]]!.id
        let bytes = BinaryIndex.encode(sections: BinaryIndex.sections(s2), s2Size: 0, s2ModificationTime: 0, corpusFingerprint: 0)
        let binary = try BinaryIndex(checking: bytes.flatMap { $0 })
        XCTAssertEqual(s2.chapterName(id: id), keys[7])
        XCTAssertEqual(binary.chapterName(id: id), keys[7])
        XCTAssertNil(binary.damage)
        // The id's entry pointed at the earlier chapter's record, which has the id too: the
        // name does not match the entry's sum, and the damage is said.
        var damaged = bytes.flatMap { $0 }
        func uint(_ at: Int, _ size: Int) -> Int { damaged[at..<(at + size)].reversed().reduce(0) { $0 << 8 | Int($1) } }
        let lookups = uint(BinaryIndex.sectionTableOffset + 24 * 6, 8)
        let count = keys.count
        let earlier = uint(lookups + 4 + 4 * 3, 4)
        let ids = lookups + 8 + 4 * count
        let entry = try XCTUnwrap((0..<uint(lookups + 4 + 4 * count, 4)).first { uint(ids + 16 * $0, 8) == id })
        for k in 0..<4 { damaged[ids + 16 * entry + 8 + k] = UInt8(truncatingIfNeeded: earlier >> (8 * k)) }
        let misled = try BinaryIndex(checking: damaged)
        XCTAssertNil(misled.chapterName(id: id))
        XCTAssertNotNil(misled.damage)
    }

    /// A damaged titles section or table of the chapters' order is said, and the answer
    /// comes from the S2 file (`CheckedIndex`), the same as before the damage.
    func testDamageToTheChaptersIsSaidAndTheS2FileAnswers() throws {
        let (s2, _) = try forms(fixtures[1].1)
        let intact = BinaryIndex.encode(sections: BinaryIndex.sections(s2), s2Size: 0, s2ModificationTime: 0, corpusFingerprint: 0)
            .flatMap { $0 }
        func section(_ n: Int) -> Range<Int> {
            let at = BinaryIndex.sectionTableOffset + 24 * n
            let offset = intact[at..<(at + 8)].reversed().reduce(0) { $0 << 8 | Int($1) }
            let length = intact[(at + 8)..<(at + 16)].reversed().reduce(0) { $0 << 8 | Int($1) }
            return offset..<(offset + length)
        }
        let want = SearchSession(index: s2, texts: nil, preg: Preg(engine: PCRE2Engine())).titles(Bytes(php: "запят")).map(\.chapter)
        XCTAssertGreaterThan(want.count, 5)
        // A byte of the titles, a chapter's place in the order, an id of the table of ids.
        let chapters = s2.tableOfContents.count
        for (what, at) in [
            ("title", section(7).lowerBound + 4 + 4 * chapters + 100), ("order", section(6).lowerBound + 4 + 4 * 10),
            ("id", section(6).upperBound - 16 * 5),
        ] {
            var damaged = intact
            damaged[at] ^= 0x01
            let binary = try BinaryIndex(checking: damaged)
            var warnings: [String] = []
            let checked = CheckedIndex(binary: binary, readS2: { s2 }, warn: { warnings.append($0.en) })
            let session = SearchSession(index: checked, texts: nil, preg: Preg(engine: PCRE2Engine()))
            var got = session.titles(Bytes(php: "запят")).map(\.chapter)
            var all: [ByteKey] = []
            checked.forEachEntry { name, _ in all.append(name) }
            for id in s2.tableOfContents.values.map(\.id) { _ = checked.chapterName(id: id) }
            got += all
            XCTAssertEqual(got, want + s2.tableOfContents.keys, what)
            XCTAssertEqual(warnings.count, 1, "\(what): \(warnings)")
        }
    }
}
