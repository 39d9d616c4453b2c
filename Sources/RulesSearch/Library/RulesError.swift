import Foundation

/// What went wrong with an index or a corpus: the one error the library's entry points
/// throw. ``kind`` says what happened as a value; ``description`` says it in English, with
/// the file and what to do.
///
/// ```swift
/// do {
///     let index = try RulesIndex(folder: "/srv/rules-index")
/// } catch let error as RulesError where error.kind == .notFound {
///     // build one first
/// }
/// ```
public struct RulesError: Error, CustomStringConvertible, Sendable {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// No index (or no corpus) at the path given.
        case notFound
        /// A file there cannot be opened or read (permissions, not a regular file, no memory).
        case unreadable
        /// An index file is damaged or of another format; building the index again mends it.
        case damaged
        /// A corpus line is not a chapter the indexer can take.
        case badCorpus
        /// Another process kept changing the index, or holds it locked; try again.
        case busy
        /// Anything else (a write that failed, a full disk).
        case other
    }

    /// What happened, as a value.
    public let kind: Kind
    /// What happened, in both languages (the command line says it in the user's).
    package let text: Localized
    /// What happened, in English: one line naming the file and what to do.
    public var description: String { text.en }

    package init(_ kind: Kind, _ text: Localized) {
        self.kind = kind
        self.text = text
    }

    /// Any error of the search core, as one of these.
    package init(_ error: any Error) {
        let text = Localized(describing: error)
        switch error {
        case let error as RulesError: self = error
        case let error as IndexLocation.OpenError:
            let kind: Kind =
                switch error.kind {
                case .noIndex, .noS2File: .notFound
                case .unreadable: .unreadable
                case .damaged: .damaged
                case .corpus: .badCorpus
                case .rebuiltDuringSearch: .busy
                case .other: .other
                }
            self.init(kind, text)
        case let error as FolderRefresh.Error:
            let kind: Kind =
                switch error.kind {
                case .noIndex: .notFound
                case .cannotTellChanges: .other
                case .keptChanging: .busy
                }
            self.init(kind, text)
        case let error as IndexFolderError:
            switch error {
            case .locked: self.init(.busy, text)
            case .cannotWrite, .cannotCreate: self.init(.other, text)
            }
        case is Corpus.Error: self.init(.badCorpus, text)
        case is FileBytes.OpenError: self.init(.unreadable, text)
        case is FileFormatError, is BinaryIndex.FormatError:
            self.init(.damaged, text)
        default: self.init(.other, text)
        }
    }
}
