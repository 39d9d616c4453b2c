import Foundation
import RulesRegex

/// The compact binary form of an index, `rules-index.bin`, written next to
/// `s2_search_index.php` so that a search does not parse PHP text on every run.
///
/// The file is mapped, not read: a search binary-searches the word tables in place and
/// decodes only the entries it looks up. It records the size and modification time of the
/// S2 file it was made from; when they no longer match (the S2 file was rebuilt or
/// replaced) the binary form is stale and the S2 file is read instead. It also records the
/// corpus's ``Corpus/fingerprint``, as the texts file does (see ``IndexLocation``).
///
/// Layout (little-endian):
///
///     "RULESIX1"  UInt32 version (3)  UInt64 S2 size  Int64 S2 mtime (ns)
///     UInt64 corpus fingerprint
///     6 × (UInt64 offset, UInt64 length, UInt64 checksum)   the sections, from the file start
///     UInt64 FNV-1a of everything above
///
/// A word table (fulltext, excluded, single and stem keywords) is `UInt32 count`,
/// `count × (UInt32 record offset, UInt32 record checksum)` sorted by key, then the
/// records, each from its offset to the next one's; phrase keywords and the table of
/// contents keep the index's own order.
///
/// Damage is found before it shapes an answer (``Checksum``): the header by its own sum,
/// the table of contents when the file is opened, the phrase keywords when first read,
/// and each record of a word table when a lookup reads it, so that a search checks only
/// what it reads. A lookup that meets a damaged record finds nothing and sets ``damage``;
/// ``CheckedIndex`` then answers from the S2 file instead. A record is `UInt32 key length`,
/// the key, then its payload: for fulltext `UInt32 n` and n × (`Int64 id`, `UInt8 kind`,
/// then `Int64 position` or `UInt32 length` and the `a|b|c` text); for keywords `UInt32 n`
/// and n × (`Int64 id`, `UInt8 kind`, `Int64` or `Float64` weight); for the table of
/// contents `Int64 id` and the entry as PHP `serialize()` text.
public final class BinaryIndex: IndexReading, @unchecked Sendable {
    public static let fileName = "rules-index.bin"
    static let magic = Bytes(php: "RULESIX1")
    static let version: UInt32 = 3
    package static let headerSize = 8 + 4 + 8 + 8 + 8 + 6 * 24 + 8

    private let bytes: FileBytes
    private let sections: [Range<Int>]
    /// The fingerprint of the corpus the index was built from.
    public let corpusFingerprint: UInt64
    /// The table of contents: names and ids read at once, each entry's fields (PHP
    /// serialized) decoded when first asked for.
    private var entries: [(name: ByteKey, id: Int, fields: Range<Int>)] = []
    private var decodedEntries: [Int: SearchIndex.Entry] = [:]
    /// Guards `decodedEntries`: one index may serve searches on several threads.
    private let entriesLock = NSLock()
    private var byName: [ByteKey: Int] = [:]
    private var byID: [Int: Int] = [:]
    private let checksums: [UInt64]
    /// What damage a read found (guarded by `damageLock`), and whether the phrase keywords
    /// were checked.
    private var foundDamage: String?
    private var phrasesChecked = false
    private let damageLock = NSLock()

    /// The damage a read of this file found, if any: from then on its answers are not to
    /// be used (``CheckedIndex`` turns to the S2 file).
    public var damage: String? {
        damageLock.lock()
        defer { damageLock.unlock() }
        return foundDamage
    }

    private func report(_ what: String) {
        damageLock.lock()
        if foundDamage == nil { foundDamage = what }
        damageLock.unlock()
    }

    public struct FormatError: Error, CustomStringConvertible {
        public let message: String
        let kind: Kind
        public var description: String { message }

        enum Kind {
            /// Another format (a file of an earlier version): not used, and not an error.
            case otherVersion
            case damaged
            /// Whole, but made from another S2 file than the one beside it.
            case stale(UInt64)
        }

        init(message: String, kind: Kind = .damaged) {
            self.message = message
            self.kind = kind
        }
    }

    // MARK: Writing

    /// The six sections of the file, which do not depend on the S2 file's stamp: they can
    /// be made while the S2 file is written.
    public static func sections(_ index: SearchIndex) -> [Bytes] {
        var sectionsData: [Bytes] = []
        let fulltext = index.fulltext
        let totals = fulltext.totals
        sectionsData.append(wordTable(count: fulltext.count, key: fulltext.stem,
                                      payloadBound: 4 * fulltext.count + 21 * totals.postings + totals.listBytes) { out, k in
            let postings = fulltext.postings(ofStem: k)
            out.littleEndian(UInt32(postings.count))
            for p in postings {
                out.littleEndian(UInt64(bitPattern: Int64(fulltext.id(p))))
                if let position = fulltext.single(p) {
                    out.byte(0)
                    out.littleEndian(UInt64(bitPattern: Int64(position)))
                } else {
                    let text = fulltext.list(p)
                    out.byte(1)
                    out.littleEndian(UInt32(text.count))
                    out.bytes(text)
                }
            }
        })
        let excluded = index.excludedWords.keys
        sectionsData.append(wordTable(count: excluded.count, key: { excluded[$0].bytes[...] }, payloadBound: 0) { _, _ in })
        for keywords in [index.singleKeywords, index.stemKeywords] {
            sectionsData.append(wordTable(count: keywords.count, key: { keywords.keys[$0].bytes[...] },
                                          payloadBound: weightsBound(keywords.values)) { out, k in
                weights(&out, keywords.values[k])
            })
        }
        let phrases = index.phraseKeywords
        let phraseBytes = phrases.keys.reduce(0) { $0 + $1.bytes.count }
        sectionsData.append(Bytes(writingAtMost: 4 + 4 * phrases.count + phraseBytes + weightsBound(phrases.values)) { out in
            out.littleEndian(UInt32(phrases.count))
            for (phrase, chapters) in phrases.entries {
                record(phrase.bytes[...], into: &out)
                weights(&out, chapters)
            }
        })
        let toc = index.tableOfContents
        let fields = toc.values.map { PHPSerialize.serialize(.array($0.fields)) }
        let tocBytes = toc.keys.reduce(0) { $0 + $1.bytes.count } + fields.reduce(0) { $0 + $1.count }
        sectionsData.append(Bytes(writingAtMost: 4 + 16 * toc.count + tocBytes) { out in
            out.littleEndian(UInt32(toc.count))
            for (k, (name, entry)) in toc.entries.enumerated() {
                record(name.bytes[...], into: &out)
                out.littleEndian(UInt64(bitPattern: Int64(entry.id)))
                out.littleEndian(UInt32(fields[k].count))
                out.bytes(fields[k][...])
            }
        })
        return sectionsData
    }

    /// The file, as the pieces to write one after the other: its header, stamped with the
    /// S2 file's size and time and the corpus's fingerprint, then the sections (not joined:
    /// they are written as they are).
    public static func encode(sections sectionsData: [Bytes], s2Size: UInt64, s2ModificationTime: Int64,
                              corpusFingerprint: UInt64) -> [Bytes] {
        var header = magic
        header.appendLittleEndian(version)
        header.appendLittleEndian(s2Size)
        header.appendLittleEndian(UInt64(bitPattern: s2ModificationTime))
        header.appendLittleEndian(corpusFingerprint)
        var offset = headerSize
        for section in sectionsData {
            header.appendLittleEndian(UInt64(offset))
            header.appendLittleEndian(UInt64(section.count))
            header.appendLittleEndian(Checksum.of(section))
            offset += section.count
        }
        header.appendLittleEndian(fnv1a(header))
        return [header] + sectionsData
    }

    private static func record(_ key: ArraySlice<UInt8>, into out: inout BufferWriter) {
        out.littleEndian(UInt32(key.count))
        out.bytes(key)
    }

    /// The most bytes ``weights(_:_:)`` writes for these tables.
    private static func weightsBound(_ tables: [OrderedMap<Int, PHPValue>]) -> Int {
        tables.reduce(0) { $0 + 4 + 17 * $1.count }
    }

    private static func weights(_ out: inout BufferWriter, _ chapters: OrderedMap<Int, PHPValue>) {
        out.littleEndian(UInt32(chapters.count))
        for (id, weight) in chapters.entries {
            out.littleEndian(UInt64(bitPattern: Int64(id)))
            switch weight {
            case .double(let d):
                out.byte(1)
                out.littleEndian(d.bitPattern)
            case .int(let n):
                out.byte(0)
                out.littleEndian(UInt64(bitPattern: Int64(n)))
            default:
                out.byte(0)
                out.littleEndian(UInt64(0))
            }
        }
    }

    /// A table of records sorted by key, with an offset table for binary search.
    /// `count` keys, `key(i)` each, with `payload` writing the rest of record `i` (at most
    /// `payloadBound` bytes for all records together).
    private static func wordTable(count: Int, key: (Int) -> ArraySlice<UInt8>, payloadBound: Int,
                                  payload: (inout BufferWriter, Int) -> Void) -> Bytes {
        // Sorted by the first eight bytes as a number, then, on a tie, by the whole key.
        let sorted = (0..<count).map { (prefix: orderPrefix(key($0)), item: $0) }.sorted { a, b in
            a.prefix != b.prefix ? a.prefix < b.prefix : key(a.item).lexicographicallyPrecedes(key(b.item))
        }
        let keyBytes = (0..<count).reduce(0) { $0 + key($1).count }
        var table = Bytes(writingAtMost: 4 + 12 * count + keyBytes + payloadBound) { out in
            out.littleEndian(UInt32(count))
            out.skip(8 * count)   // the offsets and checksums, filled in as the records are written
            for (n, (_, i)) in sorted.enumerated() {
                out.littleEndian(UInt32(out.count), at: 4 + 8 * n)
                record(key(i), into: &out)
                payload(&out, i)
            }
        }
        // Each record's checksum, from its offset to the next one's.
        var sums: [UInt32] = []
        sums.reserveCapacity(count)
        table.withUnsafeBytes { raw in
            for n in 0..<count {
                let start = Int(raw.loadUnaligned(fromByteOffset: 4 + 8 * n, as: UInt32.self).littleEndian)
                let end = n + 1 < count ? Int(raw.loadUnaligned(fromByteOffset: 4 + 8 * (n + 1), as: UInt32.self).littleEndian) : raw.count
                sums.append(Checksum.short(UnsafeRawBufferPointer(rebasing: raw[start..<end])))
            }
        }
        for (n, sum) in sums.enumerated() {
            withUnsafeBytes(of: sum.littleEndian) { sumBytes in
                for k in 0..<4 { table[4 + 8 * n + 4 + k] = sumBytes[k] }
            }
        }
        return table
    }

    /// The first eight bytes of `key`, big-endian, zero-padded: comparing two of these as
    /// numbers orders the keys as byte strings do, except that a tie needs a second look.
    private static func orderPrefix(_ key: ArraySlice<UInt8>) -> UInt64 {
        var prefix: UInt64 = 0
        var shift: UInt64 = 56
        for b in key.prefix(8) {
            prefix |= UInt64(b) << shift
            shift &-= 8
        }
        return prefix
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
        case damaged(String)
        /// Missing, or of another version.
        case none

        var isFresh: Bool {
            if case .fresh = self { return true }
            return false
        }
    }

    /// The binary form in `directory`, checked against `s2Stamp`, the S2 file's size and
    /// time (`nil` when there is no S2 file: then the binary form is not used either).
    static func find(directory: URL, s2Stamp: FileStamp?) -> Found {
        let url = directory.appendingPathComponent(fileName)
        guard let s2Stamp, FileManager.default.fileExists(atPath: url.path),
              let bytes = try? FileBytes(contentsOf: url.path) else { return .none }
        do {
            return .fresh(try BinaryIndex(bytes: bytes, expecting: s2Stamp))
        } catch let error as FormatError {
            switch error.kind {
            case .stale(let fingerprint): return .stale(corpusFingerprint: fingerprint)
            case .otherVersion: return .none
            case .damaged: return .damaged(error.message)
            }
        } catch {
            return .damaged("\(error)")
        }
    }

    /// The binary index in `directory` when it is there, well-formed and made from the S2
    /// file now beside it; `nil` otherwise (then the S2 file is the index).
    public static func openIfFresh(directory: URL) -> BinaryIndex? {
        let s2 = directory.appendingPathComponent(S2IndexFile.fileName)
        if case .fresh(let index) = find(directory: directory, s2Stamp: FileStamp(s2.path)) { return index }
        return nil
    }

    init(bytes: FileBytes, expecting stamp: FileStamp?) throws {
        self.bytes = bytes
        var reader = ByteReader(bytes)
        guard bytes.count >= Self.headerSize, reader.bytes(8) == Self.magic, reader.uint32() == Self.version,
              let size = reader.uint64(), let modified = reader.uint64(), let fingerprint = reader.uint64() else {
            throw FormatError(message: "not a rules binary index of this version", kind: .otherVersion)
        }
        var ranges: [Range<Int>] = []
        var sums: [UInt64] = []
        for _ in 0..<6 {
            guard let offset = reader.uint64(), let length = reader.uint64(), let sum = reader.uint64(),
                  offset <= UInt64(bytes.count), length <= UInt64(bytes.count) - offset else {
                throw FormatError(message: "a section lies outside the file")
            }
            ranges.append(Int(offset)..<Int(offset + length))
            sums.append(sum)
        }
        let headerBytes = bytes[0..<(Self.headerSize - 8)]
        guard reader.uint64() == Self.fnv1a(headerBytes) else { throw FormatError(message: "header checksum") }
        // Stale only once the header is known to be whole, fingerprint included.
        if let stamp, stamp.size != size || stamp.modified != Int64(bitPattern: modified) {
            throw FormatError(message: "stale", kind: .stale(fingerprint))
        }
        sections = ranges
        checksums = sums
        corpusFingerprint = fingerprint
        guard sectionIsWhole(5) else { throw FormatError(message: "the table of contents is damaged") }
        try loadTableOfContents()
    }

    private func loadTableOfContents() throws {
        var reader = ByteReader(bytes, position: sections[5].lowerBound)
        guard let count = reader.uint32() else { throw FormatError(message: "table of contents") }
        // Room made at once (see ChapterTexts), no more than the section could hold.
        let room = min(Int(count), sections[5].count / 16)
        entries.reserveCapacity(room)
        byName.reserveCapacity(room)
        byID.reserveCapacity(room)
        for _ in 0..<count {
            guard let nameLength = reader.uint32(), let name = reader.bytes(Int(nameLength)),
                  let id = reader.uint64(), let fieldsLength = reader.uint32() else {
                throw FormatError(message: "table of contents")
            }
            let start = reader.position
            guard reader.skip(Int(fieldsLength)), reader.position <= sections[5].upperBound else {
                throw FormatError(message: "table of contents")
            }
            let key = ByteKey(name)
            byName[key] = entries.count
            byID[Int(Int64(bitPattern: id))] = entries.count
            entries.append((key, Int(Int64(bitPattern: id)), start..<reader.position))
        }
    }

    private func sectionIsWhole(_ n: Int) -> Bool {
        Checksum.of(UnsafeRawBufferPointer(rebasing: bytes.buffer[sections[n]])) == checksums[n]
    }

    /// The record of `key` in the sorted table of section `n`, as a reader after the key.
    /// The record found is checked before it is read. When none is found, the two records
    /// on either side of where the key would stand are checked and compared again: intact
    /// and in order, they prove it absent, whatever a damaged record elsewhere did to the
    /// search. A damaged record ends the lookup with nothing found, and ``damage`` says so.
    /// (Checking every record the search compared with cost a one-query search 4–10%:
    /// most lookups in the keyword tables find nothing.)
    private func find(_ key: Bytes, section n: Int) -> ByteReader? {
        let range = sections[n]
        var reader = ByteReader(bytes, position: range.lowerBound)
        guard let count = reader.uint32().map(Int.init) else {
            report("section \(n) has no table")
            return nil
        }
        let table = reader.position
        // The count is checked by where the records start: right after the table. (A count
        // damaged to 0 would otherwise make every lookup find nothing with nothing said.)
        var first = ByteReader(bytes, position: table)
        guard 4 + 8 * count <= range.count,
              count == 0 ? range.count == 4 : first.uint32().map(Int.init) == 4 + 8 * count else {
            report("section \(n): the count of its table is damaged")
            return nil
        }
        /// Record `i`'s bounds within the section, if its table entry and checksum hold.
        func checked(_ i: Int) -> Range<Int>? {
            var entry = ByteReader(bytes, position: table + 8 * i)
            var next = ByteReader(bytes, position: table + 8 * (i + 1))
            guard let offset = entry.uint32().map(Int.init), let sum = entry.uint32(),
                  let end = i + 1 < count ? next.uint32().map(Int.init) : range.count,
                  offset <= end, end <= range.count,
                  Checksum.short(UnsafeRawBufferPointer(rebasing: bytes.buffer[(range.lowerBound + offset)..<(range.lowerBound + end)])) == sum
            else {
                report("section \(n), record \(i) is damaged")
                return nil
            }
            return offset..<end
        }
        func unreadable(_ i: Int) -> ByteReader? {
            if checked(i) != nil { report("section \(n), record \(i) cannot be read") }
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
            if order == 0 { return checked(mid) != nil ? record : nil }
            if order < 0 { low = mid + 1 } else { high = mid }
        }
        for i in [low - 1, low] where i >= 0 && i < count {
            guard let bounds = checked(i) else { return nil }
            var record = ByteReader(bytes, position: range.lowerBound + bounds.lowerBound)
            guard let length = record.uint32(), let order = record.compare(Int(length), with: key),
                  i < low ? order < 0 : order > 0 else {
                report("section \(n): the table is out of order at record \(i)")
                return nil
            }
        }
        return nil
    }

    private static func readWeights(_ reader: inout ByteReader) -> [(id: Int, weight: PHPNumber)]? {
        guard let n = reader.uint32(), n < 1 << 24 else { return nil }
        var list: [(id: Int, weight: PHPNumber)] = []
        list.reserveCapacity(min(Int(n), reader.remaining / 17))   // what the bytes can hold, not what the count says
        for _ in 0..<n {
            guard let id = reader.uint64(), let kind = reader.uint8(), let raw = reader.uint64() else { return nil }
            let weight: PHPNumber = kind == 1 ? .double(Double(bitPattern: raw)) : .int(Int(Int64(bitPattern: raw)))
            list.append((Int(Int64(bitPattern: id)), weight))
        }
        return list
    }

    // MARK: IndexReading

    public func fulltext(_ stem: Bytes) -> [(id: Int, positions: SearchIndex.Positions)]? {
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

    public func singleKeyword(_ word: Bytes) -> [(id: Int, weight: PHPNumber)]? {
        guard var reader = find(word, section: 2) else { return nil }
        return Self.readWeights(&reader)
    }

    public func stemKeyword(_ stem: Bytes) -> [(id: Int, weight: PHPNumber)]? {
        guard var reader = find(stem, section: 3) else { return nil }
        return Self.readWeights(&reader)
    }

    public func forEachPhraseKeyword(_ body: (Bytes, () -> [(id: Int, weight: PHPNumber)]) -> Void) {
        damageLock.lock()
        let checked = phrasesChecked
        damageLock.unlock()
        if !checked {
            guard sectionIsWhole(4) else { return report("the phrase keywords are damaged") }
            damageLock.lock()
            phrasesChecked = true
            damageLock.unlock()
        }
        var reader = ByteReader(bytes, position: sections[4].lowerBound)
        guard let count = reader.uint32() else { return }
        for _ in 0..<count {
            guard let length = reader.uint32(), let phrase = reader.bytes(Int(length)) else { return }
            let start = reader.position
            // Skip the weights; decode them only for a phrase in the query.
            guard let n = reader.uint32(), reader.skip(Int(n) * 17) else { return }
            body(phrase) {
                var weights = ByteReader(self.bytes, position: start)
                return Self.readWeights(&weights) ?? []
            }
        }
    }

    public func isExcluded(_ word: Bytes) -> Bool {
        find(word, section: 1) != nil
    }

    public func chapterName(id: Int) -> ByteKey? {
        byID[id].map { entries[$0].name }
    }

    public func entry(_ chapter: ByteKey) -> SearchIndex.Entry? {
        byName[chapter].map(decodedEntry)
    }

    public func forEachEntry(_ body: (ByteKey, SearchIndex.Entry) -> Void) {
        for i in entries.indices { body(entries[i].name, decodedEntry(i)) }
    }

    private func decodedEntry(_ i: Int) -> SearchIndex.Entry {
        entriesLock.lock()
        defer { entriesLock.unlock() }
        if let entry = decodedEntries[i] { return entry }
        let (_, id, range) = entries[i]
        var fields = PHPArray()
        if case .array(let decoded)? = try? PHPSerialize.unserialize(bytes[range]).0 { fields = decoded }
        let entry = SearchIndex.Entry(fields: fields, id: id)
        decodedEntries[i] = entry
        return entry
    }
}

extension BinaryIndex {
    /// The binary form held in `bytes`, checked as a file is, with no S2 file to match: for
    /// the fuzz targets (`Tests/Fuzz`), which feed it any bytes.
    package convenience init(checking bytes: Bytes) throws {
        try self.init(bytes: FileBytes(copying: bytes), expecting: nil)
    }
}
