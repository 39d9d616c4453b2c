import RulesRegex
import RulesSearch

/// Makes the checksums of a binary form match what it holds, as a writer would, so that a
/// fuzzed input gets past them to the tables: a flipped bit that the sums would refuse on
/// the spot reaches the code that reads counts, offsets and records. (Checksums keep damage
/// out; they must not be all that keeps a reader safe.)
///
/// Follows the layout in ``BinaryIndex``: each record's short sum in the five word tables
/// (the four of words and the table of contents), the sum of each id with the name it
/// points to (section 6), then each section's sum, then the header's FNV-1a. Whatever does not parse as that
/// layout (a section out of the file, a table that runs past its section) is left as it is.
package enum BinaryIndexSeal {
    static let sectionCount = BinaryIndex.sectionCount
    static let wordTables: Set<Int> = [0, 1, 2, 3, 5]
    static let sectionTable = BinaryIndex.sectionTableOffset

    package static func sealed(_ input: Bytes) -> Bytes {
        var bytes = input
        guard bytes.count >= BinaryIndex.headerSize else { return bytes }
        let sections = (0..<sectionCount).map { n -> Range<Int>? in
            let entry = sectionTable + 24 * n
            guard let offset = bytes.uint64(at: entry), let length = bytes.uint64(at: entry + 8),
                offset <= UInt64(bytes.count), length <= UInt64(bytes.count) - offset
            else { return nil }
            return Int(offset)..<Int(offset + length)
        }
        for n in 0..<sectionCount {
            guard let section = sections[n] else { continue }
            if wordTables.contains(n) { sealRecords(&bytes, section) }
            if n == 6, let chapters = sections[5] { sealIDs(&bytes, section, chapters: chapters) }
            store(&bytes, sectionTable + 24 * n + 16, bytes[section].withUnsafeBytes { Checksum.of($0) })
        }
        let headerEnd = BinaryIndex.headerSize - 8
        store(&bytes, headerEnd, BinaryIndex.fnv1a(Array(bytes[..<headerEnd])))
        return bytes
    }

    /// The short sum of each record of the word table in `section`, from its offset to the
    /// next one's.
    private static func sealRecords(_ bytes: inout Bytes, _ section: Range<Int>) {
        guard let count = bytes.uint32(at: section.lowerBound).map(Int.init), 4 + 8 * count <= section.count else { return }
        let table = section.lowerBound + 4
        for i in 0..<count {
            guard let start = bytes.uint32(at: table + 8 * i).map(Int.init),
                let end = i + 1 < count ? bytes.uint32(at: table + 8 * (i + 1)).map(Int.init) : section.count,
                start <= end, end <= section.count
            else { continue }
            let sum = bytes[(section.lowerBound + start)..<(section.lowerBound + end)].withUnsafeBytes { Checksum.short($0) }
            for k in 0..<4 { bytes[table + 8 * i + 4 + k] = UInt8(truncatingIfNeeded: sum >> (8 * UInt32(k))) }
        }
    }

    /// The sum each entry of section 6's table of ids keeps of its id and the name of the
    /// chapter record it points to in section 5 (sealed first).
    private static func sealIDs(_ bytes: inout Bytes, _ section: Range<Int>, chapters: Range<Int>) {
        guard let count = bytes.uint32(at: section.lowerBound).map(Int.init), 8 + 4 * count <= section.count,
            let ids = bytes.uint32(at: section.lowerBound + 4 + 4 * count).map(Int.init),
            8 + 4 * count + 16 * ids <= section.count,
            let records = bytes.uint32(at: chapters.lowerBound).map(Int.init), 4 + 8 * records <= chapters.count
        else { return }
        for i in 0..<ids {
            let entry = section.lowerBound + 8 + 4 * count + 16 * i
            guard let id = bytes.uint64(at: entry), let position = bytes.uint32(at: entry + 8).map(Int.init), position < records,
                let offset = bytes.uint32(at: chapters.lowerBound + 4 + 8 * position).map(Int.init), offset + 4 <= chapters.count,
                let length = bytes.uint32(at: chapters.lowerBound + offset).map(Int.init), length <= chapters.count - offset - 4
            else { continue }
            let start = chapters.lowerBound + offset + 4
            let sum = BinaryIndex.idSum(id: Int(Int64(bitPattern: id)), name: Array(bytes[start..<(start + length)]))
            for k in 0..<4 { bytes[entry + 12 + k] = UInt8(truncatingIfNeeded: sum >> (8 * UInt32(k))) }
        }
    }

    private static func store(_ bytes: inout Bytes, _ at: Int, _ value: UInt64) {
        for k in 0..<8 { bytes[at + k] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(k))) }
    }
}
