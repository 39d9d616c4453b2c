/// Numbers read from bytes the fuzz targets rewrite (``BinaryIndexSeal``, the seed without
/// checksums): little-endian, `nil` past the end, as the index files store them.
extension Array where Element == UInt8 {
    func uint32(at offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= count else { return nil }
        return (0..<4).reduce(0) { $0 | UInt32(self[offset + $1]) << (8 * UInt32($1)) }
    }

    func uint64(at offset: Int) -> UInt64? {
        guard offset >= 0, offset + 8 <= count else { return nil }
        return (0..<8).reduce(0) { $0 | UInt64(self[offset + $1]) << (8 * UInt64($1)) }
    }
}
