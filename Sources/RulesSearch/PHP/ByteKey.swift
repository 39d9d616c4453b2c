import RulesRegex

/// A byte string as a dictionary key. `[UInt8]` is Hashable already, but it feeds the
/// hasher one byte at a time; this feeds it the whole buffer at once, which matters for
/// the word dictionaries of the index and the stemmer's tables.
package struct ByteKey: Hashable, Comparable, Sendable {
    package let bytes: Bytes

    @inlinable
    package init(_ bytes: Bytes) {
        self.bytes = bytes
    }

    package init(_ string: String) {
        bytes = Bytes(php: string)
    }

    @inlinable
    package func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    @inlinable
    package static func == (a: ByteKey, b: ByteKey) -> Bool {
        a.bytes == b.bytes
    }

    /// Byte order, as PHP's `strcmp`.
    package static func < (a: ByteKey, b: ByteKey) -> Bool {
        a.bytes.lexicographicallyPrecedes(b.bytes)
    }
}

/// A part of a byte string as a dictionary key, without copying it: looking up each word
/// of a text this way allocates nothing.
struct SliceKey: Hashable {
    let slice: ArraySlice<UInt8>

    func hash(into hasher: inout Hasher) {
        slice.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    static func == (a: SliceKey, b: SliceKey) -> Bool {
        a.slice.elementsEqual(b.slice)
    }
}
