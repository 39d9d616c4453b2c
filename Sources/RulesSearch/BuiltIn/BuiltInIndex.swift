import Foundation
import RulesRegex

/// The built-in corpus of Russian spelling and punctuation rules and its index, carried
/// inside the binary (``BuiltInData``, generated from `Fixtures/rules-ru`).
public enum BuiltInIndex {
    /// The prebuilt index, read in place like an index file.
    public static func index() throws -> BinaryIndex {
        guard let data = Data(base64Encoded: BuiltInData.index) else {
            throw BinaryIndex.FormatError(message: "the built-in index is damaged")
        }
        return try BinaryIndex(bytes: FileBytes(copying: data), expecting: nil)
    }

    public static func texts() throws -> ChapterTexts {
        guard let data = Data(base64Encoded: BuiltInData.texts) else {
            throw ChapterTexts.FormatError(message: "the built-in texts are damaged")
        }
        return try ChapterTexts(file: FileBytes(copying: data))
    }

    /// The corpus the index was built from, with each record's `kind`, `parent` and
    /// `number`.
    public static func corpus() throws -> Corpus {
        try Corpus.parse(Bytes(BuiltInData.corpus.utf8))
    }
}
