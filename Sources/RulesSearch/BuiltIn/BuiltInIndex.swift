import Foundation
import RulesRegex

/// The built-in corpus of Russian spelling and punctuation rules and its index, carried
/// inside the binary (``BuiltInData``, generated from `Fixtures/rules-ru`).
public enum BuiltInIndex {
    /// The prebuilt index, read in place like an index file.
    public static func index() throws -> BinaryIndex {
        guard let bytes = FileBytes(base64: BuiltInData.index) else {
            throw BinaryIndex.FormatError(message: "the built-in index is damaged")
        }
        return try BinaryIndex(bytes: bytes, expecting: nil)
    }

    public static func texts() throws -> ChapterTexts {
        guard let bytes = FileBytes(base64: BuiltInData.texts) else {
            throw ChapterTexts.FormatError(message: "the built-in texts are damaged")
        }
        return try ChapterTexts(file: bytes)
    }

    /// The words of the built-in rules, for suggestions.
    public static func vocabulary() throws -> Vocabulary {
        guard let bytes = FileBytes(base64: BuiltInData.words) else {
            throw Vocabulary.FormatError(message: "the built-in vocabulary is damaged")
        }
        return try Vocabulary(file: bytes)
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
        var places: [String: RulePlace] = [:]
        for line in BuiltInData.outline.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 4, let kind = RulePlace.Kind(rawValue: String(fields[1])), let number = Int(fields[2]) else { continue }
            places[String(fields[0])] = RulePlace(kind: kind, number: number, chapter: fields[3].isEmpty ? nil : String(fields[3]))
        }
        return places
    }()
}
