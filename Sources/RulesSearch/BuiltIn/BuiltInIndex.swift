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

    /// The corpus the index was built from, with each record's `kind`, `parent` and
    /// `number`.
    public static func corpus() throws -> Corpus {
        try Corpus.parse(Bytes(BuiltInData.corpus.utf8))
    }
}
