import Foundation
import RulesFuzzTargets
import RulesRegex
import RulesSearch
import XCTest

/// Every input a fuzz run ever found (kept in `Tests/Fuzz/Regressions/TARGET`), and every
/// seed, through the same target bodies libFuzzer runs (`Tests/Fuzz/run`): a trap, a
/// failed agreement or a hang fails the suite. The targets themselves check that the
/// forms of an index answer alike (``FuzzTarget/corpusReader``).
final class FuzzRegressionTests: XCTestCase {
    func testEveryKeptInputAndSeed() throws {
        var ran: [String: Int] = [:]
        for target in FuzzTarget.allCases {
            let kept = (try? FileManager.default.contentsOfDirectory(at: target.regressions, includingPropertiesForKeys: nil)) ?? []
            let inputs = try kept.sorted { $0.path < $1.path }.map { Bytes(try Data(contentsOf: $0)) } + target.seeds
            for input in inputs {
                let started = Date()
                target.run(input)
                XCTAssertLessThan(Date().timeIntervalSince(started), 10, "\(target.rawValue): one input took more than the fuzz timeout")
            }
            ran[target.rawValue] = inputs.count
        }
        // The seeds were all found (a missing fixture would leave a target with none).
        XCTAssertEqual(ran.filter { $0.value < 2 }, [:], "\(ran)")
        // Every seed of a file target gets past its reader, so that no target returns early
        // on all of them.
        for seed in FuzzTarget.s2Reader.seeds { XCTAssertNoThrow(try S2IndexFile.decode(seed)) }
        for seed in FuzzTarget.binaryIndex.seeds { XCTAssertNoThrow(try BinaryIndex(checking: seed)) }
        for seed in FuzzTarget.textsFile.seeds { XCTAssertNoThrow(try ChapterTexts(checking: seed)) }
        for seed in FuzzTarget.corpusReader.seeds { XCTAssertNoThrow(try Corpus.parse(seed)) }
        // The texts seed without checksums is a texts file, and one that stores word starts.
        let unchecked = try ChapterTexts(checking: FuzzTarget.textsFile.seeds[2])
        XCTAssertTrue(unchecked.storesWordStarts)
        XCTAssertNotNil(unchecked.corpusFingerprint)
    }

    /// Sealing a damaged binary form makes its sums match, so that the reader goes past
    /// them: a title changed in the table of contents is damage as it is (its record's sum
    /// fails when read) and read once sealed, and the intact form seals to itself.
    func testSealedBinaryFormPassesItsChecksums() throws {
        let intact = FuzzTarget.binaryIndex.seeds[0]
        XCTAssertEqual(BinaryIndexSeal.sealed(intact), intact)
        // The table of contents is the sixth section.
        let entry = BinaryIndex.sectionTableOffset + 24 * 5
        let offset = intact[entry..<(entry + 8)].reversed().reduce(0) { $0 << 8 | Int($1) }
        let title = Bytes(php: "apropos(1)")
        let at = try XCTUnwrap((offset..<(intact.count - title.count)).first { Array(intact[$0..<($0 + title.count)]) == title })
        var damaged = intact
        damaged[at] = UInt8(ascii: "b")
        let unsealed = try BinaryIndex(checking: damaged)
        unsealed.forEachEntry { name, _ in XCTFail("a damaged record read: \(name.bytes.text)") }
        XCTAssertNotNil(unsealed.damage)
        let sealed = try BinaryIndex(checking: BinaryIndexSeal.sealed(damaged))
        var titles: [Bytes] = []
        sealed.forEachEntry { _, entry in titles.append(entry.field("title")?.stringValue ?? []) }
        XCTAssertTrue(titles.contains { $0.starts(with: Bytes(php: "bpropos(1)")) }, "\(titles.map(\.text))")
        XCTAssertNil(sealed.damage)
        // A chapter's name changed: its id finds the new name once sealed (the id's sum is
        // made again), and nothing once not.
        var names: [(ByteKey, Int)] = []
        sealed.forEachEntry { names.append(($0, $1.id)) }
        let (name, id) = try XCTUnwrap(names.first { !$0.0.bytes.isEmpty })
        let nameAt = try XCTUnwrap(
            (offset..<(intact.count - name.bytes.count)).first { Array(intact[$0..<($0 + name.bytes.count)]) == name.bytes })
        var renamed = intact
        renamed[nameAt] ^= 0x01
        let unsealedName = try BinaryIndex(checking: renamed)
        XCTAssertNil(unsealedName.chapterName(id: id))
        XCTAssertNotNil(unsealedName.damage)
        let sealedName = try BinaryIndex(checking: BinaryIndexSeal.sealed(renamed))
        XCTAssertEqual(sealedName.chapterName(id: id)?.bytes, Array(renamed[nameAt..<(nameAt + name.bytes.count)]))
        XCTAssertNil(sealedName.damage)
    }
}
