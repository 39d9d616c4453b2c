import CBuiltInRules
import Foundation
import RulesRegex

/// The built-in corpus of Russian spelling and punctuation rules and its index, carried
/// inside the binary: the index files of `Fixtures/rules-ru/index` as the binary's own
/// bytes (`CBuiltInRules`), the corpus and its outline as text (``BuiltInData``).
package enum BuiltInIndex {
    /// The prebuilt index, read in place like an index file.
    package static func index() throws -> BinaryIndex {
        try BinaryIndex(bytes: file(rules_builtin_index()), expecting: nil)
    }

    package static func texts() throws -> ChapterTexts {
        try ChapterTexts(file: file(rules_builtin_texts()))
    }

    /// The words of the built-in rules, for suggestions.
    package static func vocabulary() throws -> Vocabulary {
        try Vocabulary(file: file(rules_builtin_words()), checksummed: false)
    }

    /// ``vocabulary()`` opened only to look words up (``Vocabulary/forLookup(in:)``): its
    /// bounds not walked first, for a search that only asks whether a word is known.
    package static func vocabularyForLookup() -> Vocabulary? {
        Vocabulary.forLookup(in: file(rules_builtin_words()))
    }

    /// The index files the binary carries, by name, as they lie in it.
    static var carried: [String: UnsafeRawBufferPointer] {
        [
            (BinaryIndex.fileName, rules_builtin_index()), (ChapterTexts.fileName, rules_builtin_texts()),
            (Vocabulary.fileName, rules_builtin_words()),
        ].reduce(into: [:]) { files, named in
            files[named.0] = UnsafeRawBufferPointer(start: named.1.bytes, count: named.1.size)
        }
    }

    /// A file the binary carries, read where it lies.
    private static func file(_ file: rules_builtin_file) -> FileBytes {
        FileBytes(static: UnsafeRawBufferPointer(start: file.bytes, count: file.size))
    }

    /// The corpus the index was built from, with each record's `kind`, `parent` and
    /// `number`.
    package static func corpus() throws -> Corpus {
        try Corpus.parse(Bytes(BuiltInData.corpus.utf8))
    }
}
