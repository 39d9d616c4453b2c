import Foundation
import RulesRegex

/// Finding and opening an index: a folder made by `rules index build` (or holding an
/// `s2_search_index.php` made by the PHP original), or the path of that file itself.
public enum IndexLocation {
    public struct OpenError: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// The index at `path` and the chapter texts found beside it: `rules-texts.bin`, or
    /// the reference's `corpus.jsonl`; `corpus` names a corpus file to take them from.
    ///
    /// A rebuild renames its three files into place one after another (the S2 file, the
    /// binary form, the texts), so a search that opens them in between could take one
    /// build's index with the other's texts: snippets from the wrong text, or none. The
    /// binary form and the texts file both record the fingerprint of the corpus they were
    /// built from, and the files are opened again, a millisecond later, until they agree
    /// (see ``belongTogether(_:_:)``); a folder left inconsistent (a build stopped between
    /// its renames, a texts file copied from elsewhere) is searched as it is after
    /// ``attempts`` tries.
    public static func open(_ path: String, corpus: String? = nil) throws -> (index: any IndexReading, texts: ChapterTexts?) {
        try open(path, corpus: corpus, beforeAttempt: { _ in })
    }

    /// How many times ``open(_:corpus:)`` opens the files before it takes them as they are.
    static let attempts = 20

    /// ``open(_:corpus:)``, calling `beforeAttempt` with the attempt's number (from 0)
    /// before each (tests change the folder there).
    static func open(_ path: String, corpus: String?,
                     beforeAttempt: (Int) -> Void) throws -> (index: any IndexReading, texts: ChapterTexts?) {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw OpenError(message: "no index at \(path): build one with 'rules index build --corpus FILE.jsonl --out DIR'")
        }
        let directory = isDirectory.boolValue ? url : url.deletingLastPathComponent()
        let s2File = isDirectory.boolValue ? url.appendingPathComponent(S2IndexFile.fileName) : url
        // The path of an S2 file under its own name is its folder's index, binary form and
        // all; under another name (a copy of PHP's) it is that file alone.
        let wholeFolder = isDirectory.boolValue || url.lastPathComponent == S2IndexFile.fileName
        var attempt = 0
        while true {
            beforeAttempt(attempt)
            attempt += 1
            let lastAttempt = attempt == attempts
            let s2Stamp = FileStamp(s2File.path)
            let binary = wholeFolder ? BinaryIndex.find(directory: directory, s2Stamp: s2Stamp) : .none
            let texts = try texts(directory: directory, corpus: corpus)
            if !lastAttempt, corpus == nil, !belongTogether(binary, texts) {
                usleep(1000)
                continue
            }
            if case .fresh(let index) = binary { return (index, texts) }
            guard FileManager.default.fileExists(atPath: s2File.path) else {
                throw OpenError(message: "no index in \(path): no \(S2IndexFile.fileName) there")
            }
            let index: SearchIndex
            do {
                index = try S2IndexFile.read(s2File)
            } catch let error as S2IndexFile.FormatError {
                throw OpenError(message: "\(s2File.path): \(error.message); rebuild it with 'rules index build'")
            }
            // The S2 file read may be a newer one than the texts were checked against.
            if !lastAttempt, FileStamp(s2File.path) != s2Stamp { continue }
            return (index, texts)
        }
    }

    /// Whether the texts file and the index come from the same build, as far as the
    /// fingerprints tell. With the binary form fresh, the texts must have its fingerprint.
    /// With the binary form stale, the S2 file is newer than it: texts with the binary
    /// form's fingerprint are as old as it, so the rebuild is still putting its files in
    /// place. (Two builds of the same corpus have the same fingerprint, and files that
    /// are the same.) Without a binary form or a fingerprint there is nothing to compare.
    static func belongTogether(_ binary: BinaryIndex.Found, _ texts: ChapterTexts?) -> Bool {
        guard let textsFingerprint = texts?.corpusFingerprint else { return true }
        switch binary {
        case .fresh(let index): return index.corpusFingerprint == textsFingerprint
        case .stale(let fingerprint): return fingerprint != textsFingerprint
        case .none: return true
        }
    }

    static func texts(directory: URL, corpus: String?) throws -> ChapterTexts? {
        if let corpus {
            return ChapterTexts(corpus: try readCorpus(URL(fileURLWithPath: corpus)))
        }
        let store = directory.appendingPathComponent(ChapterTexts.fileName)
        if FileManager.default.fileExists(atPath: store.path) {
            do {
                return try ChapterTexts(contentsOf: store)
            } catch {
                throw OpenError(message: "\(error); rebuild the index with 'rules index build'")
            }
        }
        let reference = directory.appendingPathComponent("corpus.jsonl")
        if FileManager.default.fileExists(atPath: reference.path) {
            return ChapterTexts(corpus: try readCorpus(reference))
        }
        return nil
    }

    static func readCorpus(_ url: URL) throws -> Corpus {
        do {
            return try Corpus.read(url)
        } catch let error as Corpus.Error {
            throw OpenError(message: "\(url.path): \(error)")
        } catch let error as S2IndexFile.FormatError {
            throw OpenError(message: error.message)
        }
    }
}
