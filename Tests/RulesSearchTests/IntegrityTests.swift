import Foundation
import RulesRegex
import XCTest

@testable import RulesSearch

/// Damaged index files never give a silent answer. The binary form and the texts file are
/// damaged again and again (a flipped bit in each part of them, a cut, two blocks
/// swapped), and every answer is compared with the intact S2 file's: it is the same, or
/// the damage was said (a warning, a chapter named as damaged, an error). Before their
/// checksums, one flipped bit in the fulltext table turned 46 results into none.
final class IntegrityTests: XCTestCase {
    private struct Answer: Equatable {
        var results: [String]
        var snippets: [String: String?]
        /// `rules titles` for the query's first word cut to three letters, and for "" (every
        /// chapter, in order): the titles section and the table of the chapters' order.
        var titles: [String]
    }

    private func answer(_ session: SearchSession, _ query: String) -> Answer {
        let result = session.search(Bytes(php: query), limit: nil, page: 1, snippetCount: 3)
        var snippets: [String: String?] = [:]
        for hit in result.hits.prefix(3) { snippets[hit.id.text] = hit.snippetHTML.map(\.text) }
        let needle = Bytes(php: String(query.prefix(3)))
        let titles = (session.titles(needle) + session.titles([])).map {
            "\($0.chapter.bytes.text) \($0.entry.field("title")?.stringValue.text ?? "")"
        }
        return Answer(results: result.hits.map { "\($0.id.text) \($0.weight.doubleValue)" }, snippets: snippets, titles: titles)
    }

    /// The twelve manual pages of man-ru-mini built into a folder of their own, removed
    /// when the test ends.
    private func builtFolder(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let corpus = try Corpus.read(TestPaths.fixtures.appendingPathComponent("man-ru-mini/corpus.jsonl"))
        try IndexBuild.write(corpus, engine: PCRE2Engine(), to: dir)
        return dir
    }

    func testDamagedFilesNeverGiveASilentAnswer() throws {
        let dir = try builtFolder("integrity")

        let queries = ["права доступа", "файл", "страницы руководства", "сигнал процесса"]
        // What the intact S2 file (with the intact texts) answers.
        let intactIndex = try S2IndexFile.read(dir.appendingPathComponent(S2IndexFile.fileName))
        let intactTexts = try ChapterTexts(contentsOf: dir.appendingPathComponent(ChapterTexts.fileName))
        let reference = SearchSession(index: intactIndex, texts: intactTexts, preg: Preg(engine: PCRE2Engine()))
        let expected = queries.map { answer(reference, $0) }
        XCTAssertGreaterThan(expected.filter { !$0.results.isEmpty }.count, 2)
        XCTAssertGreaterThan(expected.filter { $0.titles.count > 12 }.count, 1, "titles found beside the whole list")

        let binaryURL = dir.appendingPathComponent(BinaryIndex.fileName)
        let textsURL = dir.appendingPathComponent(ChapterTexts.fileName)
        let intact = [binaryURL: Bytes(try Data(contentsOf: binaryURL)), textsURL: Bytes(try Data(contentsOf: textsURL))]
        // The parts of the binary form, so that every one of them is damaged.
        let binary = FileBytes(copying: intact[binaryURL]!)   // kept alive: the readers read its buffer
        let sections = (0..<BinaryIndex.sectionCount).map { i -> Range<Int> in
            var reader = ByteReader(binary, position: BinaryIndex.sectionTableOffset + 24 * i)
            let offset = Int(reader.uint64()!)
            let length = Int(reader.uint64()!)
            return offset..<(offset + length)
        }
        let binaryParts = [0..<BinaryIndex.headerSize] + sections

        let preg = Preg(engine: PCRE2Engine())   // one, its compiled patterns kept across rounds
        var generator = SeededGenerator(seed: 2026)
        var counts = (damaged: 0, same: 0, said: 0, refused: 0)
        var silent: [String] = []
        for round in 0..<1_100 {
            let url = round % 2 == 0 ? binaryURL : textsURL
            var bytes = intact[url]!
            let kind = round / 2 % 4
            let what: String
            switch kind {
            case 0, 1:   // a flipped bit, in each part of the file in turn
                let part = url == binaryURL ? binaryParts[round / 8 % binaryParts.count] : 0..<bytes.count
                guard !part.isEmpty else { continue }
                let at = part.lowerBound + Int(generator.next() % UInt64(part.count))
                bytes[at] ^= 1 << UInt8(generator.next() % 8)
                what = "bit flipped at \(at)"
            case 2:   // cut short
                let length = Int(generator.next() % UInt64(bytes.count))
                bytes.removeSubrange(length...)
                what = "cut at \(length)"
            default:   // two blocks swapped
                let size = 16 + Int(generator.next() % 48)
                let a = Int(generator.next() % UInt64(bytes.count - size))
                let b = Int(generator.next() % UInt64(bytes.count - size))
                let blockA = Array(bytes[a..<(a + size)])
                let blockB = Array(bytes[b..<(b + size)])
                bytes.replaceSubrange(a..<(a + size), with: blockB)
                bytes.replaceSubrange(b..<(b + size), with: blockA)
                what = "blocks of \(size) at \(a) and \(b) swapped"
            }
            guard bytes != intact[url]! else { continue }
            counts.damaged += 1
            try Data(bytes).write(to: url)
            defer { try? Data(intact[url]!).write(to: url) }

            var warnings: [String] = []
            let opened: (index: any IndexReading, texts: ChapterTexts?)
            do {
                opened = try IndexLocation.open(
                    dir.path, corpus: nil, settling: 0, warning: { warnings.append($0.en) }, beforeAttempt: { _ in })
            } catch {
                counts.refused += 1   // an error: exit 2 with one line
                continue
            }
            let session = SearchSession(index: opened.index, texts: opened.texts, preg: preg)
            var differs: [String] = []
            for (query, want) in zip(queries, expected) {
                let got = answer(session, query)
                if got == want { continue }
                // Snippets may be missing, only for the chapters the texts name as damaged.
                let damaged = Set((opened.texts?.damage ?? []).map(\.bytes.text))
                let explained =
                    got.results == want.results && got.titles == want.titles
                    && got.snippets.allSatisfy { id, snippet in
                        snippet == want.snippets[id] ?? nil || (snippet == nil && damaged.contains(id))
                    }
                if !explained { differs.append(query) }
            }
            let failure = (opened.index as? CheckedIndex)?.failure
            if differs.isEmpty {
                if warnings.isEmpty && opened.texts?.damage == nil { counts.same += 1 } else { counts.said += 1 }
            } else if failure == nil {
                silent.append("\(url.lastPathComponent), \(what): \(differs)")
            }
        }
        XCTAssertEqual(silent, [], "answers that differ from the intact S2 file's with nothing said")
        XCTAssertGreaterThanOrEqual(counts.damaged, 1_000)
        // The damage was found, not only missed harmlessly: most damage is said.
        XCTAssertGreaterThan(counts.said + counts.refused, counts.damaged / 2, "\(counts)")
    }

    /// Damage the random rounds all but never make: a word table's count set to 0 (every
    /// lookup found nothing, with nothing said), and damage met after the index was
    /// rebuilt (the S2 file read then is another build's: an error, not a mix).
    func testTableCountsAndRebuildsAreChecked() throws {
        let dir = try builtFolder("counts")
        let binaryURL = dir.appendingPathComponent(BinaryIndex.fileName)
        let intact = Bytes(try Data(contentsOf: binaryURL))
        let preg = Preg(engine: PCRE2Engine())
        let s2 = SearchSession(index: try S2IndexFile.read(dir.appendingPathComponent(S2IndexFile.fileName)), texts: nil, preg: preg)
        let want = s2.search(Bytes(php: "права доступа"), limit: nil, page: 1, snippetCount: 0).hits.map(\.id.text)
        XCTAssertFalse(want.isEmpty)
        for section in 0..<4 {
            var bytes = intact
            let at = BinaryIndex.sectionTableOffset + 24 * section
            let offset = Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16
            for k in 0..<4 { bytes[offset + k] = 0 }
            try Data(bytes).write(to: binaryURL)
            var warnings: [String] = []
            let opened = try IndexLocation.open(
                dir.path, corpus: nil, settling: 0, warning: { warnings.append($0.en) }, beforeAttempt: { _ in })
            let session = SearchSession(index: opened.index, texts: nil, preg: preg)
            let got = session.search(Bytes(php: "права доступа"), limit: nil, page: 1, snippetCount: 0).hits.map(\.id.text)
            XCTAssertEqual(got, want, "section \(section)")
            if section != 1 {   // the excluded words: consulted only for some words
                XCTAssertEqual(warnings.count, 1, "section \(section): \(warnings)")
            }
            XCTAssertTrue(warnings.allSatisfy { $0.contains("the count of its table is damaged") }, "\(warnings)")
        }
        // Opened intact; then rebuilt (a newer S2 file) and the binary form found damaged.
        try Data(intact).write(to: binaryURL)
        let opened = try IndexLocation.open(dir.path, corpus: nil, settling: 0, beforeAttempt: { _ in })
        let checked = try XCTUnwrap(opened.index as? CheckedIndex)
        let s2File = dir.appendingPathComponent(S2IndexFile.fileName)
        let later = timespec(tv_sec: 2_000_000_000, tv_nsec: 0)
        XCTAssertEqual(utimensat(AT_FDCWD, s2File.path, [later, later], 0), 0)
        var damaged = intact
        let at = BinaryIndex.sectionTableOffset
        let fulltext = Int(intact[at]) | Int(intact[at + 1]) << 8 | Int(intact[at + 2]) << 16
        for k in 0..<4 { damaged[fulltext + k] = 0 }
        let handle = try FileHandle(forWritingTo: binaryURL)   // in place: the mapping sees it
        try handle.write(contentsOf: Data(damaged))
        try handle.close()
        _ = SearchSession(index: checked, texts: nil, preg: preg).search(Bytes(php: "права доступа"), limit: nil, page: 1, snippetCount: 0)
        XCTAssertEqual(checked.failure.map { $0.en.contains("rebuilt during the search") }, true, "\(String(describing: checked.failure))")
    }
}
