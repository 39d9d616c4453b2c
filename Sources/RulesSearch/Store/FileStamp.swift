import Foundation

/// Size and modification time (nanoseconds) of a file: what the binary form and the chapter
/// fingerprints record of the S2 file they were made with, so that a reader can tell when
/// the S2 file was written again by something that did not write them too.
struct FileStamp: Equatable {
    let size: UInt64
    let modified: Int64

    init(_ info: stat) {
        size = UInt64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }

    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }
}
