import Foundation
import XCTest

@testable import RulesSearch

/// Under a Russian locale every error and warning a user can meet is Russian: each is made
/// here, in a subprocess, and its line read for English words (paths, file and option
/// names, commands in «…» and a few names aside). The same cases in English say the same
/// thing in English.
final class RussianMessagesTests: XCTestCase {
    /// Names that stay as they are in a Russian message.
    private static let names: Set<String> = [
        "rules", "PHP", "JSON", "UTF", "S2", "JUnit", "id", "pcre2", "foundation",
        "bash", "zsh", "fish", "RULES_ENGINE", "s2_search", "rsync", "inplace", "ch3",
        "FILE", "DIR", "ID", "NFS", "PAGER", "NAN", "INF",
        // the usage line and the commands
        "COMMAND", "[OPTIONS]", "[ARGUMENTS]", "search", "browse", "titles", "show", "stem",
        "index", "build", "refresh", "completions", "help", "check-engines",
    ]

    /// The English words of `line`, once paths, names and quoted commands are left out.
    private func englishWords(_ line: String) -> [String] {
        var text = line
        // Commands and values quoted «…» are what the user types.
        while let open = text.range(of: "«"), let close = text.range(of: "»", range: open.upperBound..<text.endIndex) {
            text.removeSubrange(open.lowerBound..<close.upperBound)
        }
        return text.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ")" || $0 == ";" || $0 == "," || $0 == ":" })
            .map(String.init)
            .filter { word in
                // Paths, file names, options, numbers.
                !(word.contains("/") || word.contains(".") || word.hasPrefix("-") || word.contains("_") && word.contains("rules"))
            }
            .filter { $0.range(of: "[A-Za-z]{2,}", options: .regularExpression) != nil }
            .filter { !Self.names.contains($0) && !($0.hasPrefix("rules-") && $0.hasSuffix(".bin")) }
    }

    private struct Case {
        let name: String
        let arguments: [String]
        var input: Data? = nil
        var environment: [String: String] = [:]
    }

    func testEveryErrorAUserCanMeetIsRussian() throws {
        let mini = TestPaths.fixtures.appendingPathComponent("man-ru-mini/corpus.jsonl")
        let folder = try builtIndex("russian-messages")
        let work = folder.deletingLastPathComponent().appendingPathComponent("rules-russian-work-\(getpid())")
        try? FileManager.default.removeItem(at: work)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: work) }
        func copy(_ name: String, _ damage: (URL) throws -> Void) throws -> String {
            let to = work.appendingPathComponent(name)
            try FileManager.default.copyItem(at: folder, to: to)
            try damage(to)
            return to.path
        }
        func file(_ name: String, _ text: String) throws -> String {
            let url = work.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url.path
        }
        func cut(_ file: String, to length: Int) -> (URL) throws -> Void {
            { folder in XCTAssertEqual(truncate(folder.appendingPathComponent(file).path, off_t(length)), 0) }
        }
        let s2 = S2IndexFile.fileName
        let corpusLine = String(decoding: try Data(contentsOf: mini), as: UTF8.self).split(separator: "\n")[0]
        var cases: [Case] = [
            Case(name: "no command", arguments: []),
            Case(name: "unknown command", arguments: ["serch", "x"]),
            Case(name: "unknown option", arguments: ["search", "--colour", "x"]),
            Case(name: "option without value", arguments: ["search", "x", "--limit"]),
            Case(name: "not a number", arguments: ["search", "--limit", "x", "y"]),
            Case(name: "not a choice", arguments: ["search", "--engine", "pcre3", "x"]),
            Case(name: "unknown engine from the environment", arguments: ["search", "x"], environment: ["RULES_ENGINE": "icu"]),
            Case(name: "corpus without index", arguments: ["search", "--corpus", mini.path, "x"]),
            Case(name: "no query", arguments: ["search"]),
            Case(name: "operands with batch", arguments: ["search", "--batch", "x"]),
            Case(name: "unknown shell", arguments: ["completions", "tcsh"]),
            Case(name: "unknown help topic", arguments: ["help", "serch"]),
            Case(name: "unknown subcommand", arguments: ["index", "rebuild"]),
            Case(name: "unknown rule", arguments: ["show", "9999"]),
            Case(name: "unknown chapter of one's own index", arguments: ["show", "--index", folder.path, "zz"]),
            Case(name: "unknown option that may be a word", arguments: ["search", "-abc"]),
            Case(name: "a corpus given as the index", arguments: ["search", "--index", mini.path, "x"]),
            Case(
                name: "a corpus that is not JSON Lines",
                arguments: [
                    "index", "build", "--corpus", try file("pretty.json", "{\n \"id\": 1\n}\n"), "--out",
                    work.appendingPathComponent("p").path,
                ]),
            Case(
                name: "ids given twice",
                arguments: [
                    "index", "build", "--corpus", try file("twice.jsonl", String(corpusLine) + "\n" + String(corpusLine) + "\n"), "--out",
                    work.appendingPathComponent("t").path,
                ]),
            Case(name: "browse without a terminal", arguments: ["browse"]),
            Case(name: "too many words", arguments: ["search", Array(repeating: "а", count: 10_001).joined(separator: " ")]),
            Case(name: "out is a file", arguments: ["index", "build", "--corpus", mini.path, "--out", mini.path]),
            Case(name: "folder that cannot be made", arguments: ["index", "build", "--corpus", mini.path, "--out", "/proc/rules-index"]),
            Case(
                name: "empty corpus",
                arguments: ["index", "build", "--corpus", try file("empty.jsonl", "\n"), "--out", work.appendingPathComponent("e").path]),
            Case(
                name: "corpus line without a field",
                arguments: ["index", "build", "--corpus", try file("nofield.jsonl", "{\"id\": \"a\"}\n"), "--out", work.path]),
            Case(
                name: "corpus line not JSON",
                arguments: ["index", "build", "--corpus", try file("notjson.jsonl", "{id\n"), "--out", work.path]),
            Case(name: "corpus not there", arguments: ["index", "build", "--corpus", "/nonexistent.jsonl", "--out", work.path]),
            Case(name: "corpus a folder", arguments: ["index", "build", "--corpus", "/etc", "--out", work.path]),
            Case(name: "no index", arguments: ["search", "--index", "/nonexistent", "x"]),
            Case(name: "folder without an S2 file", arguments: ["search", "--index", work.path, "x"]),
            Case(name: "S2 file cut short", arguments: ["search", "--index", try copy("cut", cut(s2, to: 100)), "доступ"]),
            Case(
                name: "S2 file with a bad line start",
                arguments: [
                    "titles", "--index",
                    try copy(
                        "prefix",
                        { folder in
                            var bytes = try Data(contentsOf: folder.appendingPathComponent(s2))
                            bytes[0] = UInt8(ascii: "X")
                            try bytes.write(to: folder.appendingPathComponent(s2))
                        }), "доступ",
                ]),
            Case(
                name: "S2 file not serialized",
                arguments: [
                    "titles", "--index",
                    try copy(
                        "serialized",
                        { folder in
                            try Data("<?php //a:1:{\n      //a:0:{}\n      //a:0:{}\n      //a:0:{}\n      //a:0:{}\n      //a:0:{}\n".utf8)
                                .write(to: folder.appendingPathComponent(s2))
                        }), "доступ",
                ]),
            Case(
                name: "S2 part not an array",
                arguments: [
                    "titles", "--index",
                    try copy(
                        "array",
                        { folder in
                            try Data("<?php //a:0:{}\n      //i:1;\n      //a:0:{}\n      //a:0:{}\n      //a:0:{}\n      //a:0:{}\n".utf8)
                                .write(to: folder.appendingPathComponent(s2))
                        }), "доступ",
                ]),
            Case(
                name: "S2 weight not finite",
                arguments: [
                    "search", "--index",
                    try copy(
                        "weight",
                        { folder in
                            try Data(
                                "<?php //a:0:{}\n      //a:0:{}\n      //a:1:{s:1:\"x\";a:1:{i:0;d:NAN;}}\n      //a:0:{}\n      //a:0:{}\n      //a:0:{}\n"
                                    .utf8
                            )
                            .write(to: folder.appendingPathComponent(s2))
                        }), "доступ",
                ]),
            Case(
                name: "texts cut short", arguments: ["search", "--index", try copy("texts", cut(ChapterTexts.fileName, to: 100)), "доступ"]),
            Case(
                name: "binary form damaged",
                arguments: [
                    "search", "--index",
                    try copy(
                        "binary",
                        { folder in
                            let url = folder.appendingPathComponent(BinaryIndex.fileName)
                            var bytes = try Data(contentsOf: url)
                            for k in stride(from: bytes.count / 2, to: bytes.count - 64, by: 97) { bytes[k] ^= 0x55 }
                            try bytes.write(to: url)
                        }), "доступ права файл",
                ]),
            Case(
                name: "vocabulary damaged",
                arguments: ["search", "--index", try copy("words", cut(Vocabulary.fileName, to: 100)), "даступ"]),
            Case(
                name: "texts missing",
                arguments: [
                    "search", "--index",
                    try copy(
                        "notexts",
                        { folder in
                            try FileManager.default.removeItem(at: folder.appendingPathComponent(ChapterTexts.fileName))
                        }), "доступ",
                ]),
            Case(
                name: "texts from another build",
                arguments: [
                    "search", "--index",
                    try copy(
                        "othertexts",
                        { folder in
                            let other = work.appendingPathComponent("other")
                            let build = try runRules([
                                "index", "build", "--corpus", try file("other.jsonl", String(corpusLine) + "\n"), "--out", other.path,
                            ])
                            XCTAssertEqual(build.status, 0, build.stderr)
                            try FileManager.default.removeItem(at: folder.appendingPathComponent(ChapterTexts.fileName))
                            try FileManager.default.copyItem(
                                at: other.appendingPathComponent(ChapterTexts.fileName),
                                to: folder.appendingPathComponent(ChapterTexts.fileName))
                        }), "доступ",
                ]),
            Case(
                name: "a FIFO for an index",
                arguments: [
                    "search", "--index",
                    try { () throws -> String in
                        let fifo = work.appendingPathComponent("fifo").path
                        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
                        return fifo
                    }(), "x",
                ]),
            Case(
                name: "refresh without fingerprints",
                arguments: [
                    "index", "refresh", "--corpus", mini.path, "--out",
                    try copy(
                        "nochapters",
                        { folder in
                            try FileManager.default.removeItem(at: folder.appendingPathComponent(ChapterFingerprints.fileName))
                        }),
                ]),
            Case(
                name: "refresh with damaged fingerprints",
                arguments: [
                    "index", "refresh", "--corpus", mini.path, "--out",
                    try copy("badchapters", cut(ChapterFingerprints.fileName, to: 10)),
                ]),
            Case(
                name: "refresh with a folder for fingerprints",
                arguments: [
                    "index", "refresh", "--dry-run", "--corpus", mini.path, "--out",
                    try copy(
                        "folderchapters",
                        { folder in
                            let file = folder.appendingPathComponent(ChapterFingerprints.fileName)
                            try FileManager.default.removeItem(at: file)
                            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
                        }),
                ]),
            Case(name: "check-engines with an operand", arguments: ["check-engines", "20000"]),
            Case(name: "refresh of no index", arguments: ["index", "refresh", "--corpus", mini.path, "--out", "/nonexistent"]),
            Case(name: "JUnit report in no folder", arguments: ["check-engines", "--fuzz", "0", "--junit", "/nonexistent/r.xml"]),
            Case(name: "JUnit report that cannot be written", arguments: ["check-engines", "--fuzz", "0", "--junit", "/proc/r.xml"]),
            Case(name: "queries not there", arguments: ["check-engines", "--fuzz", "0", "--queries", "/nonexistent"]),
        ]
        cases.append(
            Case(
                name: "batch line too long", arguments: ["search", "--batch"],
                input: Data(repeating: UInt8(ascii: "a"), count: (4 << 20) + 1)))
        var said = 0
        for item in cases {
            let russian = try runRules(
                item.arguments, input: item.input, environment: item.environment.merging(["LANG": "ru_RU.UTF-8"]) { a, _ in a })
            let english = try runRules(item.arguments, input: item.input, environment: item.environment)
            XCTAssertFalse(russian.stderr.isEmpty, "\(item.name): nothing said")
            XCTAssertEqual(russian.status, english.status, item.name)
            for line in russian.stderr.split(separator: "\n") {
                let words = englishWords(String(line))
                XCTAssertEqual(words, [], "\(item.name): \(line)")
                said += 1
            }
            // The English says as many lines, and in English.
            XCTAssertEqual(
                english.stderr.split(separator: "\n").count, russian.stderr.split(separator: "\n").count, "\(item.name): \(english.stderr)")
            XCTAssertNil(english.stderr.range(of: "[а-яё]{3,}", options: .regularExpression), "\(item.name): \(english.stderr)")
        }
        XCTAssertGreaterThanOrEqual(said, cases.count)
    }
}
