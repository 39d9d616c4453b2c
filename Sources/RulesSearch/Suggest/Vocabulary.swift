import Foundation
import RulesRegex

/// The words of a corpus, each with how often it occurs, kept beside the index in
/// `rules-words.bin` by `rules index build` and `rules index refresh`: what a misspelled
/// query word is corrected to (``Suggester``). The reference keeps no words (its index
/// holds stems), so an index PHP made has none, and its searches suggest nothing.
///
/// The words are those the indexer's walk meets (`Indexer::htmlstr_to_str` of the titles
/// and texts, and the keywords), lower case. Each is kept with ё as е, as UTF-16 code
/// units, sorted, so that words with the same beginning lie together and a search through
/// them computes the rows of that beginning once; and as first written, to be shown (with
/// its ё).
///
/// The file is read in place (a search that needs it reads it once, and a query whose
/// words are all known not at all). Layout, little-endian: "RULESWD2", UInt32 count,
/// UInt32 code units in all, UInt32 bytes of written forms in all, UInt32 0; the code
/// units of every word end to end; per word UInt32 end of its units, UInt32 occurrences,
/// UInt32 end of its written form; the written forms end to end (UTF-8); then UInt64
/// checksum of everything before it.
public struct Vocabulary: Sendable {
    public static let fileName = "rules-words.bin"
    static let magic = Bytes(php: "RULESWD2")
    private static let headerSize = 24

    private let file: FileBytes
    public let count: Int
    private let unitsStart: Int, tableStart: Int, writtenStart: Int

    /// The longest word kept, in code units: longer ones are not corrected to.
    static let longestWord = 48

    /// The code units of word `k` (ё as е).
    func units(_ k: Int) -> UnsafeBufferPointer<UInt16> {
        let start = k == 0 ? 0 : Int(word(k - 1, field: 0)), end = Int(word(k, field: 0))
        let base = (file.buffer.baseAddress! + unitsStart).assumingMemoryBound(to: UInt16.self)
        return UnsafeBufferPointer(start: base + start, count: end - start)
    }

    /// How often word `k` occurs in the corpus.
    func occurrences(_ k: Int) -> UInt32 { word(k, field: 1) }

    /// Word `k` as first written (with its ё).
    func written(_ k: Int) -> String {
        let start = k == 0 ? 0 : Int(word(k - 1, field: 2)), end = Int(word(k, field: 2))
        return String(decoding: UnsafeRawBufferPointer(rebasing: file.buffer[(writtenStart + start)..<(writtenStart + end)]), as: UTF8.self)
    }

    private func word(_ k: Int, field: Int) -> UInt32 {
        UInt32(littleEndian: file.buffer.load(fromByteOffset: tableStart + 12 * k + 4 * field, as: UInt32.self))
    }

    /// The vocabulary of `corpus`, its chapters read on `workers` threads (every core
    /// unless told).
    public init(_ corpus: Corpus, engine: any RegexEngine, workers: Int? = nil) {
        let chapters = Array(corpus.chapters.values)
        let counted = Parallel.map(chapters, workers: workers ?? Parallel.workers, make: { HTMLToText(preg: Preg(engine: engine)) }) { toText, chapter in
            var counts: [Bytes: UInt32] = [:]
            let keywords = PHPStrings.replace(", ", with: " ", in: chapter.keywords.stringValue)
            for part in [toText.convert(chapter.title.stringValue), keywords, toText.convert(chapter.html)] {
                part.withUnsafeBufferPointer { text in
                    forEachSpaceSeparatedWord(text) { counts[Array($0), default: 0] += 1 }
                }
            }
            return counts
        }
        var all: [Bytes: UInt32] = [:]
        for counts in counted {
            for (word, n) in counts { all[word, default: 0] &+= n }
        }
        self.init(counts: all)
    }

    /// Words with their counts; a word and its form with ё are one.
    init(counts: [Bytes: UInt32]) {
        struct Entry { var units: [UInt16]; var count: UInt32; var written: String }
        var byKey: [[UInt16]: Entry] = [:]
        for (bytes, n) in counts {
            guard let written = String(validating: bytes, as: UTF8.self), written.contains(where: \.isLetter) else { continue }
            let units = Array(written.replacingOccurrences(of: "ё", with: "е").utf16)
            guard units.count <= Self.longestWord else { continue }
            if var entry = byKey[units] {
                entry.count = entry.count &+ n
                // The form with ё is the one shown: «ещё», not «еще».
                if written.contains("ё") { entry.written = written }
                byKey[units] = entry
            } else {
                byKey[units] = Entry(units: units, count: n, written: written)
            }
        }
        let words = byKey.values.sorted { $0.units.lexicographicallyPrecedes($1.units) }
        var out = Self.magic
        let unitCount = words.reduce(0) { $0 + $1.units.count }
        let writtenCount = words.reduce(0) { $0 + $1.written.utf8.count }
        for n in [words.count, unitCount, writtenCount, 0] { out.appendLittleEndian(UInt32(n)) }
        for word in words {
            for unit in word.units { out += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        }
        while out.count % 4 != 0 { out.append(0) }
        var unitEnd = 0, writtenEnd = 0
        for word in words {
            unitEnd += word.units.count
            writtenEnd += word.written.utf8.count
            out.appendLittleEndian(UInt32(unitEnd))
            out.appendLittleEndian(word.count)
            out.appendLittleEndian(UInt32(writtenEnd))
        }
        for word in words { out += Bytes(word.written.utf8) }
        out.appendLittleEndian(Checksum.of(out))
        // Cannot fail: the bytes were just written in this format.
        self = try! Vocabulary(file: FileBytes(copying: out))
    }

    /// The file's bytes.
    public func encoded() -> Bytes { Array(file.buffer) }

    public struct FormatError: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// The vocabulary in `bytes` (the built-in one), checked as a file is.
    public init(decoding bytes: Bytes) throws(FormatError) {
        try self.init(file: FileBytes(copying: bytes))
    }

    init(file: FileBytes) throws(FormatError) {
        let damaged = FormatError(message: "\(Self.fileName) is damaged")
        let buffer = file.buffer
        guard buffer.count >= Self.headerSize + 8, Array(buffer[0..<8]) == Self.magic else { throw damaged }
        func uint32(_ offset: Int) -> Int { Int(UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) }
        let end = buffer.count - 8
        guard buffer.loadUnaligned(fromByteOffset: end, as: UInt64.self) == UInt64(littleEndian: Checksum.of(UnsafeRawBufferPointer(rebasing: buffer[0..<end])))
        else { throw damaged }
        let count = uint32(8), unitCount = uint32(12), writtenCount = uint32(16)
        let unitsStart = Self.headerSize
        let tableStart = (unitsStart + 2 * unitCount + 3) / 4 * 4
        let writtenStart = tableStart + 12 * count
        guard writtenStart + writtenCount == end else { throw damaged }
        self.file = file
        self.count = count
        self.unitsStart = unitsStart
        self.tableStart = tableStart
        self.writtenStart = writtenStart
        // Every bound in order and within its block, each word no longer than kept, the
        // words sorted and distinct, the written forms UTF-8: a search then reads without
        // a check of its own.
        var previousUnits = 0, previousWritten = 0
        for k in 0..<count {
            let unitEnd = Int(word(k, field: 0)), writtenEnd = Int(word(k, field: 2))
            guard unitEnd > previousUnits, unitEnd - previousUnits <= Self.longestWord, unitEnd <= unitCount,
                  writtenEnd >= previousWritten, writtenEnd <= writtenCount else { throw damaged }
            if k > 0, !units(k - 1).lexicographicallyPrecedes(units(k)) { throw damaged }
            previousUnits = unitEnd
            previousWritten = writtenEnd
        }
        guard previousUnits == unitCount, previousWritten == writtenCount,
              UTF8Bytes.isValid(UnsafeBufferPointer(start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self) + writtenStart,
                                                    count: end - writtenStart)) else { throw damaged }
    }

    /// The vocabulary kept in `directory`, `nil` when it has none (an index PHP made, or
    /// one rules made before it kept words); a damaged file is an error.
    public static func read(in directory: URL) throws -> Vocabulary? {
        let path = directory.appendingPathComponent(fileName).path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return try Vocabulary(file: FileBytes(contentsOf: path))
        } catch let error as FormatError {
            throw error
        } catch {
            throw FormatError(message: "\(error)")
        }
    }
}
