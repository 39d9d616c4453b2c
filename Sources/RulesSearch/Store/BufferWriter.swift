import RulesRegex

/// Bytes written through a pointer into a buffer the caller has sized for the worst case:
/// the S2 file's fulltext line and the binary form's sections, the largest parts of an
/// index, where an array's checks on every appended byte cost more than the rest; and
/// `serialize`'s small pieces, so that its format is written in one place.
///
/// The bounds are worked out from what is written (integers take at most 20 bytes); debug
/// builds, which the tests run, check every write against them, and release builds check
/// the total at the end.
struct BufferWriter {
    private let start: UnsafeMutablePointer<UInt8>
    private let end: UnsafeMutablePointer<UInt8>
    private var p: UnsafeMutablePointer<UInt8>

    init(_ start: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.start = start
        end = start + capacity
        p = start
    }

    @inline(__always)
    private func ensure(_ n: Int) {
        assert(end - p >= n, "a buffer writer went past its bound")
    }

    /// The bytes written so far.
    var count: Int { p - start }

    @inline(__always)
    mutating func byte(_ b: UInt8) {
        ensure(1)
        p.initialize(to: b)
        p += 1
    }

    mutating func bytes(_ s: ArraySlice<UInt8>) {
        s.withUnsafeBufferPointer { s in
            guard let base = s.baseAddress else { return }
            ensure(s.count)
            p.initialize(from: base, count: s.count)
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
        digits(of: n.magnitude, radix: 10)
    }

    /// `base_convert($n, 10, 36)` of a non-negative `n`: lower-case digits, as PHP writes them.
    mutating func base36(_ n: Int) {
        digits(of: UInt(Swift.max(n, 0)), radix: 36)
    }

    /// The digits of `magnitude` in `radix`, letters from 10 on, counted first so that they
    /// can be written from the last.
    @inline(__always)
    private mutating func digits(of magnitude: UInt, radix: UInt) {
        var count = 0
        var rest = magnitude
        repeat {
            count += 1
            rest /= radix
        } while rest > 0
        ensure(count)
        p += count
        var q = p
        rest = magnitude
        repeat {
            q -= 1
            let d = UInt8(truncatingIfNeeded: rest % radix)
            q.initialize(to: d < 10 ? 0x30 + d : 0x57 + d)
            rest /= radix
        } while rest > 0
    }

    mutating func littleEndian(_ value: UInt32) {
        ensure(4)
        UnsafeMutableRawPointer(p).storeBytes(of: value.littleEndian, as: UInt32.self)
        p += 4
    }

    mutating func littleEndian(_ value: UInt64) {
        ensure(8)
        UnsafeMutableRawPointer(p).storeBytes(of: value.littleEndian, as: UInt64.self)
        p += 8
    }

    /// Puts `value` at `offset` from the start, over bytes written (or skipped) before.
    func littleEndian(_ value: UInt32, at offset: Int) {
        precondition(offset >= 0 && offset + 4 <= p - start, "a buffer writer wrote outside what it has")
        UnsafeMutableRawPointer(start + offset).storeBytes(of: value.littleEndian, as: UInt32.self)
    }

    /// Leaves `n` bytes to be filled in later (zeroed meanwhile).
    mutating func skip(_ n: Int) {
        ensure(n)
        p.initialize(repeating: 0, count: n)
        p += n
    }
}

extension Array where Element == UInt8 {
    /// An array of at most `bound` bytes, written by `body` through a ``BufferWriter``.
    init(writingAtMost bound: Int, _ body: (inout BufferWriter) -> Void) {
        self.init(unsafeUninitializedCapacity: bound) { buffer, written in
            var writer = BufferWriter(buffer.baseAddress!, capacity: bound)
            body(&writer)
            precondition(writer.count <= bound, "a buffer writer went past its bound")
            written = writer.count
        }
    }

    /// Appends at most `bound` bytes, written by `body` into a buffer on the stack (on the
    /// heap when large) and appended at once: a few bytes cost less so than appended one
    /// by one, each with the array's checks.
    mutating func append(writingAtMost bound: Int, _ body: (inout BufferWriter) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(bound, 1)) { buffer in
            var writer = BufferWriter(buffer.baseAddress!, capacity: bound)
            body(&writer)
            precondition(writer.count <= bound, "a buffer writer went past its bound")
            append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress, count: writer.count))
        }
    }
}

extension Array where Element == Bytes {
    /// The pieces end to end, copied a piece at a time (`joined()` goes byte by byte: it
    /// was 6% of refreshing a chapter).
    func concatenated() -> Bytes {
        var all = Bytes()
        all.reserveCapacity(reduce(0) { $0 + $1.count })
        for piece in self { all += piece }
        return all
    }
}
