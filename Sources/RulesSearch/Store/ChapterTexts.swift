import Foundation
import RulesRegex

/// The chapter texts snippets are made from (the `html` of each chapter), kept beside the
/// index in `rules-texts.bin`: a header, a table of (name, offset, length) and the texts,
/// so that a search reads only the texts of the chapters it shows.
///
/// Layout, little-endian: "RULESTX1", UInt32 count, then per chapter UInt32 name length,
/// name bytes, UInt64 text offset, UInt64 text length; then the texts. Offsets count from
/// the end of the table.
public struct ChapterTexts {
    public static let fileName = "rules-texts.bin"
    static let magic = Bytes(php: "RULESTX1")

    private var table: [ByteKey: (offset: Int, length: Int)] = [:]
    private let data: Data
    private let textsStart: Int

    public struct FormatError: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    public static func encode(_ corpus: Corpus) -> Bytes {
        var header = magic
        var body = Bytes()
        header.appendLittleEndian(UInt32(corpus.chapters.count))
        for chapter in corpus.chapters.values {
            header.appendLittleEndian(UInt32(chapter.key.bytes.count))
            header += chapter.key.bytes
            header.appendLittleEndian(UInt64(body.count))
            header.appendLittleEndian(UInt64(chapter.html.count))
            body += chapter.html
        }
        return header + body
    }

    public init(contentsOf url: URL) throws {
        do {
            try self.init(data: try Data(contentsOf: url, options: .mappedIfSafe))
        } catch let error as FormatError {
            throw FormatError(message: "\(url.path): \(error.message)")
        }
    }

    /// Texts from a corpus held in memory.
    public init(corpus: Corpus) {
        // Cannot fail: the bytes were just written in this format.
        self = try! ChapterTexts(data: Data(Self.encode(corpus)))
    }

    init(data: Data) throws {
        self.data = data
        var reader = ByteReader(data: data)
        guard reader.bytes(8) == Self.magic else { throw FormatError(message: "not a rules texts file") }
        guard let count = reader.uint32() else { throw FormatError(message: "truncated") }
        for _ in 0..<count {
            guard let nameLength = reader.uint32(), let name = reader.bytes(Int(nameLength)),
                  let rawOffset = reader.uint64(), let rawLength = reader.uint64(),
                  let offset = Int(exactly: rawOffset), let length = Int(exactly: rawLength),
                  offset <= data.count, length <= data.count else {
                throw FormatError(message: "truncated")
            }
            table[ByteKey(name)] = (offset, length)
        }
        textsStart = reader.position
        for (_, entry) in table where textsStart + entry.offset + entry.length > data.count {
            throw FormatError(message: "truncated")
        }
    }

    /// The `html` of a chapter, or `nil` when the corpus had no such chapter.
    public func text(_ chapter: ByteKey) -> Bytes? {
        guard let entry = table[chapter] else { return nil }
        let start = textsStart + entry.offset
        return data.withUnsafeBytes { raw in
            Bytes(UnsafeRawBufferPointer(rebasing: raw[start..<(start + entry.length)]))
        }
    }
}

/// Reads little-endian numbers and byte strings from a buffer, `nil` past its end.
struct ByteReader {
    let data: Data
    var position: Int

    init(data: Data, position: Int = 0) {
        self.data = data
        self.position = data.startIndex + position
    }

    mutating func bytes(_ n: Int) -> Bytes? {
        guard n >= 0, data.endIndex - position >= n else { return nil }
        defer { position += n }
        return Bytes(data[position..<(position + n)])
    }

    mutating func uint32() -> UInt32? {
        guard let b = bytes(4) else { return nil }
        return UInt32(b[0]) | UInt32(b[1]) << 8 | UInt32(b[2]) << 16 | UInt32(b[3]) << 24
    }

    mutating func uint64() -> UInt64? {
        guard let low = uint32(), let high = uint32() else { return nil }
        return UInt64(low) | UInt64(high) << 32
    }
}

extension Array where Element == UInt8 {
    mutating func appendLittleEndian(_ value: UInt32) {
        append(UInt8(value & 0xFF)); append(UInt8(value >> 8 & 0xFF))
        append(UInt8(value >> 16 & 0xFF)); append(UInt8(value >> 24))
    }

    mutating func appendLittleEndian(_ value: UInt64) {
        appendLittleEndian(UInt32(value & 0xFFFF_FFFF))
        appendLittleEndian(UInt32(value >> 32))
    }
}
