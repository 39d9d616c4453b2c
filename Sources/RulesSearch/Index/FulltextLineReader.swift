import RulesRegex

/// The first line of an S2 file, the fulltext index, read straight into a
/// ``FulltextIndex``: the same index `unserialize` and ``S2IndexFile``'s conversion of its
/// values give, without a `PHPValue` made for each of its hundreds of thousands of
/// entries. A refresh reads the whole S2 file, and through `unserialize` that was half of
/// refreshing one chapter of man-ru.
///
/// It reads the form `serialize` writes, `a:N:{` then N stems (`s:L:"…";` or `i:D;`) each
/// with `a:M:{` and M pairs of an id `i:D;` and positions (`i:D;` or `s:L:"…";`), then `}`.
/// Anything else — a count that does not match, a stem or an id given twice (which
/// `unserialize` resolves, the later in the earlier's place), an id written as a string,
/// an integer with a sign, leading zeros or more digits than fit, bytes after the end —
/// gives `nil`, and the caller reads the line the general way, which decides what it is.
enum FulltextLineReader {
    static func read(_ body: UnsafeBufferPointer<UInt8>) -> FulltextIndex? {
        var reader = Reader(bytes: body)
        guard let stemCount = reader.arrayStart() else { return nil }
        var index = FulltextIndex()
        // At most what the bytes can hold: a stem takes at least 10 bytes, a posting 8.
        index.reserveCapacity(stems: min(stemCount, body.count / 10), postings: body.count / 8)
        var ids = Set<Int>()
        for _ in 0..<stemCount {
            guard let stem = reader.key(), index.appendStemIfNew(stem), let count = reader.arrayStart() else { return nil }
            ids.removeAll(keepingCapacity: true)
            for _ in 0..<count {
                guard reader.byte(0x69), let id = reader.integer(), ids.insert(id).inserted else { return nil }
                if reader.peek(0x69) {
                    guard reader.byte(0x69), let position = reader.integer() else { return nil }
                    index.appendPosting(id: id, single: position)
                } else {
                    guard let list = reader.string() else { return nil }
                    index.appendPosting(id: id) { $0.append(contentsOf: list) }
                }
            }
            guard reader.byte(0x7D) else { return nil }
        }
        guard reader.byte(0x7D), reader.position == body.count else { return nil }
        return index
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        func peek(_ byte: UInt8) -> Bool { position < bytes.count && bytes[position] == byte }

        mutating func byte(_ byte: UInt8) -> Bool {
            guard peek(byte) else { return false }
            position += 1
            return true
        }

        /// `:D;` after its letter: a decimal integer as PHP writes one.
        mutating func integer() -> Int? {
            guard byte(0x3A) else { return nil }
            let negative = byte(0x2D)
            let start = position
            var value = 0
            while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 {
                let (m, o1) = value.multipliedReportingOverflow(by: 10)
                let digit = Int(bytes[position] - 0x30)
                let (a, o2) = negative ? m.subtractingReportingOverflow(digit) : m.addingReportingOverflow(digit)
                guard !o1, !o2 else { return nil }
                value = a
                position += 1
            }
            let digits = position - start
            guard digits > 0, digits == 1 || bytes[start] != 0x30, !(negative && value == 0), byte(0x3B) else { return nil }
            return value
        }

        /// `a:N:{`.
        mutating func arrayStart() -> Int? {
            guard byte(0x61), let count = integer(backing: 0x7B), count >= 0 else { return nil }
            return count
        }

        /// `:N{` style: the integer followed by `:` and `terminator` instead of `;`.
        private mutating func integer(backing terminator: UInt8) -> Int? {
            guard byte(0x3A) else { return nil }
            let start = position
            var value = 0
            while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39, position - start < 18 {
                value = value * 10 + Int(bytes[position] - 0x30)
                position += 1
            }
            guard position > start, position - start == 1 || bytes[start] != 0x30, byte(0x3A), byte(terminator) else { return nil }
            return value
        }

        /// `s:L:"…";`, the bytes between the quotes.
        mutating func string() -> UnsafeBufferPointer<UInt8>? {
            guard byte(0x73), let length = integer(backing: 0x22), length <= bytes.count - position else { return nil }
            let text = UnsafeBufferPointer(rebasing: bytes[position..<(position + length)])
            position += length
            guard byte(0x22), byte(0x3B) else { return nil }
            return text
        }

        /// A stem: a string, or an integer as `serialize` writes a numeric key. Either way
        /// the stem is its bytes: a key `unserialize` turns into an integer is written in
        /// the same digits.
        mutating func key() -> UnsafeBufferPointer<UInt8>? {
            if peek(0x69) {
                let start = position + 2
                guard byte(0x69), integer() != nil else { return nil }
                return UnsafeBufferPointer(rebasing: bytes[start..<(position - 1)])
            }
            return string()
        }
    }
}
