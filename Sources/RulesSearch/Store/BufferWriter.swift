import RulesRegex

/// Bytes written through a pointer into a buffer the caller has sized for the worst case
/// (the S2 file's fulltext line, the binary form's fulltext section): the largest parts of
/// an index, where an array's checks on every appended byte cost more than the rest.
struct BufferWriter {
    private let start: UnsafeMutablePointer<UInt8>
    private var p: UnsafeMutablePointer<UInt8>

    init(_ start: UnsafeMutablePointer<UInt8>) {
        self.start = start
        p = start
    }

    /// The bytes written so far.
    var count: Int { p - start }

    @inline(__always)
    mutating func byte(_ b: UInt8) {
        p.pointee = b
        p += 1
    }

    mutating func bytes(_ s: ArraySlice<UInt8>) {
        s.withUnsafeBufferPointer { s in
            guard let base = s.baseAddress else { return }
            p.update(from: base, count: s.count)
            p += s.count
        }
    }

    /// `n` in ASCII decimal.
    mutating func decimal(_ n: Int) {
        if n >= 0, n < 10 {
            byte(0x30 + UInt8(n))
            return
        }
        if n < 0 { byte(0x2D) }
        var magnitude = n.magnitude
        var digits = 0
        var rest = magnitude
        repeat {
            digits += 1
            rest /= 10
        } while rest > 0
        p += digits
        var q = p
        repeat {
            q -= 1
            q.pointee = 0x30 + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
    }

    mutating func littleEndian(_ value: UInt32) {
        UnsafeMutableRawPointer(p).storeBytes(of: value.littleEndian, as: UInt32.self)
        p += 4
    }

    mutating func littleEndian(_ value: UInt64) {
        UnsafeMutableRawPointer(p).storeBytes(of: value.littleEndian, as: UInt64.self)
        p += 8
    }

    /// Puts `value` at `offset` from the start, over bytes written before.
    func littleEndian(_ value: UInt32, at offset: Int) {
        UnsafeMutableRawPointer(start + offset).storeBytes(of: value.littleEndian, as: UInt32.self)
    }

    mutating func skip(_ n: Int) { p += n }
}

extension Array where Element == UInt8 {
    /// An array of at most `bound` bytes, written by `body` through a ``BufferWriter``.
    init(writingAtMost bound: Int, _ body: (inout BufferWriter) -> Void) {
        self.init(unsafeUninitializedCapacity: bound) { buffer, written in
            var writer = BufferWriter(buffer.baseAddress!)
            body(&writer)
            precondition(writer.count <= bound, "a buffer writer went past its bound")
            written = writer.count
        }
    }
}
