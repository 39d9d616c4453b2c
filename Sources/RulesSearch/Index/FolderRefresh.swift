import Foundation
import RulesRegex

/// `rules index refresh` on a folder: ``IndexRefresh`` of each chapter in turn on the index
/// the folder holds, written back as a build writes (S2 file, binary form, texts, chapter
/// fingerprints), atomically.
///
/// The index is read under the folder's lock (``FolderLock``), so that its S2 file and its
/// fingerprints are of one build; the lock is not held while the refresh works, and the new
/// files are put in place only if the S2 file is still the one read. When another build or
/// refresh put its files in place meanwhile, the refresh starts again on them: two
/// refreshes at once both count, and a build is never undone by a refresh that read the
/// index before it.
package enum FolderRefresh {
    /// What to refresh.
    package enum Chapters: Equatable, Sendable {
        /// These ids, in this order (as `Indexer::refresh` of each).
        case named([ByteKey])
        /// Those whose record changed, appeared or disappeared (``RefreshPlan``).
        case changed
    }

    package struct Error: LocalizedFailure, CustomStringConvertible {
        package enum Kind: Equatable, Sendable {
            /// The folder has no S2 file.
            case noIndex
            /// Asked for the changed chapters, with no fingerprints to tell them by.
            case cannotTellChanges(ChapterFingerprints.Unavailable)
            /// Replaced by other processes at every try.
            case keptChanging
        }
        package let kind: Kind
        package let directory: String

        package var description: String { text.en }

        package var text: Localized {
            switch kind {
            case .noIndex:
                return Localized(
                    "no index in \(directory): no \(S2IndexFile.fileName) there",
                    ru: "в \(directory) нет индекса: нет файла \(S2IndexFile.fileName)")
            case .cannotTellChanges(let why):
                let reason: Localized =
                    switch why {
                    case .absent:
                        Localized(
                            "\(directory) has no \(ChapterFingerprints.fileName) (an index PHP made, or one made before rules kept it)",
                            ru: "в \(directory) нет файла \(ChapterFingerprints.fileName) (индекс построен PHP или прежней версией rules)")
                    case .stale:
                        Localized(
                            "\(ChapterFingerprints.fileName) in \(directory) is not of its \(S2IndexFile.fileName) "
                                + "(changed since by another program, copied from elsewhere, or a build killed while renaming its files)",
                            ru: "файл \(ChapterFingerprints.fileName) в \(directory) не от его \(S2IndexFile.fileName) "
                                + "(тот с тех пор изменила другая программа, файл скопирован из другого места или сборку прервали во время переименования файлов)"
                        )
                    case .damaged(let detail):
                        Localized("\(detail.en) in \(directory)", ru: "\(detail.ru) в \(directory)")
                    }
                return Localized("cannot tell which chapters changed: ", ru: "не понять, какие главы изменились: ") + reason
                    + Localized(
                        "; give the ids to refresh, or build the index again with rules index build",
                        ru: "; укажите номера глав или постройте индекс заново командой «rules index build»")
            case .keptChanging:
                return Localized(
                    "the index in \(directory) was replaced by other processes at every try; try again",
                    ru: "индекс в \(directory) при каждой попытке заменяли другие процессы; повторите")
            }
        }
    }

    /// The ids a refresh of `chapters` would refresh, in order, changing nothing.
    /// `unknown` hears the ids named that are in neither the index nor the corpus (most
    /// likely mistyped: the reference refreshes them to nothing, silently).
    package static func plan(
        _ chapters: Chapters, from corpus: Corpus, in directory: URL,
        waiting: () -> Void = {}, unknown: ([ByteKey]) -> Void = { _ in }
    ) throws -> [ByteKey] {
        let snapshot = try Snapshot.read(directory, waiting: waiting)
        unknown(snapshot.unknown(chapters, corpus: corpus))
        return try snapshot.list(chapters, corpus: corpus, directory: directory)
    }

    /// Refreshes `chapters` from `corpus` in `directory` with `engine`; the ids refreshed,
    /// in order. `waiting` is called when another process holds the folder's lock;
    /// `unknown` as for ``plan(_:from:in:waiting:unknown:)``, once.
    @discardableResult
    package static func refresh(
        _ chapters: Chapters, from corpus: Corpus, in directory: URL, engine: any RegexEngine,
        waiting: () -> Void = {}, unknown: ([ByteKey]) -> Void = { _ in }
    ) throws -> [ByteKey] {
        let preg = Preg(engine: engine)
        for attempt in 0..<attempts {
            let snapshot = try Snapshot.read(directory, waiting: waiting)
            if attempt == 0 { unknown(snapshot.unknown(chapters, corpus: corpus)) }
            let list = try snapshot.list(chapters, corpus: corpus, directory: directory)
            // Nothing to refresh is nothing written: the files keep their bytes and times.
            if list.isEmpty { return [] }
            // Chapters refreshed take the corpus's fingerprints; the others keep theirs,
            // unless another program wrote the S2 file since: then only the refreshed ones
            // are known, and a later refresh without ids takes the rest for changed.
            var fingerprints = (try? snapshot.fingerprints.get()) ?? ChapterFingerprints()
            let index = IndexRefresh.refresh(snapshot.index, chapters: list.map { ($0, corpus.chapters[$0]) }, preg: preg)
            for name in list { fingerprints.refresh(name, record: corpus.chapters[name]) }
            do {
                try IndexBuild.write(
                    corpus, engine: engine, to: directory, waiting: waiting,
                    making: { chaptersRead in
                        chaptersRead()
                        return index
                    },
                    fingerprints: fingerprints, reusing: snapshot.texts,
                    vocabulary: { [old = snapshot.vocabulary] in
                        // The words of the chapters refreshed in, added; a whole
                        // corpus read only for a folder that had none.
                        old?.adding(list.compactMap { corpus.chapters[$0] }, engine: engine)
                            ?? Vocabulary(corpus, engine: engine)
                    },
                    unless: { if S2Identity(directory) != snapshot.identity { throw Replaced() } })
                return list
            } catch is Replaced {
                continue
            }
        }
        throw Error(kind: .keptChanging, directory: directory.path)
    }

    /// Tries before giving up when other processes replace the index each time.
    static let attempts = 5

    private struct Replaced: Swift.Error {}

    /// The S2 file as it was read: which file it is (a build renames a new one in; PHP
    /// writes over it in place), its size and modification time.
    struct S2Identity: Equatable {
        let device: UInt64, inode: UInt64
        let stamp: FileStamp

        init?(_ directory: URL) {
            var info = stat()
            guard stat(directory.appendingPathComponent(S2IndexFile.fileName).path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            stamp = FileStamp(info)
        }
    }

    /// What a refresh reads of the folder, under its lock.
    struct Snapshot {
        let identity: S2Identity
        let index: SearchIndex
        let fingerprints: Result<ChapterFingerprints, ChapterFingerprints.Unavailable>
        /// The texts, if they can be read, for the prepared chapters they keep.
        let texts: ChapterTexts?
        /// The vocabulary, if it can be read, which the refreshed chapters' words join.
        let vocabulary: Vocabulary?

        static func read(_ directory: URL, waiting: () -> Void) throws -> Snapshot {
            try FolderLock.hold(directory, waiting: waiting) {
                // Identified before it is read: a change while it is read is seen at the end.
                guard let identity = S2Identity(directory) else { throw Error(kind: .noIndex, directory: directory.path) }
                let path = directory.appendingPathComponent(S2IndexFile.fileName).path
                let bytes = try FileBytes.read(path)
                let index = try S2IndexFile.decode(bytes)
                return Snapshot(
                    identity: identity, index: index,
                    fingerprints: ChapterFingerprints.read(in: directory, s2: ChapterFingerprints.S2Content(bytes)),
                    texts: try? ChapterTexts(contentsOf: directory.appendingPathComponent(ChapterTexts.fileName)),
                    vocabulary: (try? Vocabulary.read(in: directory)) ?? nil)
            }
        }

        /// The ids `chapters` names that are in neither the index nor `corpus`, each once.
        func unknown(_ chapters: Chapters, corpus: Corpus) -> [ByteKey] {
            guard case .named(let names) = chapters else { return [] }
            var seen: Set<ByteKey> = []
            return names.filter { corpus.chapters[$0] == nil && index.tableOfContents[$0] == nil && seen.insert($0).inserted }
        }

        func list(_ chapters: Chapters, corpus: Corpus, directory: URL) throws -> [ByteKey] {
            switch chapters {
            case .named(let names): return names
            case .changed:
                switch fingerprints {
                case .success(let indexed): return RefreshPlan.chapters(of: index, indexed: indexed, corpus: corpus)
                case .failure(let why): throw Error(kind: .cannotTellChanges(why), directory: directory.path)
                }
            }
        }
    }
}
