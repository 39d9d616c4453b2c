import Foundation
import RulesCheck
import RulesSearch
import XCTest

/// The check as a Swift program uses it: the public `SpellChecker`, `Misspelling` and
/// `TextFormat` of the `RulesCheck` library, not its package types.
final class CheckLibraryTests: XCTestCase {
    private func checker(accepting words: [String] = []) throws -> SpellChecker {
        do {
            return try SpellChecker(acceptedWords: words)
        } catch {
            throw XCTSkip("no Russian dictionary (apt-get install hunspell-ru): \(error)")
        }
    }

    func testMistakesWithTheirPlacesCorrectionsAndRules() throws {
        let text = "Ёлка.\nНаше агенство открылось, вообщем, к <b>обеду</b>.\n"
        let found = try checker().check(text)
        XCTAssertEqual(found.map(\.word), ["агенство", "вообщем"])
        XCTAssertEqual(found.map { $0.corrections.first }, ["агентство", "в общем"])
        XCTAssertEqual(found.map(\.paragraph), [54, 426])
        XCTAssertEqual(found[0].paragraphTitle?.hasPrefix("Непроизносимые согласные"), true, found[0].paragraphTitle ?? "")
        XCTAssertEqual(found.map(\.line), [2, 2])
        XCTAssertEqual(found.map(\.column), [6, 26])
        // The offsets cut the word out of the text, in characters and in UTF-8 bytes.
        for mistake in found {
            let scalars = Array(text.unicodeScalars)[mistake.characterOffset..<mistake.characterOffset + mistake.characterLength]
            XCTAssertEqual(String(String.UnicodeScalarView(scalars)), mistake.word)
            let bytes = Array(text.utf8)[mistake.byteOffset..<mistake.byteOffset + mistake.byteLength]
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), mistake.word)
        }
        // HTML: the tag's letters are no words; accepted words are right in any case.
        XCTAssertEqual(try checker().check("<p class=\"агенство\">Всё верно</p>", format: .html).count, 0)
        XCTAssertEqual(try checker(accepting: ["агенство"]).check("Агенство").count, 0)
    }

    func testAMissingOrDamagedDictionaryIsOneError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-check-library-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        XCTAssertThrowsError(try SpellChecker(dictionaryFolder: folder.path)) { error in
            XCTAssertEqual((error as? RulesError)?.kind, .notFound)
            XCTAssertTrue("\(error)".contains("hunspell-ru"), "\(error)")
        }
        for name in ["ru_RU.aff", "ru_RU.dic"] { try Data("not a dictionary\n".utf8).write(to: folder.appendingPathComponent(name)) }
        XCTAssertThrowsError(try SpellChecker(dictionaryFolder: folder.path)) { error in
            XCTAssertEqual((error as? RulesError)?.kind, .unreadable)
            XCTAssertTrue("\(error)".contains(folder.path), "\(error)")
        }
    }
}
