import Foundation
import RulesRegex

/// The compact binary form of an index, `rules-index.bin`, written next to
/// `s2_search_index.php` so that a search does not parse PHP text on every run.
///
/// The file is mapped, not read: a search binary-searches the tables in place and decodes
/// only the records it looks up, so that opening it costs the same for ten chapters or a
/// million. It records the size and modification time of the S2 file it was made from;
/// when they no longer match (the S2 file was rebuilt or replaced) the binary form is
/// stale and the S2 file is read instead. It also records the corpus's
/// ``Corpus/fingerprint``, as the texts file does (see ``IndexLocation``).
///
/// Layout (little-endian):
///
///     "RULESIX6" (see ``FileFormat``)  UInt64 S2 size  Int64 S2 mtime (ns)
///     UInt64 corpus fingerprint
///     8 × (UInt64 offset, UInt64 length, UInt64 checksum)   the sections, from the file start
///     UInt64 FNV-1a of everything above
///
/// The sections: 0 fulltext, 1 excluded words, 2 single keywords, 3 stem keywords (word
/// tables), 4 phrase keywords (in the index's order), 5 the table of contents (a word table
/// by chapter name), 6 the chapters' order and ids, 7 their titles.
///
/// A word table is `UInt32 count`, `count × (UInt32 record offset, UInt32 record checksum)`
/// sorted by key, then the records, each from its offset to the next one's. A record is
/// `UInt32 key length`, the key, then its payload: for fulltext `UInt32 n` and n ×
/// (`Int64 id`, `UInt8 kind`, then `Int64 position` or `UInt32 length` and the `a|b|c`
/// text); for keywords `UInt32 n` and n × (`Int64 id`, `UInt8 kind`, `Int64` or `Float64`
/// weight); for the table of contents `Int64 id`, `UInt32` the chapter's place in the
/// contents, `UInt32 length` and the entry as PHP `serialize()` text.
///
/// Section 6 is `UInt32 count`, `count × UInt32`: where each chapter's record stands in
/// section 5, in the contents' order; then `UInt32 n`, `n × (Int64 id, UInt32 record,
/// UInt32 sum of the id and the record's name)` sorted by id. Section 7 is `UInt32 count`,
/// `count × UInt32` where each title ends, then the titles, lowercased, one after another
/// (`rules titles` scans them as one block).
///
/// Damage is found before it shapes an answer (``Checksum``): the header by its own sum,
/// the phrase keywords and the titles when first read, and each record of a word table
/// when a lookup reads it, so that a search checks only what it reads. Section 6 holds no
/// sum of its own: what it points to is checked against it (the record's place, or the id
/// with the name, whose sum each entry of ids keeps: a search looks up thousands of ids on
/// a large corpus, and summing each whole record was a tenth of it).
/// A lookup that meets damage finds nothing and sets ``damage``; ``CheckedIndex`` then
/// answers from the S2 file instead.
// Safe to share: its bytes are only read; what it learns as it reads (decoded entries, damage
// found, sections checked whole) is kept under `entriesLock` and `damageLock`.
package final class BinaryIndex: IndexReading, @unchecked Sendable {
    package static let fileName = "rules-index.bin"
    static let format = FileFormat.binaryIndex
    package static let sectionCount = 8
    /// Where the table of sections starts: after the signature, the S2 file's size and time
    /// and the corpus's fingerprint.
    package static let sectionTableOffset = FileFormat.signatureLength + 8 + 8 + 8
    package static let headerSize = sectionTableOffset + sectionCount * 24 + 8

    let bytes: FileBytes
    let sections: [Range<Int>]
    /// The fingerprint of the corpus the index was built from.
    package let corpusFingerprint: UInt64
    /// How many chapters the table of contents holds.
    let chapterCount: Int
    /// Entries decoded, by their record's offset (guarded by `entriesLock`: one index may
    /// serve searches on several threads).
    var decodedEntries: [Int: SearchIndex.Entry] = [:]
    let entriesLock = NSLock()
    private let checksums: [UInt64]
    /// What damage a read found, and the sections checked whole by their sums (the phrase
    /// keywords and the titles, read whole), both guarded by `damageLock`.
    private var foundDamage: Localized?
    private var wholeSections: Set<Int> = []
    private let damageLock = NSLock()

    /// The damage a read of this file found, if any: from then on its answers are not to
    /// be used (``CheckedIndex`` turns to the S2 file).
    package var damage: Localized? {
        damageLock.lock()
        defer { damageLock.unlock() }
        return foundDamage
    }

    func report(_ what: Localized) {
        damageLock.lock()
        if foundDamage == nil { foundDamage = what }
        damageLock.unlock()
    }

    package struct FormatError: LocalizedFailure, CustomStringConvertible {
        package let text: Localized
        let kind: Kind
        /// In English.
        package var message: String { text.en }
        package var description: String { text.en }

        enum Kind {
            /// Another format (a file of an earlier version): not used, and not an error.
            case otherVersion
            case damaged
            /// Whole, but made from another S2 file than the one beside it.
            case stale(UInt64)
        }

        init(_ text: Localized, kind: Kind = .damaged) {
            self.text = text
            self.kind = kind
        }
    }

    package static func fnv1a(_ bytes: Bytes) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes {
            hash ^= UInt64(b)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    // MARK: Reading

    /// What a folder holds of the binary form.
    enum Found {
        /// Well-formed and made from the S2 file now beside it: the index to search.
        case fresh(BinaryIndex)
        /// Well-formed, but made from another S2 file (the one beside it was rebuilt or
        /// replaced since): the fingerprint of the corpus it was built from.
        case stale(corpusFingerprint: UInt64)
        /// Damaged: whole in none of the ways it can be checked at once (its header, its
        /// sections' bounds, its table of contents), said in the message.
        case damaged(Localized)
        /// There, but not to be read now (no memory for a copy of it, an I/O error), said in
        /// the message: nothing a rebuild would mend.
        case unreadable(Localized)
        /// Missing, or of another version.
        case none

        var isFresh: Bool {
            if case .fresh = self { return true }
            return false
        }

        /// Whether `rules index build` made the folder (a binary form of this version is
        /// there, of this S2 file or not): it then holds its texts too.
        var madeByRules: Bool {
            switch self {
            case .fresh, .stale: return true
            case .damaged, .unreadable, .none: return false
            }
        }
    }

    /// The binary form in the folder at `path` (absolute, as URL writes it), checked
    /// against `s2Stamp`, the S2 file's size and
    /// time (`nil` when there is no S2 file: then the binary form is not used either);
    /// `copied`: read into memory once rather than mapped (see ``FileBytes``).
    ///
    /// Size and time can be put back (a same-length edit, then `touch -d`); the time of the
    /// last change to a file's inode cannot. A build puts the S2 file in place before the
    /// binary form, so an S2 file changed after the binary form is not the one it was made
    /// from, unless its content says so: its size and checksum as `rules-chapters.bin`,
    /// written by the same build, records them (a folder copied with `cp -a`, a `chmod`).
    /// The same content check keeps a folder copied without its times (`cp -r`, an unpacked
    /// archive, `touch`) fresh: its S2 file has another time but is the same file.
    static func find(in path: String, s2Stamp: FileStamp?, copied: Bool = false) -> Found {
        let file = PlainPath.join(path, fileName)
        guard let s2Stamp, FileManager.default.fileExists(atPath: file) else { return .none }
        let bytes: FileBytes
        do {
            bytes = try FileBytes(contentsOf: file, copied: copied)
        } catch {
            return .unreadable(Localized(describing: error))
        }
        let s2Path = PlainPath.join(path, S2IndexFile.fileName)
        // URLs only where the S2 file's content is to be compared (URL's first path
        // operation costs a one-query search a tenth of its work).
        func described() -> Bool { describedByFingerprints(URL(fileURLWithPath: s2Path), in: URL(fileURLWithPath: path)) }
        do {
            let index = try BinaryIndex(bytes: bytes, expecting: s2Stamp)
            if changedLater(s2Path, than: file), !described() {
                return .stale(corpusFingerprint: index.corpusFingerprint)
            }
            return .fresh(index)
        } catch let error as FormatError {
            switch error.kind {
            case .stale(let fingerprint):
                if described(), let index = try? BinaryIndex(bytes: bytes, expecting: nil) {
                    return .fresh(index)
                }
                return .stale(corpusFingerprint: fingerprint)
            case .otherVersion: return .none
            case .damaged: return .damaged(error.text)
            }
        } catch {
            return .damaged(Localized(describing: error))
        }
    }

    /// Whether the file at `path` had its inode changed (written, renamed, its time set)
    /// after the one at `other`'s.
    static func changedLater(_ path: String, than other: String) -> Bool {
        var a = stat()
        var b = stat()
        guard stat(path, &a) == 0, stat(other, &b) == 0 else { return true }
        return (a.st_ctim.tv_sec, a.st_ctim.tv_nsec) > (b.st_ctim.tv_sec, b.st_ctim.tv_nsec)
    }

    /// Whether `rules-chapters.bin` in `directory` describes the S2 file `s2` as it is now.
    static func describedByFingerprints(_ s2: URL, in directory: URL) -> Bool {
        guard let content = try? FileBytes.read(s2.path) else { return false }
        if case .success = ChapterFingerprints.read(in: directory, s2: ChapterFingerprints.S2Content(content)) { return true }
        return false
    }

    /// The binary index in `directory` when it is there, well-formed and made from the S2
    /// file now beside it; `nil` otherwise (then the S2 file is the index).
    package static func openIfFresh(directory: URL) -> BinaryIndex? {
        let folder = directory.path
        if case .fresh(let index) = find(in: folder, s2Stamp: FileStamp(PlainPath.join(folder, S2IndexFile.fileName))) { return index }
        return nil
    }

    init(bytes: FileBytes, expecting stamp: FileStamp?) throws {
        self.bytes = bytes
        var reader = ByteReader(bytes)
        guard bytes.count >= Self.headerSize, case .readable = Self.format.recognise(bytes.buffer),
            reader.skip(FileFormat.signatureLength), let size = reader.uint64(), let modified = reader.uint64(),
            let fingerprint = reader.uint64()
        else {
            throw FormatError(
                Localized("not a rules binary index of this version", ru: "это не двоичный индекс rules этой версии"), kind: .otherVersion)
        }
        var ranges: [Range<Int>] = []
        var sums: [UInt64] = []
        for _ in 0..<Self.sectionCount {
            guard let offset = reader.uint64(), let length = reader.uint64(), let sum = reader.uint64(),
                offset <= UInt64(bytes.count), length <= UInt64(bytes.count) - offset
            else {
                throw FormatError(Localized("a section lies outside the file", ru: "раздел выходит за пределы файла"))
            }
            ranges.append(Int(offset)..<Int(offset + length))
            sums.append(sum)
        }
        let headerBytes = bytes[0..<(Self.headerSize - 8)]
        guard reader.uint64() == Self.fnv1a(headerBytes) else {
            throw FormatError(Localized("header checksum", ru: "контрольная сумма заголовка"))
        }
        // Stale only once the header is known to be whole, fingerprint included.
        if let stamp, stamp.size != size || stamp.modified != Int64(bitPattern: modified) {
            throw FormatError(Localized("stale", ru: "устарел"), kind: .stale(fingerprint))
        }
        sections = ranges
        checksums = sums
        corpusFingerprint = fingerprint
        chapterCount = try Self.chapterCount(bytes, sections: ranges)
    }

    /// The chapters' count, which sections 5, 6 and 7 must agree on, with section 6's size
    /// (its sum is not checked, only what it points to: a count or size it got wrong would
    /// point outside it).
    private static func chapterCount(_ bytes: FileBytes, sections: [Range<Int>]) throws -> Int {
        let count = try wordTableCount(bytes, sections[5], section: 5)
        var lookups = ByteReader(bytes, position: sections[6].lowerBound)
        var titles = ByteReader(bytes, position: sections[7].lowerBound)
        guard lookups.uint32().map(Int.init) == count, titles.uint32().map(Int.init) == count,
            lookups.skip(4 * count), let ids = lookups.uint32().map(Int.init),
            sections[6].count == 8 + 4 * count + 16 * ids
        else {
            throw FormatError(Localized("the chapters' tables do not agree", ru: "таблицы глав не согласуются"))
        }
        return count
    }

    /// The count of the word table in section `n`, checked by where its records start:
    /// right after the table. (A count damaged to 0 would otherwise make every lookup find
    /// nothing with nothing said.)
    static func wordTableCount(_ bytes: FileBytes, _ range: Range<Int>, section n: Int) throws -> Int {
        var reader = ByteReader(bytes, position: range.lowerBound)
        guard let count = reader.uint32().map(Int.init), 4 + 8 * count <= range.count,
            count == 0 ? range.count == 4 : reader.uint32().map(Int.init) == 4 + 8 * count
        else {
            throw FormatError(
                Localized("section \(n): the count of its table is damaged", ru: "раздел \(n): повреждено число записей в его таблице"))
        }
        return count
    }

    /// Whether section `n` is whole: `holds` (what else its reader relies on) and its sum,
    /// checked the first time only.
    func sectionIsWhole(_ n: Int, holds: () -> Bool = { true }) -> Bool {
        damageLock.lock()
        let known = wholeSections.contains(n)
        damageLock.unlock()
        if known { return true }
        guard holds(), Checksum.of(UnsafeRawBufferPointer(rebasing: bytes.buffer[sections[n]])) == checksums[n] else { return false }
        damageLock.lock()
        wholeSections.insert(n)
        damageLock.unlock()
        return true
    }

    /// The record of `key` in the sorted table of section `n`, as a reader after the key.
    /// The record found is checked before it is read. When none is found, the two records
    /// on either side of where the key would stand are checked and compared again: intact
    /// and in order, they prove it absent, whatever a damaged record elsewhere did to the
    /// search. A damaged record ends the lookup with nothing found, and ``damage`` says so.
    /// (Checking every record the search compared with cost a one-query search 4–10%:
    /// most lookups in the keyword tables find nothing.)
    func find(_ key: Bytes, section n: Int) -> ByteReader? {
        let range = sections[n]
        let count: Int
        do {
            count = try Self.wordTableCount(bytes, range, section: n)
        } catch {
            report(Localized(describing: error))
            return nil
        }
        let table = range.lowerBound + 4
        func unreadable(_ i: Int) -> ByteReader? {
            if record(i, section: n, count: count) != nil {
                report(Localized("section \(n), record \(i) cannot be read", ru: "раздел \(n), запись \(i) не читается"))
            }
            return nil
        }
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            var entry = ByteReader(bytes, position: table + 8 * mid)
            guard let offset = entry.uint32() else { return unreadable(mid) }
            var record = ByteReader(bytes, position: range.lowerBound + Int(offset))
            guard let length = record.uint32(), let order = record.compare(Int(length), with: key) else { return unreadable(mid) }
            if order == 0 { return self.record(mid, section: n, count: count) != nil ? record : nil }
            if order < 0 { low = mid + 1 } else { high = mid }
        }
        for i in [low - 1, low] where i >= 0 && i < count {
            guard var record = record(i, section: n, count: count) else { return nil }
            guard let length = record.uint32(), let order = record.compare(Int(length), with: key),
                i < low ? order < 0 : order > 0
            else {
                report(
                    Localized(
                        "section \(n): the table is out of order at record \(i)", ru: "раздел \(n): порядок таблицы нарушен на записи \(i)")
                )
                return nil
            }
        }
        return nil
    }

    /// Where record `i` of the word table in section `n` (of `count` records) starts, its
    /// sum not checked: for a lookup that checks what it reads another way. `nil` when the
    /// table's entry points outside the section.
    func recordStart(_ i: Int, section n: Int, count: Int) -> ByteReader? {
        let range = sections[n]
        var entry = ByteReader(bytes, position: range.lowerBound + 4 + 8 * i)
        guard i >= 0, i < count, let offset = entry.uint32().map(Int.init), offset < range.count else { return nil }
        return ByteReader(bytes, position: range.lowerBound + offset)
    }

    /// Record `i` of the word table in section `n` (of `count` records), as a reader at its
    /// start, if its table entry and checksum hold; else `nil`, and ``damage`` says so.
    func record(_ i: Int, section n: Int, count: Int) -> ByteReader? {
        let range = sections[n]
        var entry = ByteReader(bytes, position: range.lowerBound + 4 + 8 * i)
        var next = ByteReader(bytes, position: range.lowerBound + 4 + 8 * (i + 1))
        guard i >= 0, i < count, let offset = entry.uint32().map(Int.init), let sum = entry.uint32(),
            let end = i + 1 < count ? next.uint32().map(Int.init) : range.count,
            offset <= end, end <= range.count,
            Checksum.short(UnsafeRawBufferPointer(rebasing: bytes.buffer[(range.lowerBound + offset)..<(range.lowerBound + end)])) == sum
        else {
            report(Localized("section \(n), record \(i) is damaged", ru: "раздел \(n), запись \(i) повреждена"))
            return nil
        }
        return ByteReader(bytes, position: range.lowerBound + offset)
    }

    private static func readWeights(_ reader: inout ByteReader) -> [(id: Int, weight: PHPNumber)]? {
        guard let n = reader.uint32(), n < 1 << 24 else { return nil }
        var list: [(id: Int, weight: PHPNumber)] = []
        list.reserveCapacity(min(Int(n), reader.remaining / 17))   // what the bytes can hold, not what the count says
        for _ in 0..<n {
            guard let id = reader.uint64(), let kind = reader.uint8(), let raw = reader.uint64() else { return nil }
            let weight: PHPNumber = kind == 1 ? .double(Double(bitPattern: raw)) : .int(Int(Int64(bitPattern: raw)))
            // Written from a checked S2 file, so a weight that cannot rank is damage.
            if case .double(let d) = weight, !KeywordTables.isRankable(d) { return nil }
            list.append((Int(Int64(bitPattern: id)), weight))
        }
        return list
    }

    // MARK: IndexReading

    package func fulltext(_ stem: Bytes) -> [(id: Int, positions: SearchIndex.Positions)]? {
        guard var reader = find(stem, section: 0), let n = reader.uint32(), n < 1 << 24 else { return nil }
        var list: [(id: Int, positions: SearchIndex.Positions)] = []
        list.reserveCapacity(min(Int(n), reader.remaining / 9))   // an entry takes 9 bytes at least
        for _ in 0..<n {
            guard let id = reader.uint64(), let kind = reader.uint8() else { return nil }
            if kind == 0 {
                guard let p = reader.uint64() else { return nil }
                list.append((Int(Int64(bitPattern: id)), .single(Int(Int64(bitPattern: p)))))
            } else {
                guard let length = reader.uint32(), let text = reader.bytes(Int(length)) else { return nil }
                list.append((Int(Int64(bitPattern: id)), .list(text)))
            }
        }
        return list
    }

    package func singleKeyword(_ word: Bytes) -> [(id: Int, weight: PHPNumber)]? {
        guard var reader = find(word, section: 2) else { return nil }
        return weights(&reader, section: 2)
    }

    package func stemKeyword(_ stem: Bytes) -> [(id: Int, weight: PHPNumber)]? {
        guard var reader = find(stem, section: 3) else { return nil }
        return weights(&reader, section: 3)
    }

    /// A keyword's weights, or `nil` with the damage reported.
    private func weights(_ reader: inout ByteReader, section: Int) -> [(id: Int, weight: PHPNumber)]? {
        guard let list = Self.readWeights(&reader) else {
            report(
                Localized(
                    "section \(section) has a record whose weights cannot be read", ru: "в разделе \(section) запись с нечитаемыми весами"))
            return nil
        }
        return list
    }

    package func forEachPhraseKeyword(_ body: (Bytes, () -> [(id: Int, weight: PHPNumber)]) -> Void) {
        guard sectionIsWhole(4) else { return report(Localized("the phrase keywords are damaged", ru: "ключевые фразы повреждены")) }
        var reader = ByteReader(bytes, position: sections[4].lowerBound)
        guard let count = reader.uint32() else { return }
        for _ in 0..<count {
            guard let length = reader.uint32(), let phrase = reader.bytes(Int(length)) else { return }
            let start = reader.position
            // Skip the weights; decode them only for a phrase in the query.
            guard let n = reader.uint32(), reader.skip(Int(n) * 17) else { return }
            body(phrase) {
                var weights = ByteReader(self.bytes, position: start)
                return self.weights(&weights, section: 4) ?? []
            }
        }
    }

    package func isExcluded(_ word: Bytes) -> Bool {
        find(word, section: 1) != nil
    }
}

extension BinaryIndex {
    /// The binary form held in `bytes`, checked as a file is, with no S2 file to match: for
    /// the fuzz targets (`Tests/Fuzz`), which feed it any bytes.
    package convenience init(checking bytes: Bytes) throws {
        try self.init(bytes: FileBytes(copying: bytes), expecting: nil)
    }
}
