import CByteSearch
import Foundation
import RulesRegex

/// The table of contents of the binary form, read in place (sections 5 to 7 of
/// ``BinaryIndex``): nothing is read when the file is opened, a lookup reads and checks the
/// one record it needs, and `rules titles` scans the lowercased titles as one block. (Read
/// into dictionaries at open, a million chapters cost every search of them seconds.)
extension BinaryIndex {
    /// A chapter's record in section 5, checked: its name, id and place in the contents,
    /// and where its serialized fields lie.
    struct ChapterRecord {
        let name: ByteKey
        let id: Int
        let place: Int
        /// Where the record's payload starts: the key of the decoded entries' cache.
        let payload: Int
        let fields: Range<Int>
    }

    /// Record `position` of section 5, checked and read.
    private func chapterRecord(_ position: Int) -> ChapterRecord? {
        guard var reader = record(position, section: 5, count: chapterCount) else { return nil }
        guard let length = reader.uint32(), let name = reader.bytes(Int(length)) else {
            report(Localized("section 5, record \(position) cannot be read", ru: "раздел 5, запись \(position) не читается"))
            return nil
        }
        return chapterPayload(&reader, name: ByteKey(name))
    }

    /// The rest of a chapter's record, from `reader` after its key.
    private func chapterPayload(_ reader: inout ByteReader, name: ByteKey) -> ChapterRecord? {
        let payload = reader.position
        guard let id = reader.uint64(), let place = reader.uint32(), let length = reader.uint32() else {
            report(Localized("a chapter's record cannot be read", ru: "запись главы не читается"))
            return nil
        }
        let start = reader.position
        guard reader.skip(Int(length)) else {
            report(Localized("a chapter's record cannot be read", ru: "запись главы не читается"))
            return nil
        }
        return ChapterRecord(
            name: name, id: Int(Int64(bitPattern: id)), place: Int(place), payload: payload,
            fields: start..<reader.position)
    }

    /// The entry a record holds, decoded once.
    private func entry(of record: ChapterRecord) -> SearchIndex.Entry {
        entriesLock.lock()
        defer { entriesLock.unlock() }
        if let entry = decodedEntries[record.payload] { return entry }
        var fields = PHPArray()
        if case .array(let decoded)? = try? PHPSerialize.unserialize(bytes[record.fields]).0 { fields = decoded }
        let entry = SearchIndex.Entry(fields: fields, id: record.id)
        decodedEntries[record.payload] = entry
        return entry
    }

    /// The chapter at `place` in the contents' order, its record checked against section 6.
    private func chapter(at place: Int) -> ChapterRecord? {
        var reader = ByteReader(bytes, position: sections[6].lowerBound + 4 + 4 * place)
        guard let position = reader.uint32(), let record = chapterRecord(Int(position)) else { return nil }
        guard record.place == place else {
            report(
                Localized(
                    "section 6: chapter \(place) points to another chapter's record",
                    ru: "раздел 6: глава \(place) указывает на запись другой главы"))
            return nil
        }
        return record
    }

    /// Entry `i` of section 6's table of ids: an id, the place of its record, and the sum
    /// of the id with the record's name.
    private func idEntry(_ i: Int) -> (id: Int, position: Int, sum: UInt32)? {
        var reader = ByteReader(bytes, position: idTable + 16 * i)
        guard let id = reader.uint64(), let position = reader.uint32(), let sum = reader.uint32() else { return nil }
        return (Int(Int64(bitPattern: id)), Int(position), sum)
    }

    /// Where the table of ids starts in the file, after the order's table and its count.
    private var idTable: Int { sections[6].lowerBound + 8 + 4 * chapterCount }

    /// How many entries the table of ids has (its size was checked at open).
    private var idCount: Int { (sections[6].upperBound - idTable) / 16 }

    /// Entry `i` of the table of ids with the name of the chapter it points to, if the name
    /// read there has the entry's sum with the id (the name alone is read, not summed with
    /// the rest of its record: a lookup of each id found costs little).
    private func checkedIDEntry(_ i: Int) -> (id: Int, name: ByteKey)? {
        guard let (id, position, sum) = idEntry(i), var reader = recordStart(position, section: 5, count: chapterCount),
            let length = reader.uint32().map(Int.init), length <= sections[5].upperBound - reader.position,
            let name = reader.bytes(length), Self.idSum(id: id, name: name) == sum
        else {
            report(
                Localized(
                    "section 6, id \(i) does not match the chapter it points to",
                    ru: "раздел 6: id \(i) не совпадает с главой, на которую указывает"))
            return nil
        }
        return (id, ByteKey(name))
    }

    // MARK: IndexReading

    /// A binary search of the table of ids. The entry found is checked against its record;
    /// when none is found, the entries on either side of where the id would stand are
    /// checked, and in order they prove it absent (as ``find(_:section:)`` does for keys).
    package func chapterName(id: Int) -> ByteKey? {
        let count = idCount
        // The ids read in place (the table lies within the file: its size was checked).
        let table = idTable
        func storedID(_ i: Int) -> Int {
            Int(Int64(bitPattern: UInt64(littleEndian: bytes.buffer.loadUnaligned(fromByteOffset: table + 16 * i, as: UInt64.self))))
        }
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            let found = storedID(mid)
            if found == id { return checkedIDEntry(mid)?.name }
            if found < id { low = mid + 1 } else { high = mid }
        }
        for i in [low - 1, low] where i >= 0 && i < count {
            guard let (entryID, _) = checkedIDEntry(i) else { return nil }
            guard i < low ? entryID < id : entryID > id else {
                report(Localized("section 6: the ids are out of order at \(i)", ru: "раздел 6: порядок id нарушен на \(i)"))
                return nil
            }
        }
        return nil
    }

    package func entry(_ chapter: ByteKey) -> SearchIndex.Entry? {
        guard var reader = find(chapter.bytes, section: 5), let record = chapterPayload(&reader, name: chapter) else { return nil }
        return entry(of: record)
    }

    /// Every entry, read before any is given: met damage gives none (``CheckedIndex`` then
    /// gives them all from the S2 file).
    package func forEachEntry(_ body: (ByteKey, SearchIndex.Entry) -> Void) {
        var records: [ChapterRecord] = []
        records.reserveCapacity(chapterCount)
        for place in 0..<chapterCount {
            guard let record = chapter(at: place) else { return }
            records.append(record)
        }
        for record in records { body(record.name, entry(of: record)) }
    }

    /// The titles scanned as one block for the needle, each found place then looked up in
    /// section 6.
    package func chapters(titleContaining needle: Bytes) -> [(chapter: ByteKey, entry: SearchIndex.Entry)] {
        guard let places = titlePlaces(containing: needle) else { return [] }
        var found: [(chapter: ByteKey, entry: SearchIndex.Entry)] = []
        found.reserveCapacity(places.count)
        for place in places {
            guard let record = chapter(at: place) else { return [] }
            found.append((record.name, entry(of: record)))
        }
        return found
    }

    /// The places of the chapters whose lowercased title holds `needle` (every one for an
    /// empty needle, as PHP's `strpos` finds "" at 0); `nil` when the titles are damaged.
    private func titlePlaces(containing needle: Bytes) -> [Int]? {
        let range = sections[7]
        let count = chapterCount
        let textStart = 4 + 4 * count
        guard textStart <= range.count else {
            report(Localized("the titles are damaged", ru: "заголовки повреждены"))
            return nil
        }
        let buffer = UnsafeRawBufferPointer(rebasing: bytes.buffer[range])
        func end(_ k: Int) -> Int { Int(UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: 4 + 4 * k, as: UInt32.self))) }
        let textLength = range.count - textStart
        // The sum, and the ends in order up to the text's length: found places rely on both.
        let whole = sectionIsWhole(7) {
            var previous = 0
            for k in 0..<count {
                let e = end(k)
                if e < previous || e > textLength { return false }
                previous = e
            }
            return previous == textLength
        }
        guard whole else {
            report(Localized("the titles are damaged", ru: "заголовки повреждены"))
            return nil
        }
        if needle.isEmpty { return Array(0..<count) }
        let text = buffer.baseAddress! + textStart
        var places: [Int] = []
        var from = 0
        var k = 0
        needle.withUnsafeBytes { needleBytes in
            while from < textLength, let hit = rules_memmem(text + from, textLength - from, needleBytes.baseAddress!, needle.count) {
                let at = text.distance(to: UnsafeRawPointer(hit))
                // The title the hit starts in: the first ending after it.
                var high = count
                while k < high {
                    let mid = (k + high) / 2
                    if end(mid) <= at { k = mid + 1 } else { high = mid }
                }
                // Within it, the chapter is found; across its end, no later start in it can
                // fit either. Either way the scan goes on from the next title.
                if at + needle.count <= end(k) { places.append(k) }
                from = end(k)
                k += 1
            }
        }
        return places
    }
}
