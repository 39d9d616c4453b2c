import Foundation
import RulesRegex
import XCTest

@testable import RulesSearch

/// The е and ё of an html read past its tags in one pass are those of the html stripped by
/// `strip_tags` (``StripTags``), wherever the pass does not give up.
final class YoLettersTests: XCTestCase {
    private func same(_ html: Bytes, _ what: String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let stripped = YoLetters(text: StripTags.strip(html))
        guard let read = html.withUnsafeBufferPointer({ YoLetters(html: $0) }) else { return false }
        XCTAssertEqual(read.count, stripped.count, what, file: file, line: line)
        XCTAssertEqual(read.yo, stripped.yo, what, file: file, line: line)
        return true
    }

    func testTheHTMLOfTheCorporaReadsAsStripped() throws {
        var folders = [TestPaths.fixtures.appendingPathComponent("man-ru-mini"), TestPaths.fixtures.appendingPathComponent("adversarial")]
        if let manRu = try? TestPaths.referenceFile("man-ru") { folders.append(manRu) }
        var corpora = [try BuiltInIndex.corpus()]
        for folder in folders { corpora.append(try Corpus.read(folder.appendingPathComponent("corpus.jsonl"))) }
        var read = 0
        var withYo = 0
        for corpus in corpora {
            for chapter in corpus.chapters.values where same(chapter.html, chapter.key.bytes.text) {
                read += 1
                if PHPStrings.contains(chapter.html, SearchSession.yo) { withYo += 1 }
            }
        }
        XCTAssertGreaterThan(read, 500)
        XCTAssertGreaterThan(withYo, 100)
    }

    /// Tags with quotes, `>` in quotes, `<` before a space, NUL bytes, a tag left open, a
    /// letter cut by a tag; and where the pass gives up (a nested `<`, `<!--`, `<?`).
    func testTheCasesStripTagsTreatsApart() {
        let read = [
            "<p title=\"её > ё\">ещё</p>", "<a href='x>ё'>лёд</a> и ель", "а < ё > б", "ё\u{0}е", "ещё <b",
            "<br/>ёж<i>е</i>", "<p class=\"a'b\">ё</p><p class='a\"b'>е</p>", "е<\u{0}ё>ё",
            "<p title=\"a <b ё\">ё</p>", "<>ёе<>",
        ]
        for html in read { XCTAssertTrue(same(Bytes(html.utf8), html), "read: \(html)") }
        // A letter's two bytes on either side of a tag are a letter once stripped.
        XCTAssertTrue(same([0xD1, 0x3C, 0x62, 0x3E, 0x91, 0xD0, 0x3C, 0x2F, 0x62, 0x3E, 0xB5], "cut by tags"))
        let given = [
            "<p <b>ё</b>>е", "<!-- ё -->е", "<?php echo 'ё' ?>е", "<p title=\"x\"<!ё>е", "<a <?x>ё",
            "<p title=\"<!ё\">е</p>", "ё<p<",
        ]
        for html in given { XCTAssertNil(Bytes(html.utf8).withUnsafeBufferPointer { YoLetters(html: $0) }, html) }
    }

    /// Random html of the bytes that matter to strip_tags and to the letters.
    func testRandomHTMLReadsAsStripped() {
        let pieces: [Bytes] =
            ["<", ">", "\"", "'", "!", "?", " ", "a", "/", "-", "е", "ё", "\u{0}", "p", "(", ")"].map { Bytes($0.utf8) }
            + [[0xD0], [0xD1], [0xB5], [0x91]]
        var generator = SeededGenerator(seed: 19)
        var read = 0
        for round in 0..<20_000 {
            var html = Bytes()
            for _ in 0..<(Int(generator.next() % 24)) { html += pieces[Int(generator.next() % UInt64(pieces.count))] }
            if same(html, "round \(round): \(html)") { read += 1 }
        }
        XCTAssertGreaterThan(read, 5_000)
    }
}
