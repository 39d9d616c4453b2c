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
    public static func open(_ path: String, corpus: String? = nil) throws -> (index: any IndexReading, texts: ChapterTexts?) {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw OpenError(message: "no index at \(path): build one with 'rules index build --corpus FILE.jsonl --out DIR'")
        }
        let directory = isDirectory.boolValue ? url : url.deletingLastPathComponent()
        let s2File = isDirectory.boolValue ? url.appendingPathComponent(S2IndexFile.fileName) : url
        let index: any IndexReading
        if isDirectory.boolValue, let binary = try? BinaryIndex.openIfFresh(directory: directory) {
            index = binary
        } else {
            guard FileManager.default.fileExists(atPath: s2File.path) else {
                throw OpenError(message: "no index in \(path): no \(S2IndexFile.fileName) there")
            }
            do {
                index = try S2IndexFile.read(s2File)
            } catch let error as S2IndexFile.FormatError {
                throw OpenError(message: "\(s2File.path): \(error.message); rebuild it with 'rules index build'")
            }
        }
        return (index, try texts(directory: directory, corpus: corpus))
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
