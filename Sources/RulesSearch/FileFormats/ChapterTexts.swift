import Foundation
import RulesRegex

/// The chapter texts snippets are made from, kept beside the index in `rules-texts.bin`:
/// each chapter's `html` and, stored by `rules index build`, the same text prepared for
/// snippets (``PreparedText``) with its word starts (``WordStarts``), so that a search
/// reads only the chapters it shows and does not redo the query-independent half of
/// `Finder::snippets` on every run.
///
/// Layout, little-endian: "RULESTX4" (see ``FileFormat``), UInt64 the corpus's ``Corpus/fingerprint``, UInt32
/// count, then per chapter UInt32 name length, name bytes, UInt64 html offset, UInt64 html
/// length, UInt64 prepared offset, UInt64 prepared length, UInt8 flags (1: the prepared
/// text is valid UTF-8), UInt64 word starts offset, UInt64 word starts length (offsets all
/// ones: not stored), UInt64 checksum of the html, UInt64 checksum of the prepared text
/// with its word starts; then UInt64 checksum of the table so far; then the texts and word
/// starts. Offsets count from the end of the table.
///
/// Damage is found before it shapes a snippet (``Checksum``): the table when the file is
/// opened (an error), each part of a chapter when a search first reads it (the snippets
/// read the prepared text, not the html: checking both cost a one-query search 3%). A
/// damaged chapter gives no text, so its answer comes without a snippet, and ``damage``
/// says so.
/// Earlier files still load, unchecked: "RULESTX3" has no checksums, "RULESTX2" no
/// fingerprint either, and "RULESTX1", from before prepared texts were stored, no fields
/// after the html's.
package struct ChapterTexts {
    package static let fileName = "rules-texts.bin"
    static let format = FileFormat.chapterTexts
    private static let notStored = UInt64.max

    private struct Entry {
        var html: Range<Int>
        var prepared: Range<Int>?
        var preparedValid: Bool
        var wordStarts: Range<Int>?
        /// The checksums of the html and of the prepared text with its word starts; `nil`
        /// in files written before they were kept.
        var checksums: (html: UInt64, prepared: UInt64)?
    }

    private enum Part: Hashable {
        case html(ByteKey)
        case prepared(ByteKey)
    }

    /// Which chapters were checked, and the first damage found: shared by the copies of
    /// one set of texts, which searches on several threads read at once.
    // Safe to share: its sets are read and written only with `lock` held.
    private final class Checks: @unchecked Sendable {
        let lock = NSLock()
        var verified: Set<Part> = []
        var damaged: [ByteKey] = []
    }

    private var checks = Checks()

    /// The chapters in the file's order, and where each name lies in the file.
    private var table: [Entry] = []
    private var names: [Range<Int>] = []
    private var byName = NameTable(count: 0)
    private let file: FileBytes
    private let textsStart: Int
    /// The fingerprint of the corpus the texts come from; `nil` in files written before
    /// it was recorded.
    package let corpusFingerprint: UInt64?

    package typealias FormatError = FileFormatError

    /// The file's bytes; with `preparing`, the prepared texts too, made with that `Preg`.
    package static func encode(_ corpus: Corpus, preparing preg: Preg? = nil) -> Bytes {
        pieces(corpus, preparing: preg).concatenated()
    }

    /// The checksum of a chapter's parts, as the file keeps it, from each part's own.
    private static func combined(_ sums: [UInt64]) -> UInt64 {
        sums.reduce(Fingerprint.start, Fingerprint.combine)
    }

    /// The file's bytes as the pieces that make it: the header, then each chapter's html,
    /// prepared text and word starts as they are (``AtomicFile/Pending`` writes
    /// them without joining them first).
    /// With `reusing`, a chapter whose html is the same there keeps its prepared text and
    /// word starts from it (they depend on the html alone).
    package static func pieces(
        _ corpus: Corpus, preparing preg: Preg? = nil, workers: Int? = nil,
        reusing old: ChapterTexts? = nil, chunkBytes: Int = chunkBytes
    ) -> [Bytes] {
        var body: [Bytes] = []
        let header = write(corpus, preparing: preg, workers: workers, reusing: old, chunkBytes: chunkBytes) { body.append($0) }
        return [header] + body
    }

    /// The size of the header ``write(_:preparing:workers:reusing:chunkBytes:body:)`` returns: the
    /// magic, fingerprint and count, each chapter's name and 69 bytes of fields, the sum.
    static func headerSize(_ corpus: Corpus) -> Int {
        corpus.chapters.keys.reduce(28) { $0 + 69 + $1.bytes.count }
    }

    /// The file made a chapter at a time: `body` gets each piece after the header in turn,
    /// and the header (``headerSize(_:)`` bytes) is returned last, to be written before
    /// them. Chapters are prepared a few megabytes at a time, so that a build does not
    /// hold every prepared text at once (half of the texts file: a sixth of its peak).
    static func write(
        _ corpus: Corpus, preparing preg: Preg?, workers: Int?, reusing old: ChapterTexts?,
        chunkBytes: Int = chunkBytes, body: (Bytes) -> Void
    ) -> Bytes {
        var header = format.signature
        header.reserveCapacity(headerSize(corpus))
        header.appendLittleEndian(corpus.fingerprint)
        var bodySize = 0
        func add(_ piece: Bytes) {
            header.appendLittleEndian(UInt64(bodySize))
            header.appendLittleEndian(UInt64(piece.count))
            body(piece)
            bodySize += piece.count
        }
        header.appendLittleEndian(UInt32(corpus.chapters.count))
        let chapters = corpus.chapters.values
        // Prepared on `workers` threads (every core unless told), each with its own Preg,
        // made once for all the chunks. A corpus's html is valid UTF-8, and so is its
        // prepared text: the text gets its word starts, which are found only in valid UTF-8.
        let pregs = preg.map { preg in (0..<max(workers ?? Parallel.workers, 1)).map { _ in Preg(engine: preg.engine) } } ?? []
        var start = 0
        while start < chapters.count {
            var end = start
            var htmlBytes = 0
            while end < chapters.count, end == start || htmlBytes < chunkBytes {
                htmlBytes += chapters[end].html.count
                end += 1
            }
            let chunk = Array(chapters[start..<end])
            start = end
            var made = 0
            let preparedTexts: [(text: Bytes, starts: Bytes)?] =
                pregs.isEmpty
                ? Array(repeating: nil, count: chunk.count)
                : Parallel.map(
                    chunk, workers: pregs.count,
                    make: {
                        defer { made += 1 }
                        return pregs[made % pregs.count]
                    }
                ) { worker, chapter in
                    if let kept = old?.storedPreparation(chapter.key, html: chapter.html) { return kept }
                    let prepared = PreparedText(html: chapter.html, preg: worker, htmlIsValidUTF8: true)
                    return (prepared.text, WordStarts.encoded(of: prepared.text))
                }
            for (chapter, prepared) in zip(chunk, preparedTexts) {
                header.appendLittleEndian(UInt32(chapter.key.bytes.count))
                header += chapter.key.bytes
                add(chapter.html)
                if let prepared {
                    add(prepared.text)
                    header.append(1)   // valid UTF-8
                    add(prepared.starts)
                } else {
                    for _ in 0..<2 { header.appendLittleEndian(notStored) }
                    header.append(0)
                    for _ in 0..<2 { header.appendLittleEndian(notStored) }
                }
                header.appendLittleEndian(combined([Checksum.of(chapter.html)]))
                header.appendLittleEndian(combined(prepared.map { [Checksum.of($0.text), Checksum.of($0.starts)] } ?? []))
            }
        }
        header.appendLittleEndian(Checksum.of(header))
        return header
    }

    /// How much html a chunk of ``write(_:preparing:workers:reusing:chunkBytes:body:)`` prepares at once.
    package static let chunkBytes = 4 << 20

    /// The texts in `url`; `copied`: read into memory once rather than mapped (see
    /// ``FileBytes``), for a reader that keeps them for long.
    package init(contentsOf url: URL, copied: Bool = false) throws {
        try self.init(path: url.path, copied: copied)
    }

    /// ``init(contentsOf:copied:)`` for the file at `path`.
    package init(path: String, copied: Bool = false) throws {
        do {
            try self.init(file: try FileBytes(contentsOf: path, copied: copied))
        } catch let error as FileBytes.OpenError {
            // Not to be read now (no memory for it, an I/O error): nothing a rebuild mends.
            if let reason = error.reason {
                throw IndexLocation.OpenError(error.text, kind: .unreadable(file: path, reason: reason))
            }
            throw FormatError(error.text)
        } catch let error as FormatError {
            throw FormatError(Localized(both: "\(path): ") + error.text)
        }
    }

    /// Texts from a corpus held in memory, not prepared: a search prepares the ones it shows.
    package init(corpus: Corpus) {
        // Cannot fail: the bytes were just written in this format.
        self = try! ChapterTexts(file: FileBytes(copying: Self.encode(corpus)))
    }

    init(file: FileBytes) throws {
        self.file = file
        var reader = ByteReader(file)
        // Versions 1 to 4: 1 keeps no prepared texts, 2 adds them, 3 the corpus's
        // fingerprint, 4 the checksums.
        let version: Int
        switch Self.format.recognise(file.buffer) {
        case .readable(let found): version = Int(found.byte - UInt8(ascii: "0"))
        case .otherVersion: throw FormatError(FileFormat.otherVersion)
        case .otherKind: throw FormatError(Localized("not a rules texts file", ru: "это не файл текстов rules"))
        }
        _ = reader.skip(FileFormat.signatureLength)
        let hasPrepared = version >= 2
        let hasChecksums = version >= 4
        let truncated = FormatError(Localized("truncated", ru: "файл обрезан"))
        if version >= 3 {
            guard let fingerprint = reader.uint64() else { throw truncated }
            corpusFingerprint = fingerprint
        } else {
            corpusFingerprint = nil
        }
        guard let count = reader.uint32() else { throw truncated }
        /// A range of the texts, checked against the size of the file.
        func range(_ offset: UInt64, _ length: UInt64) -> Range<Int>? {
            guard let offset = Int(exactly: offset), let length = Int(exactly: length),
                offset <= file.count, length <= file.count - offset
            else { return nil }
            return offset..<(offset + length)
        }
        // Room made at once, not grown by doubling (each step a copy, and pages touched that
        // a one-query search pays for); no more than the file could hold, whatever its count.
        let room = min(Int(count), file.count / 24)
        table.reserveCapacity(room)
        names.reserveCapacity(room)
        for _ in 0..<count {
            guard let nameLength = reader.uint32().map(Int.init), reader.remaining >= nameLength else { throw truncated }
            let name = reader.position..<(reader.position + nameLength)
            _ = reader.skip(nameLength)
            guard let htmlOffset = reader.uint64(), let htmlLength = reader.uint64(),
                let html = range(htmlOffset, htmlLength)
            else { throw truncated }
            var entry = Entry(html: html, prepared: nil, preparedValid: false, wordStarts: nil)
            if hasPrepared {
                guard let offset = reader.uint64(), let length = reader.uint64(), let flags = reader.uint8(),
                    let startsOffset = reader.uint64(), let startsLength = reader.uint64()
                else {
                    throw truncated
                }
                if offset != Self.notStored {
                    guard let prepared = range(offset, length) else { throw truncated }
                    entry.prepared = prepared
                    entry.preparedValid = flags & 1 != 0
                }
                if startsOffset != Self.notStored {
                    guard entry.prepared != nil, entry.preparedValid, let starts = range(startsOffset, startsLength) else {
                        throw truncated
                    }
                    entry.wordStarts = starts
                }
            }
            if hasChecksums {
                guard let html = reader.uint64(), let prepared = reader.uint64() else { throw truncated }
                entry.checksums = (html, prepared)
            }
            table.append(entry)
            names.append(name)
        }
        guard table.count < Int(Int32.max) else { throw FormatError(Localized("too many chapters", ru: "слишком много глав")) }
        byName = NameTable(count: table.count)
        for (record, name) in names.enumerated() {
            byName.insert(record, name: UnsafeRawBufferPointer(rebasing: file.buffer[name]))
        }
        if hasChecksums {
            let tableEnd = reader.position
            guard let sum = reader.uint64(), sum == Checksum.of(UnsafeRawBufferPointer(rebasing: file.buffer[0..<tableEnd])) else {
                throw FormatError(Localized("the table of the texts is damaged", ru: "таблица текстов повреждена"))
            }
        }
        textsStart = reader.position
        let textsSize = file.count - textsStart
        for entry in table
        where entry.html.upperBound > textsSize || (entry.prepared?.upperBound ?? 0) > textsSize
            || (entry.wordStarts?.upperBound ?? 0) > textsSize
        {
            throw truncated
        }
    }

    /// The entry of `chapter`, found by its name where it lies in the file.
    private func entry(_ chapter: ByteKey) -> Entry? {
        byName.find(chapter.bytes) { UnsafeRawBufferPointer(rebasing: file.buffer[names[$0]]) }.map { table[$0] }
    }

    /// The chapters whose parts were found damaged, in the order found (none: `nil`).
    package var damage: [ByteKey]? {
        checks.lock.lock()
        defer { checks.lock.unlock() }
        return checks.damaged.isEmpty ? nil : checks.damaged
    }

    /// The entry of `chapter`, the part of it to be read checked on first use (the html,
    /// or the prepared text with its word starts); `nil` when that part is damaged.
    private func checkedEntry(_ chapter: ByteKey, html: Bool) -> Entry? {
        guard let entry = entry(chapter) else { return nil }
        guard let sums = entry.checksums else { return entry }
        let part = html ? Part.html(chapter) : Part.prepared(chapter)
        checks.lock.lock()
        let known = checks.verified.contains(part)
        checks.lock.unlock()
        if known { return entry }
        let ranges = html ? [entry.html] : [entry.prepared, entry.wordStarts].compactMap { $0 }
        let parts = ranges.map {
            UnsafeRawBufferPointer(rebasing: file.buffer[(textsStart + $0.lowerBound)..<(textsStart + $0.upperBound)])
        }
        let whole = Self.combined(parts.map(Checksum.of)) == (html ? sums.html : sums.prepared)
        checks.lock.lock()
        defer { checks.lock.unlock() }
        if whole {
            checks.verified.insert(part)
            return entry
        }
        if !checks.damaged.contains(chapter) { checks.damaged.append(chapter) }
        return nil
    }

    /// The `html` of a chapter, or `nil` when the corpus had no such chapter (or its
    /// parts are damaged).
    package func html(_ chapter: ByteKey) -> Bytes? {
        checkedEntry(chapter, html: true).map { bytes($0.html) }
    }

    /// The chapter's text prepared for snippets, when the file stores it, with its word
    /// starts when it stores those (a damaged list is found again from the text).
    package func prepared(_ chapter: ByteKey) -> PreparedText? {
        guard let entry = checkedEntry(chapter, html: false), let range = entry.prepared else { return nil }
        let text = bytes(range)
        // The flag is checked, not trusted: the `/u` patterns skip their own UTF-8 check
        // on a text said to be valid, and a damaged file must not take them past an end.
        let valid = entry.preparedValid && UTF8Bytes.isValid(text)
        let starts =
            !valid
            ? nil
            : entry.wordStarts.flatMap { stored in
                WordStarts(
                    stored: UnsafeRawBufferPointer(
                        rebasing: file.buffer[(textsStart + stored.lowerBound)..<(textsStart + stored.upperBound)]),
                    in: file)
            }
        return PreparedText(text: text, valid: valid, wordStarts: starts)
    }

    /// The prepared text and word starts stored for `chapter`, as they lie in the file, when
    /// its html there is `html` and the two are whole: a refresh keeps them for the chapters
    /// whose text did not change instead of preparing the whole corpus again. Only files
    /// with checksums and word starts (this version's) give them.
    func storedPreparation(_ chapter: ByteKey, html: Bytes) -> (text: Bytes, starts: Bytes)? {
        guard let entry = entry(chapter), entry.checksums != nil, entry.preparedValid,
            let prepared = entry.prepared, let starts = entry.wordStarts,
            entry.html.count == html.count, sameBytes(entry.html, html),
            checkedEntry(chapter, html: false) != nil
        else { return nil }
        return (bytes(prepared), bytes(starts))
    }

    /// Whether the file stores word starts (files written by this version do).
    package var storesWordStarts: Bool {
        table.contains { $0.wordStarts != nil }
    }

    /// Whether the part at `range` is `other`, compared where it lies.
    private func sameBytes(_ range: Range<Int>, _ other: Bytes) -> Bool {
        other.withUnsafeBytes { o in
            range.isEmpty || memcmp(file.buffer.baseAddress! + textsStart + range.lowerBound, o.baseAddress!, range.count) == 0
        }
    }

    private func bytes(_ range: Range<Int>) -> Bytes {
        file[(textsStart + range.lowerBound)..<(textsStart + range.upperBound)]
    }
}

extension ChapterTexts {
    /// The texts file held in `bytes`, checked as a file is: for the fuzz targets
    /// (`Tests/Fuzz`), which feed it any bytes.
    package init(checking bytes: Bytes) throws {
        try self.init(file: FileBytes(copying: bytes))
    }
}
