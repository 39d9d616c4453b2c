import Foundation
import RulesRegex

/// A corpus in the format of the reference's `chapters.jsonl`: one chapter a line, a JSON
/// object with `id`, `title`, `html`, `keywords`, `description`, `time` and `url` (extra
/// fields are kept, and ignored by the index). Read as the reference's `JsonlFetcher`
/// reads it: empty lines (and lines of spaces and tabs) skipped, a later line with the same
/// id replaces the earlier one in its place.
package struct Corpus {
    package struct Chapter {
        /// The chapter's name in the index: the id as PHP turns it into a string.
        package var key: ByteKey
        package var title: PHPValue
        /// Valid UTF-8: the corpus is JSON, whose decoder refuses any other text (and whose
        /// `\u` escapes make no lone surrogate), and nothing changes it after.
        package let html: Bytes
        package var keywords: PHPValue
        package var description: PHPValue
        package var time: PHPValue
        package var url: PHPValue
        /// The whole object, with any extra fields (`kind`, `parent`, `number`).
        package var record: PHPArray
        /// 1-based line number in the file.
        package var line: Int

        package func field(_ name: String) -> PHPValue? { record[PHPKey(Bytes(php: name))] }
    }

    package struct Error: LocalizedFailure, CustomStringConvertible {
        package let line: Int
        package let field: String?
        package let reason: Reason
        package var description: String { text.en }
        /// The line, the field and what is wrong.
        package var text: Localized {
            Localized(
                "line \(line)" + (field.map { ", field '\($0)'" } ?? "") + ": \(reason.text.en)",
                ru: "строка \(line)" + (field.map { ", поле «\($0)»" } ?? "") + ": \(reason.text.ru)")
        }

        /// What is wrong with the line or field, as a value: the command line words it in
        /// the user's language.
        package enum Reason: Equatable, Sendable {
            /// The JSON decoder's own words.
            case invalidJSON(Localized)
            case notAnObject, missing, mustBeString, mustBeStringOrInteger, mustBeNumberOrString
            /// An id with a space or a line break; a field with a line break: s2_search
            /// cannot index them.
            case spaceOrLineBreak, lineBreak

            /// What a corpus line is, said after a line that is not one.
            static let shape = Localized(
                "; a corpus is one JSON object a line, with id, title and html (see rules index --help)",
                ru: "; корпус — по одному объекту JSON в строке, с полями «id», «title» и «html» (см. rules index --help)")

            package var text: Localized {
                switch self {
                case .invalidJSON(let detail):
                    // Bad bytes in a string of a line that is otherwise one: no lesson in shape.
                    Localized("not valid JSON (\(detail.en))", ru: "это не JSON (\(detail.ru))")
                        + (detail.en.hasPrefix("malformed UTF-8") ? Localized(both: "") : Self.shape)
                case .notAnObject: Localized("not a JSON object", ru: "это не объект JSON") + Self.shape
                case .missing: Localized("missing", ru: "отсутствует")
                case .mustBeString: Localized("must be a string", ru: "должно быть строкой")
                case .mustBeStringOrInteger: Localized("must be a string or an integer", ru: "должно быть строкой или целым числом")
                case .mustBeNumberOrString: Localized("must be a number or a string", ru: "должно быть числом или строкой")
                case .spaceOrLineBreak:
                    Localized(
                        "contains a space or a line break, which s2_search cannot index",
                        ru: "содержит пробел или перевод строки, а s2_search не может такое индексировать")
                case .lineBreak:
                    Localized(
                        "contains a line break, which s2_search cannot index",
                        ru: "содержит перевод строки, а s2_search не может такое индексировать")
                }
            }
        }
    }

    /// Chapters by key, in the order the reference indexes them.
    package var chapters = OrderedMap<ByteKey, Chapter>()
    /// The ``Fingerprint`` of the corpus's non-empty lines, in order, as read: the files
    /// `rules index build` writes record it. A corpus made or changed in memory keeps 0 or
    /// the fingerprint of what was read, and the builds of two such corpora into one folder
    /// cannot be told apart by it.
    package var fingerprint: UInt64 = 0
    /// The ids more than one line gives, each once, in the order their second line comes:
    /// the last line of each is the chapter, as the reference's indexer keeps it.
    package var duplicateIDs: [ByteKey] = []

    package init() {}

    /// The chapters an index and its texts hold, as a corpus: each chapter of the table of
    /// contents with its title, description, time and url, and its `html` from the texts.
    /// Keywords are not kept by the texts, so they are empty. This is what a folder that
    /// `rules index build` made (with no `corpus.jsonl` beside it) can tell of its corpus:
    /// the engine check draws its words and queries from it.
    package init(index: any IndexReading, texts: ChapterTexts) {
        var line = 0
        index.forEachEntry { key, entry in
            line += 1
            let title = entry.field("title") ?? .string([])
            let html = texts.html(key) ?? []
            var record = PHPArray()
            record[PHPKey(Bytes(php: "title"))] = title
            record[PHPKey(Bytes(php: "html"))] = .string(html)
            chapters[key] = Chapter(
                key: key, title: title, html: html, keywords: .string([]),
                description: entry.field("descr") ?? .string([]), time: entry.field("time") ?? .int(0),
                url: entry.field("url") ?? .string([]), record: record, line: line)
        }
    }

    /// The longest corpus line read, in bytes: a chapter of 2 MB is nothing unusual, one
    /// of 64 MiB is a file given by mistake more likely than a chapter.
    package static let longestLine = 64 << 20

    package static func read(_ url: URL) throws -> Corpus {
        // A file that cannot be read throws ``FileBytes/OpenError``, a line that is not a
        // chapter ``Error``.
        let data = try FileBytes.read(url.path, longestLine: longestLine, regularOnly: false)
        return try parse(data)
    }

    /// Parses a whole corpus file. The first error stops it, naming the line and the field.
    package static func parse(_ data: Bytes) throws(Error) -> Corpus {
        var lines: [(number: Int, text: ArraySlice<UInt8>)] = []
        var lineNumber = 0
        // A byte order mark, as some editors on Windows write it, is not part of the JSON.
        var start = data.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start <= data.count {
            let end = data.withUnsafeBufferPointer { ByteSearch.firstIndex(of: [0x0A], in: $0, from: start) } ?? data.count
            lineNumber += 1
            var line = data[start..<end]
            start = end + 1
            if line.last == 0x0D { line = line.dropLast() }   // file() drops "\r\n" too
            // A line of JSON whitespace holds no chapter, as an empty one (PHP's reference
            // driver warns on it and makes a chapter with an empty id).
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            lines.append((lineNumber, line))
        }
        // Lines are decoded on every core; the first error in line order is the one a
        // line-by-line reading meets.
        let parsed = Parallel.map(lines, workers: Parallel.workers, make: {}) { _, line in
            line.text.withUnsafeBufferPointer { text in
                (Result { () throws(Error) -> Chapter in try parseLine(text, number: line.number) }, Fingerprint.hash(text))
            }
        }
        var corpus = Corpus()
        corpus.fingerprint = Fingerprint.start
        for (result, hash) in parsed {
            let chapter = try result.get()
            if corpus.chapters[chapter.key] != nil, !corpus.duplicateIDs.contains(chapter.key) { corpus.duplicateIDs.append(chapter.key) }
            corpus.chapters[chapter.key] = chapter
            corpus.fingerprint = Fingerprint.combine(corpus.fingerprint, hash)
        }
        return corpus
    }

    static func parseLine(_ line: UnsafeBufferPointer<UInt8>, number: Int) throws(Error) -> Chapter {
        let value: PHPValue
        do {
            value = try PHPJSON.decode(line)
        } catch {
            throw Error(line: number, field: nil, reason: .invalidJSON(error.text))
        }
        let firstByte = line.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D })
        guard case .array(let record) = value, firstByte == UInt8(ascii: "{") else {
            throw Error(line: number, field: nil, reason: .notAnObject)
        }
        func get(_ name: String) -> PHPValue? { record[PHPKey(Bytes(php: name))] }
        func text(_ name: String, required: Bool) throws(Error) -> PHPValue {
            switch get(name) {
            case nil, .null?:
                if required { throw Error(line: number, field: name, reason: .missing) }
                return .string([])
            case .string?: return get(name)!
            case .int?, .double?:
                if required, name == "html" { throw Error(line: number, field: name, reason: .mustBeString) }
                return get(name)!
            default:
                throw Error(line: number, field: name, reason: .mustBeString)
            }
        }

        // The id: the reference reads it from the line's start when the line begins with
        // {"id": followed by a JSON string or an integer, else from the decoded object.
        var idValue = get("id")
        if let quick = quickID(line) { idValue = quick }
        let key: Bytes
        switch idValue {
        case .string(let s)?: key = s
        case .int(let n)?: key = Bytes(String(n).utf8)
        case nil, .null?: throw Error(line: number, field: "id", reason: .missing)
        default: throw Error(line: number, field: "id", reason: .mustBeStringOrInteger)
        }
        // The reference passes each chapter through a one-line text buffer ("<id> <data>\n"):
        // an id with a space or a line break, or keywords with a line break, would corrupt it.
        if key.contains(0x20) || key.contains(0x0A) {
            throw Error(line: number, field: "id", reason: .spaceOrLineBreak)
        }
        let title = try text("title", required: true)
        guard case .string(let html) = try text("html", required: true) else {
            throw Error(line: number, field: "html", reason: .mustBeString)
        }
        let keywords = try text("keywords", required: false)
        if case .string(let k) = keywords, k.contains(0x0A) {
            throw Error(line: number, field: "keywords", reason: .lineBreak)
        }
        let time: PHPValue
        switch get("time") {
        case nil, .null?: time = .int(0)
        case .array?: throw Error(line: number, field: "time", reason: .mustBeNumberOrString)
        case let other?: time = other
        }
        let description = try text("description", required: false)
        let url = try text("url", required: false)
        // The table of contents keeps these as they are, on the index file's last line,
        // which Worker::read_index reads up to the first line break: one inside them cuts
        // it short, and PHP then fails to index the corpus at all.
        for (name, value) in [("title", title), ("description", description), ("time", time), ("url", url)] {
            if case .string(let s) = value, s.contains(0x0A) {
                throw Error(line: number, field: name, reason: .lineBreak)
            }
        }
        return Chapter(
            key: ByteKey(key), title: title, html: html, keywords: keywords,
            description: description, time: time, url: url, record: record, line: number)
    }

    /// The id as `#^\{"id": ("(?:[^"\\]|\\.)*"|-?\d+)#` finds it, decoded; `nil` when the
    /// line does not start that way.
    static func quickID(_ line: UnsafeBufferPointer<UInt8>) -> PHPValue? {
        let prefix = Bytes(php: "{\"id\": ")
        guard line.count > prefix.count, Array(line.prefix(prefix.count)) == prefix else { return nil }
        var i = prefix.count
        let start = i
        if line[i] == 0x22 {
            i += 1
            while i < line.count, line[i] != 0x22 {
                if line[i] == 0x5C {
                    guard i + 1 < line.count else { return nil }
                    i += 2
                } else {
                    i += 1
                }
            }
            guard i < line.count else { return nil }
            i += 1
        } else {
            if line[i] == 0x2D { i += 1 }
            let digits = i
            while i < line.count, (0x30...0x39).contains(line[i]) { i += 1 }
            guard i > digits else { return nil }
        }
        // (string)json_decode($token): a token PHP cannot decode becomes "".
        guard let value = PHPJSON.decodePrefix(UnsafeBufferPointer(rebasing: line[start..<i])) else { return .string([]) }
        switch value {
        case .double(let d): return .string(PHPFloat.string(d, precision: 14))
        default: return value
        }
    }
}
