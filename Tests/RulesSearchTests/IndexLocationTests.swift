import Foundation
import RulesRegex
import XCTest

@testable import RulesSearch

/// A search that opens an index folder while a rebuild puts its files in place: it must
/// take one build's index with the same build's texts, never one with the other's.
final class IndexLocationTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("rules-location-\(getpid())-\(name.hashValue)")
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func corpus(_ name: String) throws -> Corpus {
        try Corpus.read(TestPaths.fixtures.appendingPathComponent("\(name)/corpus.jsonl"))
    }

    /// A folder with `corpus`'s index built into it.
    private func build(_ corpus: Corpus, _ name: String) throws -> URL {
        let dir = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try IndexBuild.write(corpus, engine: PCRE2Engine(), to: dir)
        return dir
    }

    /// Renames `file` from `source` over the one in `target`, as a rebuild does (a rename
    /// keeps the file's modification time, which the binary form's freshness depends on).
    private func move(_ file: String, from source: URL, to target: URL) {
        XCTAssertEqual(rename(source.appendingPathComponent(file).path, target.appendingPathComponent(file).path), 0, file)
    }

    /// A folder locked here, and a build of man-ru-mini into it that has written its files
    /// and says it waits for the lock (the line it writes to standard error then).
    private func buildWaitingForTheLock(_ name: String) throws -> (folder: URL, lock: Int32, build: Process, said: String) {
        let folder = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let lock = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(lock, 0)
        XCTAssertEqual(flock(lock, LOCK_EX), 0)
        let build = Process()
        build.executableURL = TestPaths.rulesBinary
        build.arguments = [
            "index", "build", "--corpus", TestPaths.fixtures.appendingPathComponent("man-ru-mini/corpus.jsonl").path,
            "--out", folder.path,
        ]
        let stderr = Pipe()
        build.standardError = stderr
        do {
            try build.run()
        } catch {
            close(lock)
            throw error
        }
        var said = Data()
        while !String(decoding: said, as: UTF8.self).contains("\n") {
            let more = stderr.fileHandleForReading.availableData
            if more.isEmpty { break }
            said += more
        }
        return (folder, lock, build, String(decoding: said, as: UTF8.self))
    }

    /// A plain path made without URL is the path URL makes of it, and so are its folder,
    /// a name appended and its last name; any other path is left to URL.
    func testPlainPathsAreURLsPaths() {
        let paths = [
            "idx", "idx/", "a/b/c", "/tmp/x", "/tmp/x/", "/", "a b%20", "индекс/s2_search_index.php", "/s2_search_index.php",
            "./idx", "a/../idx", "a//b", "/tmp/./x", "~/x", "..", ".", "", "a/.", "/..",
        ]
        for path in paths {
            let url = URL(fileURLWithPath: path)
            guard let plain = PlainPath.absolute(path) else {
                XCTAssert(
                    path.isEmpty || path == "/" || path.hasPrefix("~") || path.contains("//")
                        || path.split(separator: "/").contains { $0 == "." || $0 == ".." }, path)
                continue
            }
            XCTAssertEqual(plain, url.path, path)
            XCTAssertEqual(PlainPath.folder(of: plain), url.deletingLastPathComponent().path, path)
            XCTAssertEqual(PlainPath.join(plain, "f"), url.appendingPathComponent("f").path, path)
            XCTAssertEqual(PlainPath.lastName(of: plain), url.lastPathComponent, path)
        }
    }

    /// Two builds into one folder at the same time must not mix their files: each puts
    /// its files in place under a lock on the folder. Held here, the lock keeps a build
    /// from renaming anything until it is released.
    func testABuildPutsItsFilesInPlaceUnderTheFolderLock() throws {
        let (folder, lock, build, said) = try buildWaitingForTheLock("locked")
        var locked = true
        defer { if locked { close(lock) } }
        XCTAssertEqual(said, "rules: another process is putting index files in \(folder.path); waiting for it\n")
        let names = [S2IndexFile.fileName, BinaryIndex.fileName, ChapterTexts.fileName, Vocabulary.fileName, ChapterFingerprints.fileName]
        for name in names {
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "\(name) before the lock is released")
        }
        close(lock)
        locked = false
        build.waitUntilExit()
        XCTAssertEqual(build.terminationStatus, 0)
        for name in names {
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), name)
        }
    }

    /// Stopped (`kill`) with its files written and waiting to put them in place, a build
    /// leaves nothing behind: its temporary files are removed, and it ends by the signal.
    /// (SIGTERM rather than Ctrl-C's SIGINT, which a test runner may have set to be
    /// ignored, as the build then leaves it.)
    func testABuildStoppedLeavesNoTemporaryFiles() throws {
        let (folder, lock, build, said) = try buildWaitingForTheLock("stopped")
        defer { close(lock) }
        XCTAssertTrue(said.contains("waiting for it"), said)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }.count, 5)
        build.terminate()
        build.waitUntilExit()
        XCTAssertEqual(build.terminationReason, .uncaughtSignal)
        XCTAssertEqual(build.terminationStatus, SIGTERM)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    /// A lock held past the timeout is an error that puts nothing in place.
    func testALockHeldTooLongIsAnError() throws {
        let folder = root.appendingPathComponent("held")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let lock = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(lock) }
        XCTAssertEqual(flock(lock, LOCK_EX), 0)
        let target = folder.appendingPathComponent("file")
        let file = try AtomicFile.Pending(pieces: [Bytes(php: "new")], to: target)
        XCTAssertThrowsError(try AtomicFile.commit([file], in: folder, timeout: 0.2)) { error in
            XCTAssertTrue("\(error)".contains("another process has held its lock"), "\(error)")
        }
        file.discard()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    /// `IndexLocation.open` of `folder`, with `change` made to it just before attempt
    /// `changeAt`, as a rebuild's renames land between a search's looks; what it opened,
    /// and the numbers of the attempts it made.
    private func openLooking(
        _ folder: URL, settling: Double = IndexLocation.settling, changeAt: Int? = nil,
        _ change: () -> Void = {}
    ) throws -> (opened: (index: any IndexReading, texts: ChapterTexts?), attempts: [Int]) {
        var attempts: [Int] = []
        let opened = try IndexLocation.open(folder.path, corpus: nil, settling: settling) { attempt in
            attempts.append(attempt)
            if attempt == changeAt { change() }
        }
        return (opened, attempts)
    }

    func testFingerprintsFollowTheCorpusLines() throws {
        let text = try String(contentsOf: TestPaths.fixtures.appendingPathComponent("man-ru-mini/corpus.jsonl"), encoding: .utf8)
        let a = try Corpus.parse(Bytes(php: text)).fingerprint
        XCTAssertEqual(try Corpus.parse(Bytes(php: text)).fingerprint, a)
        // What the reader skips or drops does not count: blank lines, a \r before \n.
        XCTAssertEqual(try Corpus.parse(Bytes(php: "\n" + text.replacingOccurrences(of: "\n", with: "\r\n\n"))).fingerprint, a)
        // Any other change does: one letter of a text, two lines swapped.
        XCTAssertNotEqual(try Corpus.parse(Bytes(php: text.replacingOccurrences(of: "файл", with: "файЛ"))).fingerprint, a)
        let lines = text.split(separator: "\n")
        let swapped = ([lines[1], lines[0]] + lines.dropFirst(2)).joined(separator: "\n")
        XCTAssertNotEqual(try Corpus.parse(Bytes(php: swapped)).fingerprint, a)
    }

    /// Both files of a build record its corpus's fingerprint; texts files written before
    /// it was recorded still load.
    func testTheBinaryFormAndTheTextsRecordTheFingerprint() throws {
        let mini = try corpus("man-ru-mini")
        let dir = try build(mini, "mini")
        let binary = try XCTUnwrap(BinaryIndex.openIfFresh(directory: dir))
        XCTAssertEqual(binary.corpusFingerprint, mini.fingerprint)
        let texts = try ChapterTexts(contentsOf: dir.appendingPathComponent(ChapterTexts.fileName))
        XCTAssertEqual(texts.corpusFingerprint, mini.fingerprint)

        // An earlier format: no fingerprint after the magic and no checksums (offsets count
        // from the table's end, so the texts stay as they are).
        let current = Bytes(try Data(contentsOf: dir.appendingPathComponent(ChapterTexts.fileName)))
        let currentFile = FileBytes(copying: current)   // kept alive: the reader reads its buffer
        var reader = ByteReader(currentFile, position: 16)
        let count = try XCTUnwrap(reader.uint32())
        var old = Bytes(php: "RULESTX2")
        old.appendLittleEndian(count)
        for _ in 0..<count {
            let start = reader.position
            let nameLength = try XCTUnwrap(reader.uint32())
            XCTAssertTrue(reader.skip(Int(nameLength) + 16 + 16 + 1 + 16))
            old += current[start..<reader.position]
            XCTAssertTrue(reader.skip(16))   // the chapter's checksums
        }
        XCTAssertTrue(reader.skip(8))   // the table's checksum
        old += current[reader.position...]
        let oldTexts = try ChapterTexts(file: FileBytes(copying: old))
        XCTAssertNil(oldTexts.corpusFingerprint)
        let key = try XCTUnwrap(mini.chapters.keys.first)
        XCTAssertEqual(oldTexts.html(key), texts.html(key))
    }

    /// The rebuild has renamed its S2 file and binary form but not yet its texts: the
    /// search looks again until the new texts are there.
    func testNewIndexWithOldTextsWaitsForTheNewTexts() throws {
        let mini = try corpus("man-ru-mini")
        let adversarial = try corpus("adversarial")
        let old = try build(mini, "old")
        let new = try build(adversarial, "new")
        let folder = try build(adversarial, "folder")
        move(ChapterTexts.fileName, from: old, to: folder)
        let (opened, attempts) = try openLooking(folder, changeAt: 3) { move(ChapterTexts.fileName, from: new, to: folder) }
        XCTAssertEqual(attempts, [0, 1, 2, 3])
        XCTAssertTrue(opened.index is CheckedIndex)
        XCTAssertEqual(opened.texts?.corpusFingerprint, adversarial.fingerprint)
    }

    /// A first build into a folder has renamed its S2 file and binary form, not yet its
    /// texts: the search waits for them rather than answer without snippets.
    func testFirstBuildWithoutTextsYetWaitsForThem() throws {
        let mini = try corpus("man-ru-mini")
        let staging = try build(mini, "staging")
        let folder = try build(mini, "folder")
        XCTAssertEqual(unlink(folder.appendingPathComponent(ChapterTexts.fileName).path), 0)
        let (opened, attempts) = try openLooking(folder, changeAt: 2) { move(ChapterTexts.fileName, from: staging, to: folder) }
        XCTAssertEqual(attempts, [0, 1, 2])
        XCTAssertEqual(opened.texts?.corpusFingerprint, mini.fingerprint)
    }

    /// The rebuild has renamed only its S2 file: the binary form is stale and the texts
    /// are as old as it; the search looks again until all three are new.
    func testNewS2FileWithOldBinaryFormAndTextsWaitsForBoth() throws {
        let mini = try corpus("man-ru-mini")
        let adversarial = try corpus("adversarial")
        let folder = try build(mini, "folder")
        let new = try build(adversarial, "new")
        move(S2IndexFile.fileName, from: new, to: folder)
        let (opened, attempts) = try openLooking(folder, changeAt: 2) {
            move(BinaryIndex.fileName, from: new, to: folder)
            move(ChapterTexts.fileName, from: new, to: folder)
        }
        XCTAssertEqual(attempts, [0, 1, 2])
        let index = try XCTUnwrap((opened.index as? CheckedIndex)?.binary)
        XCTAssertEqual(index.corpusFingerprint, adversarial.fingerprint)
        XCTAssertEqual(opened.texts?.corpusFingerprint, adversarial.fingerprint)
    }

    /// Once all three files are in place there is nothing to wait for; a folder left
    /// inconsistent is searched after a bounded number of tries while its files are new and
    /// at once later, without the texts of the other build, and says so (it showed their
    /// text as the snippets of this index, silently); a stale binary form with the texts of
    /// a later build (the same as the S2 file's) is not waited on.
    func testConsistentAndInconsistentFoldersOpenWithoutWaitingLong() throws {
        let mini = try corpus("man-ru-mini")
        let adversarial = try corpus("adversarial")
        let folder = try build(mini, "folder")
        XCTAssertEqual(try openLooking(folder).attempts.count, 1)
        // Named by its S2 file, the folder is opened the same way, binary form and all.
        let byFile = try IndexLocation.open(folder.appendingPathComponent(S2IndexFile.fileName).path)
        XCTAssertTrue(byFile.index is CheckedIndex)
        XCTAssertEqual(byFile.texts?.corpusFingerprint, mini.fingerprint)

        let other = try build(adversarial, "other")
        move(ChapterTexts.fileName, from: other, to: folder)
        // Just changed, the folder may be a rebuild under way: looked at again, up to a bound.
        let (inconsistent, attempts) = try openLooking(folder)
        XCTAssertEqual(attempts.count, IndexLocation.attempts)
        XCTAssertNil(inconsistent.texts, "the other build's texts are set aside")
        // Unchanged for longer than a rebuild takes to rename its files, it is taken at once.
        XCTAssertEqual(try openLooking(folder, settling: 0).attempts.count, 1)
        var warnings: [String] = []
        let warned = try IndexLocation.open(folder.path, corpus: nil, settling: 0, warning: { warnings.append($0.en) }) { _ in }
        XCTAssertNil(warned.texts)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings.first?.contains("not from the same build") == true, "\(warnings)")

        // The S2 file of the texts' build, beside the first build's binary form.
        move(S2IndexFile.fileName, from: other, to: folder)
        let (s2, s2Attempts) = try openLooking(folder)
        XCTAssertEqual(s2Attempts.count, 1)
        XCTAssertTrue(s2.index is SearchIndex, "the stale binary form is not used")
    }
}
