import Glibc

/// What can stop a build or a refresh from putting its files in an index folder.
package enum IndexFolderError: LocalizedFailure, CustomStringConvertible {
    /// Another process has held the folder's lock for `seconds`.
    case locked(folder: String, seconds: Int)
    /// A file could not be written (`errno`).
    case cannotWrite(file: String, errno: Int32)
    /// The folder, or one above it, could not be made (`errno`).
    case cannotCreate(folder: String, errno: Int32)

    package var text: Localized {
        switch self {
        case .locked(let folder, let seconds):
            Localized(
                "the index folder \(folder) is locked: another process has held its lock for \(seconds) s; try again when it is done",
                ru: "каталог индекса \(folder) занят: другой процесс держит его блокировку уже \(seconds) с; повторите, когда он закончит")
        case .cannotWrite(let file, let code):
            Localized("cannot write \(file): ", ru: "не удалось записать \(file): ") + .system(code)
        case .cannotCreate(let folder, let code):
            Localized("cannot create the folder \(folder): ", ru: "не удалось создать каталог \(folder): ") + .system(code)
        }
    }

    package var description: String { text.en }
}
