import Foundation

/// What an index folder's files are now: each file's device, inode, size and time. A build
/// or a refresh renames new files into place, so any of them changes it; a server compares
/// it between requests to open the index again (`rules serve`).
package struct IndexStamp: Equatable, Sendable {
    private struct File: Equatable, Sendable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let modified: Int64
    }

    private let files: [File?]

    /// The stamp of the index at `path` (a folder, or an S2 file), and of `corpus` when its
    /// texts come from one.
    package init(_ path: String, corpus: String? = nil) {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        let folder = exists && isDirectory.boolValue ? path : (path as NSString).deletingLastPathComponent
        var paths = [S2IndexFile.fileName, BinaryIndex.fileName, ChapterTexts.fileName, Vocabulary.fileName, ChapterFingerprints.fileName]
            .map { (folder as NSString).appendingPathComponent($0) }
        if exists, !isDirectory.boolValue { paths.append(path) }
        if let corpus { paths.append(corpus) }
        files = paths.map { path in
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            return File(
                device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
        }
    }
}
