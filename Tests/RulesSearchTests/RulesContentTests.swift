import Foundation
import XCTest

/// The built-in rules as a reference people quote: paragraph numbers that keep their rule,
/// and the form that keeps a rule readable in a snippet (Fixtures/rules-ru/README.md).
final class RulesContentTests: XCTestCase {
    static let directory = TestPaths.repository.appendingPathComponent("Fixtures/rules-ru")

    struct Paragraph {
        var file: String, key: String, number: Int, title: String
    }

    /// Every paragraph of the chapter files, in chapter order.
    static func chapterParagraphs() throws -> [Paragraph] {
        let folder = directory.appendingPathComponent("chapters")
        var chapters: [(Int, [Paragraph])] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".json") {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let source = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any], name)
            let chapter = try XCTUnwrap(source["chapter"] as? [String: Any], name)
            let paragraphs = try XCTUnwrap(source["paragraphs"] as? [[String: Any]], name).map { p in
                Paragraph(file: name, key: p["key"] as? String ?? "", number: p["number"] as? Int ?? 0, title: p["title"] as? String ?? "")
            }
            chapters.append((try XCTUnwrap(chapter["number"] as? Int, "\(name): the chapter has no number"), paragraphs))
        }
        return chapters.sorted { $0.0 < $1.0 }.flatMap(\.1)
    }

    /// The assembled corpus: one dictionary a record.
    static func corpusRecords() throws -> [[String: Any]] {
        let text = try String(contentsOf: directory.appendingPathComponent("corpus.jsonl"), encoding: .utf8)
        return try text.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    /// numbers.tsv lists every number ever given: `N<TAB>key<TAB>title`, or `N<TAB>-<TAB>why`
    /// for a removed one. A paragraph whose number, key or title differs from its row, a
    /// number given twice, or a removed number given again fails: changing what a number
    /// means takes an edit of numbers.tsv, where review sees it.
    func testNumbersKeepTheirRules() throws {
        let lines = try String(contentsOf: Self.directory.appendingPathComponent("numbers.tsv"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }
        var listed: [Int: (key: String, title: String)] = [:]
        var removed: Set<Int> = []
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3, let number = Int(fields[0]) else {
                XCTFail("numbers.tsv: a line is not N<TAB>key<TAB>title: \(line)")
                continue
            }
            XCTAssertNil(listed[number] ?? (removed.contains(number) ? ("-", "") : nil), "numbers.tsv lists § \(number) twice")
            if fields[1] == "-" { removed.insert(number) } else { listed[number] = (fields[1], fields[2]) }
        }
        let paragraphs = try Self.chapterParagraphs()
        XCTAssertGreaterThanOrEqual(paragraphs.count, 450)
        var seen: Set<Int> = []
        for p in paragraphs {
            XCTAssertGreaterThan(p.number, 0, "\(p.file): \(p.key) has no number")
            XCTAssertTrue(seen.insert(p.number).inserted, "§ \(p.number) is given twice")
            XCTAssertFalse(removed.contains(p.number), "§ \(p.number) was removed and is given again to \(p.key)")
            guard let row = listed[p.number] else {
                XCTFail("§ \(p.number) (\(p.key)) is not in numbers.tsv")
                continue
            }
            XCTAssertEqual(row.key, p.key, "§ \(p.number) names another rule than numbers.tsv says")
            XCTAssertEqual(row.title, p.title, "§ \(p.number): its title changed without numbers.tsv saying so")
        }
        for number in Set(listed.keys).subtracting(seen).sorted() {
            XCTFail("§ \(number) (\(listed[number]!.key)) is in numbers.tsv but in no chapter: list it as removed")
        }
        // The assembled corpus is the chapters' (Tests/Tools/assemble-corpus.py was run).
        let records = try Self.corpusRecords().filter { $0["kind"] as? String == "paragraph" }
        XCTAssertEqual(records.map { $0["id"] as? String ?? "" }, paragraphs.map { String($0.number) }, "corpus.jsonl is stale")
        XCTAssertEqual(records.map { $0["title"] as? String ?? "" }, paragraphs.map(\.title), "corpus.jsonl is stale")
    }

    /// The form of every paragraph: what a snippet or a plain-text reader would get wrong.
    func testParagraphForm() throws {
        let records = try Self.corpusRecords()
        let numbers = Set(records.compactMap { $0["kind"] as? String == "paragraph" ? $0["id"] as? String : nil })
        let spaceBeforeEnd = try NSRegularExpression(pattern: #"\s</(p|li)>"#)
        let reference = try NSRegularExpression(pattern: #"§\s*(\d+)"#)
        let sentenceEnd = try NSRegularExpression(pattern: #"(?<=[.?!;])\s+"#)   // as Finder::snippets cuts
        let tag = try NSRegularExpression(pattern: "<[^>]+>")
        let label = try NSRegularExpression(pattern: "неправильно|ошибочно|неверно|ошибк", options: .caseInsensitive)
        var problems: [String] = []
        for record in records {
            let id = record["id"] as? String ?? "?"
            let html = record["html"] as? String ?? ""
            let description = record["description"] as? String ?? ""
            let all = html + " " + description
            if spaceBeforeEnd.firstMatch(in: html, range: NSRange(html.startIndex..., in: html)) != nil {
                problems.append("\(id): a space before </p> or </li>")
            }
            if all.contains("[[") { problems.append("\(id): an unresolved [[key]]") }
            if all.range(of: #"в (следующем|предыдущем) параграфе"#, options: [.regularExpression, .caseInsensitive]) != nil {
                problems.append("\(id): a cross-reference without a number")
            }
            for match in reference.matches(in: all, range: NSRange(all.startIndex..., in: all)) {
                let number = String(all[Range(match.range(at: 1), in: all)!])
                if !numbers.contains(number) { problems.append("\(id): § \(number) names no paragraph") }
            }
            // A wrong form is labelled in its own sentence, before it.
            for block in html.components(separatedBy: "</p>").flatMap({ $0.components(separatedBy: "</li>") }) {
                let marked = sentenceEnd.stringByReplacingMatches(
                    in: block, range: NSRange(block.startIndex..., in: block), withTemplate: "\u{1}")
                for sentence in marked.split(separator: "\u{1}").map(String.init) {
                    guard let first = sentence.range(of: "<s>") else { continue }
                    let before = String(sentence[..<first.lowerBound])
                    if label.firstMatch(in: before, range: NSRange(before.startIndex..., in: before)) == nil {
                        problems.append("\(id): a wrong form with no «неправильно» before it in its sentence")
                    }
                }
            }
            guard record["kind"] as? String == "paragraph" else { continue }
            let keywords = (record["keywords"] as? String ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if !keywords.contains(where: { $0.hasPrefix("__") && $0.hasSuffix("__") && $0.count > 4 }) {
                problems.append("\(id): no __stem__ keyword")
            }
            // Keywords keep ё as the rule writes it: the indexer folds ё itself.
            // A wrong form (<s>афёра</s>) does not count: the keyword «афера» is right.
            let written =
                html.replacingOccurrences(of: "<s>.*?</s>", with: " ", options: .regularExpression) + " "
                + (record["title"] as? String ?? "")
            let plain = tag.stringByReplacingMatches(in: written, range: NSRange(written.startIndex..., in: written), withTemplate: " ")
                .lowercased()
            let withYo = Set(
                plain.split(whereSeparator: { !$0.isLetter }).filter { $0.contains("ё") }.map {
                    $0.replacingOccurrences(of: "ё", with: "е")
                })
            for keyword in keywords {
                for word in keyword.lowercased().split(whereSeparator: { !$0.isLetter }) where withYo.contains(String(word)) {
                    problems.append("\(id): the keyword «\(keyword)» drops the ё the text writes")
                }
            }
        }
        XCTAssertEqual(problems, [])
    }
}
