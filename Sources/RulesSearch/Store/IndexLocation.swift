import Foundation
import RulesRegex

/// Finding and opening an index: a folder made by `rules index build` (or holding an
/// `s2_search_index.php` made by the PHP original), or the path of that file itself.
package enum IndexLocation {
    package struct OpenError: LocalizedFailure, CustomStringConvertible {
        /// What happened, in both languages; ``kind`` says it as a value.
        package let text: Localized
        package var kind: Kind = .other
        /// In English.
        package var message: String { text.en }
        package var description: String { text.en }

        package init(_ text: Localized, kind: Kind = .other) {
            self.text = text
            self.kind = kind
        }

        package enum Kind: Sendable {
            /// Nothing at the path.
            case noIndex(path: String)
            /// A folder without an S2 index file.
            case noS2File(path: String)
            case rebuiltDuringSearch
            /// The index or texts file cannot be read; `detail` says why.
            case damaged(file: String, detail: Localized)
            /// The file cannot be opened or read at all (no permission, not a regular file):
            /// `reason` as the system says it.
            case unreadable(file: String, reason: Localized)
            case corpus(path: String, Corpus.Error)
            case other
        }
    }

    /// The index at `path` and the chapter texts found beside it: `rules-texts.bin`, or
    /// the reference's `corpus.jsonl`; `corpus` names a corpus file to take them from.
    ///
    /// A rebuild renames its three files into place one after another (the S2 file, the
    /// binary form, the texts), so a search that opens them in between could take one
    /// build's index with the other's texts: snippets from the wrong text, or none. The
    /// binary form and `rules-texts.bin` both record the fingerprint of the corpus they
    /// were built from; when they disagree (see ``belongTogether(_:_:)``) while one of the
    /// files changed in the last ``settling`` seconds, the files are opened again a
    /// millisecond later, up to ``attempts`` times. A folder that stays inconsistent (a
    /// build stopped between its renames, files copied from elsewhere, an S2 file rebuilt
    /// by PHP) is searched at once without the texts that do not belong, and `warning`
    /// says so.
    ///
    /// A binary form found damaged, when opened or as a search reads it (``CheckedIndex``),
    /// is set aside for the S2 file, and `warning` hears it, once.
    ///
    /// Without `withTexts` (`rules titles`, which shows none), no texts are opened: then
    /// there is nothing to check the index against either.
    ///
    /// The index files are mapped, and read as a search needs them. With `copied` they are
    /// read into memory at once instead, for a reader that keeps them for long (a batch,
    /// the full-screen search): a file then rewritten in place (`cp` over it, `rsync
    /// --inplace`) changes nothing it reads, where a mapped page past the file's new end
    /// would fault.
    package static func open(
        _ path: String, corpus: String? = nil, withTexts: Bool = true, copied: Bool = false,
        warning: @escaping (Localized) -> Void = { _ in }
    ) throws -> (index: any IndexReading, texts: ChapterTexts?) {
        try open(path, corpus: corpus, withTexts: withTexts, copied: copied, warning: warning, beforeAttempt: { _ in })
    }

    /// The vocabulary kept with the index at `path` (a folder, or its S2 file under its own
    /// name), `nil` when there is none; a damaged one is an error. `copied`: read into
    /// memory rather than mapped, as ``open(_:corpus:withTexts:copied:warning:)`` reads.
    package static func vocabulary(_ path: String, copied: Bool = false) throws -> Vocabulary? {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue { return try Vocabulary.read(in: url, copied: copied) }
        guard url.lastPathComponent == S2IndexFile.fileName else { return nil }
        return try Vocabulary.read(in: url.deletingLastPathComponent(), copied: copied)
    }

    /// ``vocabulary(_:copied:)`` opened only to look words up (``Vocabulary/readForLookup(in:copied:)``):
    /// `nil` when there is none or it cannot be read so. Paths as strings and `stat`: URL's
    /// first `path` costs a one-query search a tenth of its work in type lookups.
    package static func vocabularyForLookup(_ path: String, copied: Bool = false) -> Vocabulary? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        if info.st_mode & S_IFMT == S_IFDIR { return Vocabulary.readForLookup(in: path, copied: copied) }
        guard PlainPath.lastName(of: path) == S2IndexFile.fileName else { return nil }
        return Vocabulary.readForLookup(in: PlainPath.folder(of: path), copied: copied)
    }

    /// How many times ``open(_:corpus:)`` opens the files before it takes them as they are.
    static let attempts = 20
    /// For how many seconds after one of the files changed a disagreement between them is
    /// taken for a rebuild under way (whose renames follow one another within microseconds).
    static let settling = 2.0

    /// ``open(_:corpus:)``, calling `beforeAttempt` with the attempt's number (from 0)
    /// before each (tests change the folder there, and shorten `settling`).
    static func open(
        _ path: String, corpus: String?, withTexts: Bool = true, copied: Bool = false, settling: Double = settling,
        warning: @escaping (Localized) -> Void = { _ in }, beforeAttempt: (Int) -> Void
    ) throws -> (index: any IndexReading, texts: ChapterTexts?) {
        // Each path is made once, as strings, and without URL where it can be (``PlainPath``):
        // URL's first path operation costs tens of thousands of instructions.
        let urlPath = PlainPath.absolute(path) ?? URL(fileURLWithPath: path).path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: urlPath, isDirectory: &isDirectory) else {
            throw OpenError(
                Localized(
                    "no index at \(path): build one with 'rules index build --corpus FILE.jsonl --out DIR'",
                    ru: "нет индекса в \(path): постройте его командой «rules index build --corpus FILE.jsonl --out DIR»"),
                kind: .noIndex(path: path))
        }
        // A folder that cannot be read is not one without an index.
        if isDirectory.boolValue, access(urlPath, R_OK | X_OK) != 0 {
            let reason = Localized.system(errno)
            throw OpenError(
                Localized("cannot read the folder \(path): \(reason.en)", ru: "не удаётся прочитать каталог \(path): \(reason.ru)"),
                kind: .unreadable(file: path, reason: reason))
        }
        let directoryPath = isDirectory.boolValue ? urlPath : PlainPath.folder(of: urlPath)
        let directory = URL(fileURLWithPath: directoryPath)
        let s2Path = isDirectory.boolValue ? PlainPath.join(directoryPath, S2IndexFile.fileName) : urlPath
        let s2File = URL(fileURLWithPath: s2Path)
        // The path of an S2 file under its own name is its folder's index, binary form and
        // all; under another name (a copy of PHP's) it is that file alone.
        let wholeFolder = isDirectory.boolValue || PlainPath.lastName(of: urlPath) == S2IndexFile.fileName
        let textsPath = PlainPath.join(directoryPath, ChapterTexts.fileName)
        let binaryFile = PlainPath.join(directoryPath, BinaryIndex.fileName)
        var attempt = 0
        while true {
            beforeAttempt(attempt)
            attempt += 1
            let lastAttempt = attempt == attempts
            let s2Stamp = FileStamp(s2Path)
            let binary = wholeFolder ? BinaryIndex.find(in: directoryPath, s2Stamp: s2Stamp, copied: copied) : .none
            // Only the texts a build writes are compared: a corpus file is read as it is.
            // A fresh binary form without them is a first build still renaming its files.
            let stored = corpus == nil && withTexts ? try storedTexts(textsPath, copied: copied) : nil
            let agree = stored.map { belongTogether(binary, $0) } ?? (corpus != nil || !withTexts || !binary.isFresh)
            if !lastAttempt, !agree,
                changedLately([s2Path, binaryFile, textsPath], within: settling)
            {
                usleep(1000)
                continue
            }
            // Texts of another build are set aside: their chapters would give the snippets of
            // other texts, silently (a build stopped between its renames, a texts file copied
            // from another folder).
            // Said once the index is read: an index that cannot be is the one thing to say.
            let setAside = stored != nil && !agree
            let texts = withTexts ? try (setAside ? nil : stored) ?? otherTexts(directory: directory, corpus: corpus) : nil
            func sayTextsSetAside() {
                if setAside {
                    warning(
                        Localized(
                            "\(textsPath) is not from the same build as the index (a build stopped between its renames, "
                                + "or a file copied from elsewhere); results come without snippets; rebuild the index with 'rules index build'",
                            ru: "\(textsPath) не из той же сборки, что индекс (сборку прервали между переименованиями файлов "
                                + "или файл скопирован из другого места); результаты выводятся без фрагментов текста; "
                                + "пересоберите индекс командой «rules index build»"))
                } else if withTexts, texts == nil, wholeFolder, binary.madeByRules {
                    // A folder rules built has its texts: one gone is said, not silent.
                    warning(
                        Localized(
                            "\(textsPath) is missing; results come without snippets; rebuild the index with 'rules index build'",
                            ru: "нет файла \(textsPath); результаты выводятся без фрагментов текста; "
                                + "пересоберите индекс командой «rules index build»"))
                }
            }
            if case .fresh(let index) = binary {
                // The S2 file read after damage must be the one the binary form was made
                // from, not a newer build's: its ids would not match the texts.
                func sameBuild() throws {
                    guard FileStamp(s2Path) == s2Stamp else {
                        throw OpenError(
                            Localized(
                                "the index was rebuilt during the search; search again",
                                ru: "индекс перестроили во время поиска; повторите поиск"), kind: .rebuiltDuringSearch)
                    }
                }
                let readSame = {
                    try sameBuild()
                    let index = try readS2(s2File)
                    try sameBuild()
                    return index
                }
                sayTextsSetAside()
                return (CheckedIndex(binary: index, readS2: readSame, warn: { warning(Localized(both: "\(binaryFile): ") + $0) }), texts)
            }
            guard FileManager.default.fileExists(atPath: s2Path) else {
                throw OpenError(
                    Localized(
                        "no index in \(path): no \(S2IndexFile.fileName) there",
                        ru: "в \(path) нет индекса: нет файла \(S2IndexFile.fileName)") + corpusHint(in: directory),
                    kind: .noS2File(path: path))
            }
            let index = try readS2(s2File)
            // The S2 file read may be a newer one than the texts were checked against.
            if !lastAttempt, FileStamp(s2Path) != s2Stamp { continue }
            switch binary {
            case .damaged(let why):
                warning(
                    Localized(
                        "\(binaryFile): the binary index is damaged (\(why.en)); answering from the S2 file; rebuild the index with 'rules index build'",
                        ru:
                            "\(binaryFile): двоичный индекс повреждён (\(why.ru)); ответы берутся из файла S2; пересоберите индекс командой «rules index build»"
                    ))
            case .unreadable(let why):
                warning(why + Localized("; answering from the S2 file", ru: "; ответы берутся из файла S2"))
            case .fresh, .stale, .none:
                break
            }
            sayTextsSetAside()
            return (index, texts)
        }
    }

    static func readS2(_ file: URL) throws -> SearchIndex {
        if let corpus = corpusGivenAsIndex(file) { throw corpus }
        do {
            return try S2IndexFile.read(file)
        } catch let error as FileBytes.OpenError {
            // Not damage, and not mended by a rebuild: said as the system says it.
            throw OpenError(error.text, kind: .unreadable(file: file.path, reason: error.reason ?? error.text))
        } catch let error as S2IndexFile.FormatError {
            throw OpenError(
                Localized(
                    "\(file.path): \(error.text.en); rebuild it with 'rules index build'",
                    ru: "\(file.path): \(error.text.ru); пересоберите индекс командой «rules index build»"),
                kind: .damaged(file: file.path, detail: error.text))
        }
    }

    /// A file given as the index that begins as a corpus does (a JSON object, or an array
    /// of them), said as such: its lines would be read as an S2 file's and found short.
    private static func corpusGivenAsIndex(_ file: URL) -> OpenError? {
        guard file.lastPathComponent != S2IndexFile.fileName else { return nil }
        // Not opened to wait: a FIFO or a device in its place is said as the S2 file is read.
        let fd = Glibc.open(file.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var head = [UInt8](repeating: 0, count: 64)
        let count = pread(fd, &head, head.count, 0)
        head = Array(head.prefix(max(count, 0)))
        guard
            let first = head.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }
            ),
            first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        else { return nil }
        let path = file.path
        let quoted = ShellQuote.quote(path)
        return OpenError(
            Localized(
                "\(path) is a corpus (JSON), not an index: build its index with 'rules index build --corpus \(quoted) --out DIR', then search it with --index DIR",
                ru:
                    "\(path) — корпус (JSON), а не индекс: постройте его индекс командой «rules index build --corpus \(quoted) --out DIR» и ищите в нём с --index DIR"
            ),
            kind: .damaged(file: path, detail: Localized("a corpus", ru: "корпус")))
    }

    /// What to do when a folder holds no index but a corpus (a `.jsonl` file): build one.
    private static func corpusHint(in directory: URL) -> Localized {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        guard let corpus = names.filter({ $0.hasSuffix(".jsonl") }).sorted().first else { return Localized(both: "") }
        let command =
            "rules index build --corpus \(ShellQuote.quote(directory.appendingPathComponent(corpus).path)) --out \(ShellQuote.quote(directory.path))"
        return Localized("; to build one from \(corpus): \(command)", ru: "; чтобы построить его из \(corpus): «\(command)»")
    }

    /// Whether the texts file and the index come from the same build, as far as the
    /// fingerprints tell. With the binary form fresh, the texts must have its fingerprint
    /// (texts without one are older than any binary form of this version). With the binary
    /// form stale, the S2 file is newer than it: texts with the binary form's fingerprint
    /// are as old as it, so a rebuild may still be putting its files in place. (Two builds
    /// of the same corpus have the same fingerprint, and files that are the same.) Without
    /// a binary form there is nothing to compare.
    static func belongTogether(_ binary: BinaryIndex.Found, _ texts: ChapterTexts) -> Bool {
        switch binary {
        case .fresh(let index): return index.corpusFingerprint == texts.corpusFingerprint
        case .stale(let fingerprint): return texts.corpusFingerprint != fingerprint
        case .damaged, .unreadable, .none: return true
        }
    }

    /// Whether any of `files` was created, written or renamed in the last `seconds` (its
    /// status change time: a rename sets it).
    static func changedLately(_ files: [String], within seconds: Double) -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return files.contains { file in
            var info = stat()
            guard stat(file, &info) == 0 else { return false }
            let age = Double(now.tv_sec - info.st_ctim.tv_sec) + Double(now.tv_nsec - info.st_ctim.tv_nsec) / 1e9
            return age < seconds
        }
    }

    /// `rules-texts.bin`, when the folder has one.
    static func storedTexts(_ file: String, copied: Bool = false) throws -> ChapterTexts? {
        guard FileManager.default.fileExists(atPath: file) else { return nil }
        // A file that cannot be read is not a damaged one: a rebuild is no answer to it
        // (`ChapterTexts` says so as an `OpenError` of kind `.unreadable`).
        do {
            return try ChapterTexts(path: file, copied: copied)
        } catch let error as OpenError {
            throw error
        } catch let error as ChapterTexts.FormatError {
            throw OpenError(
                error.text
                    + Localized("; rebuild the index with 'rules index build'", ru: "; пересоберите индекс командой «rules index build»"),
                kind: .damaged(file: file, detail: error.text))
        }
    }

    /// The texts of the corpus named, else of the reference's `corpus.jsonl` in the
    /// folder, else none.
    static func otherTexts(directory: URL, corpus: String?) throws -> ChapterTexts? {
        if let corpus {
            return ChapterTexts(corpus: try readCorpus(URL(fileURLWithPath: corpus)))
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
            throw OpenError(Localized(both: "\(url.path): ") + error.text, kind: .corpus(path: url.path, error))
        } catch let error as FileBytes.OpenError {
            throw OpenError(error.text, kind: .unreadable(file: url.path, reason: error.reason ?? error.text))
        }
    }
}
