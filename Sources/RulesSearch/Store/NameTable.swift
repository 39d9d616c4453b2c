import Foundation
import RulesRegex

/// Records of a file found by name where their names lie in the file: a table of record
/// numbers with open addressing, keyed by a hash of the name's bytes. Reading the texts
/// file's table into a dictionary by name copied and hashed every name: a search of a
/// corpus of 15,500 chapters spent 7.5 million instructions on it, for the ten it shows.
struct NameTable {
    /// Record numbers, -1 for an empty slot; a power of two long, at most half full.
    private var slots: [Int32]
    private var mask: Int

    /// Room for `count` records.
    init(count: Int) {
        var size = 16
        while size < 2 * count { size <<= 1 }
        slots = [Int32](repeating: -1, count: size)
        mask = size - 1
    }

    private static func hash(_ name: UnsafeRawBufferPointer) -> Int {
        Int(truncatingIfNeeded: Checksum.of(name))
    }

    /// Adds record `record` (below `Int32.max`), named `name`.
    mutating func insert(_ record: Int, name: UnsafeRawBufferPointer) {
        var slot = Self.hash(name) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(record)
    }

    /// The last record added with the name `name` (as a dictionary keeps the last value
    /// set), `nameOf` giving each record's name where it lies.
    func find(_ name: Bytes, nameOf: (Int) -> UnsafeRawBufferPointer) -> Int? {
        name.withUnsafeBytes { wanted in
            var slot = Self.hash(wanted) & mask
            var found: Int?
            while slots[slot] >= 0 {
                let record = Int(slots[slot])
                let candidate = nameOf(record)
                if candidate.count == wanted.count,
                    candidate.isEmpty || memcmp(candidate.baseAddress!, wanted.baseAddress!, wanted.count) == 0
                {
                    found = record
                }
                slot = (slot + 1) & mask
            }
            return found
        }
    }
}
