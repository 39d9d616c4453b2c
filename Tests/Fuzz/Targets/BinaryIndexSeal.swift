import RulesRegex
import RulesSearch

/// Makes the checksums of a binary form match what it holds, as a writer would, so that a
/// fuzzed input gets past them to the tables: a flipped bit that the sums would refuse on
/// the spot reaches the code that reads counts, offsets and records. (Checksums keep damage
/// out; they must not be all that keeps a reader safe.)
///
/// Follows the layout in ``BinaryIndex``: each record's short sum in the five word tables
/// (the four of words and the table of contents), then each section's sum, then the
/// header's FNV-1a. Whatever does not parse as that
/// layout (a section out of the file, a table that runs past its section) is left as it is.
public enum BinaryIndexSeal {
    static let sectionCount = BinaryIndex.sectionCount
    static let wordTables: Set<Int> = [0, 1, 2, 3, 5]
    static let sectionTable = 36

    public static func sealed(_ input: Bytes) -> Bytes {
        var bytes = input
        guard bytes.count >= BinaryIndex.headerSize else { return bytes }
        for n in 0..<sectionCount {
            let entry = sectionTable + 24 * n
            guard let offset = bytes.uint64(at: entry), let length = bytes.uint64(at: entry + 8),
                  offset <= UInt64(bytes.count), length <= UInt64(bytes.count) - offset else { continue }
            let section = Int(offset)..<Int(offset + length)
            if wordTables.contains(n) { sealRecords(&bytes, section) }
            store(&bytes, entry + 16, bytes[section].withUnsafeBytes { Checksum.of($0) })
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
                  start <= end, end <= section.count else { continue }
            let sum = bytes[(section.lowerBound + start)..<(section.lowerBound + end)].withUnsafeBytes { Checksum.short($0) }
            for k in 0..<4 { bytes[table + 8 * i + 4 + k] = UInt8(truncatingIfNeeded: sum >> (8 * UInt32(k))) }
        }
    }

    private static func store(_ bytes: inout Bytes, _ at: Int, _ value: UInt64) {
        for k in 0..<8 { bytes[at + k] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(k))) }
    }
}
