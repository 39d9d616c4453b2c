import Foundation
import RulesRegex

/// The index file of s2_search, `s2_search_index.php` (`Worker::save_index` and
/// `Worker::read_index`): six lines, each an 8-byte prefix that makes the file inert PHP
/// (`<?php //`, then `      //`) and one `serialize()` value: the fulltext index, the
/// excluded words, the three keyword indexes and the table of contents.
package enum S2IndexFile {
    package static let fileName = "s2_search_index.php"
    static let firstPrefix = Bytes(php: "<?php //")
    static let otherPrefix = Bytes(php: "      //")

    package typealias FormatError = FileFormatError

    // MARK: Writing

    /// The file's bytes, exactly as `Worker::save_index` writes them.
    package static func encode(_ index: SearchIndex) -> Bytes {
        encodedPieces(index).concatenated()
    }

    /// ``encode(_:)`` as the pieces to write one after the other: the first line's prefix,
    /// its value (the fulltext index, most of the file), then the other five lines.
    static func encodedPieces(_ index: SearchIndex) -> [Bytes] {
        [firstPrefix, fulltextLine(index.fulltext), otherLines(index)]
    }

    private static func otherLines(_ index: SearchIndex) -> Bytes {
        var out = Bytes()
        out.reserveCapacity(1 << 16)
        out += otherPrefix
        PHPSerialize.appendArrayStart(index.excludedWords.count, to: &out)
        for (word, value) in index.excludedWords.entries {
            PHPSerialize.serialize(key: PHPKey(word.bytes), into: &out)
            PHPSerialize.serialize(value, into: &out)
        }
        out += [0x7D, 0x0A]
        for keywords in [index.singleKeywords, index.stemKeywords, index.phraseKeywords] {
            out += otherPrefix
            appendWordTable(keywords, to: &out) { weight, out in PHPSerialize.serialize(weight, into: &out) }
        }
        out += otherPrefix
        PHPSerialize.appendArrayStart(index.tableOfContents.count, to: &out)
        for (name, entry) in index.tableOfContents.entries {
            PHPSerialize.serialize(key: PHPKey(name.bytes), into: &out)
            PHPSerialize.serialize(.array(entry.fields), into: &out)
        }
        out += [0x7D, 0x0A]
        return out
    }

    /// The first line's value, the fulltext index, and its line break. It is most of the
    /// file (a megabyte for man-ru), so it is written through a pointer into a buffer
    /// sized for the worst case: an integer takes at most 20 bytes.
    private static func fulltextLine(_ fulltext: FulltextIndex) -> Bytes {
        let totals = fulltext.totals
        return Bytes(writingAtMost: 32 + 56 * fulltext.count + totals.stemBytes + 60 * totals.postings + totals.listBytes) { w in
            w.arrayStart(fulltext.count)
            for k in 0..<fulltext.count {
                w.serialize(key: fulltext.stem(k))
                let postings = fulltext.postings(ofStem: k)
                w.arrayStart(postings.count)
                for p in postings {
                    w.serialize(int: fulltext.id(p))
                    if let position = fulltext.single(p) {
                        w.serialize(int: position)
                    } else {
                        w.serialize(string: fulltext.list(p))
                    }
                }
                w.byte(0x7D)
            }
            w.byte(0x7D)
            w.byte(0x0A)
        }
    }

    /// One line's value for a word → chapter id → value table, and its line break.
    private static func appendWordTable<V>(
        _ table: OrderedMap<ByteKey, OrderedMap<Int, V>>, to out: inout Bytes,
        value: (V, inout Bytes) -> Void
    ) {
        PHPSerialize.appendArrayStart(table.count, to: &out)
        for (word, chapters) in table.entries {
            PHPSerialize.serialize(key: PHPKey(word.bytes), into: &out)
            PHPSerialize.appendArrayStart(chapters.count, to: &out)
            for (id, v) in chapters.entries {
                PHPSerialize.serialize(key: .int(id), into: &out)
                value(v, &out)
            }
            out.append(0x7D)
        }
        out += [0x7D, 0x0A]
    }

    // MARK: Reading

    /// Parses the file. Anything malformed (a missing line, a value that does not parse, an
    /// object, a part of the wrong shape) is a ``FormatError`` saying where.
    package static func decode(_ data: Bytes) throws(FormatError) -> SearchIndex {
        try decode(data, readingFulltextDirectly: true)
    }

    /// ``decode(_:)``, the first line read by ``FulltextLineReader`` or, for the tests that
    /// hold the two readings side by side, by `unserialize` always.
    package static func decode(_ data: Bytes, readingFulltextDirectly: Bool) throws(FormatError) -> SearchIndex {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for _ in 0..<6 {
            guard let end = data[start...].firstIndex(of: 0x0A) else {
                throw FormatError(
                    Localized(
                        "the index has \(lines.count) complete lines, not 6 (truncated?)",
                        ru: "в индексе полных строк: \(lines.count), а не 6 (файл обрезан?)"))
            }
            lines.append(data[start..<end])
            start = end + 1
        }
        guard start == data.count else {
            throw FormatError(Localized("the index has more than 6 lines", ru: "в индексе больше 6 строк"))
        }
        var values: [PHPValue] = []
        var fast: FulltextIndex?
        for (n, line) in lines.enumerated() {
            let prefix = n == 0 ? firstPrefix : otherPrefix
            guard line.count > 8, Array(line.prefix(8)) == prefix else {
                throw FormatError(
                    Localized(
                        "line \(n + 1) of the index does not start with '\(String(decoding: prefix, as: UTF8.self))'",
                        ru: "строка \(n + 1) индекса начинается не с «\(String(decoding: prefix, as: UTF8.self))»"))
            }
            let body = Array(line.dropFirst(8))
            if n == 0, readingFulltextDirectly, let fulltext = body.withUnsafeBufferPointer(FulltextLineReader.read) {
                fast = fulltext
                values.append(.null)   // not looked at: the index has its fulltext
                continue
            }
            let parsed: (PHPValue, Int)
            do {
                parsed = try PHPSerialize.unserialize(body)
            } catch {
                throw FormatError(
                    Localized(
                        "line \(n + 1) of the index is not a serialized value: \(error.text.en)",
                        ru: "строка \(n + 1) индекса — не сериализованное значение: \(error.text.ru)"))
            }
            guard parsed.1 == body.count else {
                throw FormatError(
                    Localized(
                        "line \(n + 1) of the index has extra bytes after its value",
                        ru: "в строке \(n + 1) индекса после значения лишние байты"))
            }
            values.append(parsed.0)
        }
        return try typed(values, fulltext: fast)
    }

    private static let partNames = [
        Localized("fulltext index", ru: "полнотекстовый индекс"), Localized("excluded words", ru: "исключённые слова"),
        Localized("single keywords", ru: "ключевые слова"), Localized("stem keywords", ru: "основы ключевых слов"),
        Localized("phrase keywords", ru: "ключевые фразы"), Localized("table of contents", ru: "оглавление"),
    ]

    /// The index of the six lines' values; `fulltext`, when given, is the first line's
    /// (``FulltextLineReader``), and its value is not looked at.
    private static func typed(_ values: [PHPValue], fulltext: FulltextIndex?) throws(FormatError) -> SearchIndex {
        func array(_ n: Int) throws(FormatError) -> PHPArray {
            guard case .array(let a) = values[n] else {
                throw FormatError(
                    Localized(
                        "the \(partNames[n].en) (line \(n + 1)) is not an array",
                        ru: "\(partNames[n].ru) (строка \(n + 1)) — не массив"))
            }
            return a
        }
        func bad(_ n: Int, _ what: Localized) -> FormatError {
            FormatError(
                Localized("the \(partNames[n].en) (line \(n + 1)) has \(what.en)", ru: "\(partNames[n].ru) (строка \(n + 1)): \(what.ru)"))
        }
        var index = SearchIndex()
        if let fulltext { index.fulltext = fulltext }
        for (key, value) in fulltext != nil ? PHPArray().entries : try array(0).entries {
            guard case .array(let chapters) = value else { throw bad(0, Localized("a word without chapters", ru: "слово без глав")) }
            index.fulltext.appendStem(key.bytes)
            for (id, positions) in chapters.entries {
                guard case .int(let chapter) = id else {
                    throw bad(0, Localized("a chapter id that is not a number", ru: "номер главы — не число"))
                }
                switch positions {
                case .int(let p): index.fulltext.appendPosting(id: chapter, single: p)
                case .string(let s): index.fulltext.appendPosting(id: chapter) { $0 += s }
                default: throw bad(0, Localized("positions that are neither a number nor a string", ru: "позиции — не число и не строка"))
                }
            }
        }
        for (key, value) in try array(1).entries {
            index.excludedWords.append(ByteKey(key.bytes), value)
        }
        for n in 2...4 {
            var keywords = OrderedMap<ByteKey, OrderedMap<Int, PHPValue>>()
            for (key, value) in try array(n).entries {
                guard case .array(let chapters) = value else {
                    throw bad(n, Localized("a keyword without chapters", ru: "ключевое слово без глав"))
                }
                var map = OrderedMap<Int, PHPValue>(minimumCapacity: chapters.count)
                for (id, weight) in chapters.entries {
                    guard case .int(let chapter) = id else {
                        throw bad(n, Localized("a chapter id that is not a number", ru: "номер главы — не число"))
                    }
                    switch weight {
                    case .double(let d) where !KeywordTables.isRankable(d):
                        // Named as PHP writes it.
                        let written = d.isNaN ? "NAN" : d.isInfinite ? (d < 0 ? "-INF" : "INF") : "\(d)"
                        throw bad(
                            n,
                            Localized(
                                "a weight that is not a finite number within ±1e280 (\(written))",
                                ru: "вес — не конечное число в пределах ±1e280 (\(written))"))
                    case .int, .double: map.append(chapter, weight)
                    default: throw bad(n, Localized("a weight that is not a number", ru: "вес — не число"))
                    }
                }
                keywords.append(ByteKey(key.bytes), map)
            }
            switch n {
            case 2: index.singleKeywords = keywords
            case 3: index.stemKeywords = keywords
            default: index.phraseKeywords = keywords
            }
        }
        for (key, value) in try array(5).entries {
            guard case .array(let fields) = value, case .int(let id)? = fields[PHPKey(Bytes(php: "id"))] else {
                throw bad(5, Localized("an entry without a numeric id", ru: "запись без числового id"))
            }
            index.tableOfContents.append(ByteKey(key.bytes), SearchIndex.Entry(fields: fields, id: id))
        }
        return index
    }

    /// The index in the file at `url` (`s2_search_index.php`, or a copy under another name): a file that cannot be opened or read throws
    /// `FileBytes.OpenError`, one whose content is not an S2 index ``FormatError``.
    package static func read(_ url: URL) throws -> SearchIndex {
        try decode(try FileBytes.read(url.path))
    }
}
