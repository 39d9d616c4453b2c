import CBuiltInRules
import Foundation
import RulesRegex

/// The built-in corpus of Russian spelling and punctuation rules and its index, carried
/// inside the binary: the index files of `Fixtures/rules-ru/index` as the binary's own
/// bytes (`CBuiltInRules`), the corpus and its outline as text (``BuiltInData``).
public enum BuiltInIndex {
    /// The prebuilt index, read in place like an index file.
    public static func index() throws -> BinaryIndex {
        try BinaryIndex(bytes: file(rules_builtin_index()), expecting: nil)
    }

    public static func texts() throws -> ChapterTexts {
        try ChapterTexts(file: file(rules_builtin_texts()))
    }

    /// The words of the built-in rules, for suggestions.
    public static func vocabulary() throws -> Vocabulary {
        try Vocabulary(file: file(rules_builtin_words()), checksummed: false)
    }

    /// The index files the binary carries, by name, as they lie in it.
    static var carried: [String: UnsafeRawBufferPointer] {
        [(BinaryIndex.fileName, rules_builtin_index()), (ChapterTexts.fileName, rules_builtin_texts()),
         (Vocabulary.fileName, rules_builtin_words())].reduce(into: [:]) { files, named in
            files[named.0] = UnsafeRawBufferPointer(start: named.1.bytes, count: named.1.size)
        }
    }

    /// A file the binary carries, read where it lies.
    private static func file(_ file: rules_builtin_file) -> FileBytes {
        FileBytes(static: UnsafeRawBufferPointer(start: file.bytes, count: file.size))
    }

    /// The corpus the index was built from, with each record's `kind`, `parent` and
    /// `number`.
    public static func corpus() throws -> Corpus {
        try Corpus.parse(Bytes(BuiltInData.corpus.utf8))
    }
}

/// Where a record of the built-in rules stands: a paragraph with its § number and chapter,
/// or a chapter with its number. Results and completions say it.
public struct RulePlace: Sendable {
    public enum Kind: String, Sendable { case chapter, paragraph }
    public let kind: Kind
    public let number: Int
    /// The chapter's id, for a paragraph.
    public let chapter: String?
}

extension BuiltInIndex {
    /// Each record's place, by id (from ``BuiltInData/outline``, not the corpus: reading it
    /// costs a search a few microseconds, parsing the corpus milliseconds).
    public static let outline: [String: RulePlace] = {
        // Read as bytes: splitting the String by lines and tabs cost a search 9 million
        // instructions, four times the search itself; this, a hundredth of that.
        var places: [String: RulePlace] = [:]
        places.reserveCapacity(512)
        var text = BuiltInData.outline
        text.withUTF8 { bytes in
            var fields: [Range<Int>] = []
            var start = 0
            for (i, byte) in bytes.enumerated() where byte == 0x09 || byte == 0x0A {
                fields.append(start..<i)
                start = i + 1
                guard byte == 0x0A else { continue }
                defer { fields.removeAll(keepingCapacity: true) }
                guard fields.count == 4 else { continue }
                func field(_ k: Int) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[fields[k]]), as: UTF8.self) }
                guard let kind = RulePlace.Kind(rawValue: field(1)), let number = Int(field(2)) else { continue }
                places[field(0)] = RulePlace(kind: kind, number: number, chapter: fields[3].isEmpty ? nil : field(3))
            }
        }
        return places
    }()
}
