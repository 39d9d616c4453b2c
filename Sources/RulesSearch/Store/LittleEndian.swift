/// Numbers written as the index files keep them: least significant byte first.
extension Array where Element == UInt8 {
    mutating func appendLittleEndian(_ value: UInt32) {
        append(UInt8(value & 0xFF))
        append(UInt8(value >> 8 & 0xFF))
        append(UInt8(value >> 16 & 0xFF))
        append(UInt8(value >> 24))
    }

    mutating func appendLittleEndian(_ value: UInt64) {
        appendLittleEndian(UInt32(value & 0xFFFF_FFFF))
        appendLittleEndian(UInt32(value >> 32))
    }
}
