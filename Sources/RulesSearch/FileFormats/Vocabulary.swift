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
/// words are all known not at all). Layout, little-endian: "RULESWD3" (see ``FileFormat``), UInt32 count,
/// UInt32 code units in all, UInt32 bytes of written forms in all, UInt32 0; the code
/// units of every word end to end; per word UInt32 end of its units, UInt32 occurrences,
/// UInt32 end of its written form; the written forms end to end (UTF-8); then UInt64
/// checksum of everything before it (``Checksum/wide(_:)``; "RULESWD2", the same with
/// ``Checksum/of(_:)``, is still read).
package struct Vocabulary: Sendable {
    package static let fileName = "rules-words.bin"
    /// Version 3; version 2, the same summed with the one-lane checksum, is still read.
    static let format = FileFormat.vocabulary
    private static let headerSize = 24

    private let file: FileBytes
    package let count: Int
    private let unitsStart: Int, tableStart: Int, writtenStart: Int
    /// Whether the file was checked whole (its sum and every bound); one opened only to
    /// look words up (``init(layoutOf:checkedWhole:)``) checks each bound it reads.
    private let checkedWhole: Bool
    private let unitCount: Int

    /// The longest word kept, in code units: longer ones are not corrected to.
    static let longestWord = 48

    /// The code units of word `k` (ё as е).
    func units(_ k: Int) -> UnsafeBufferPointer<UInt16> {
        let start = k == 0 ? 0 : Int(word(k - 1, field: 0))
        let end = Int(word(k, field: 0))
        let base = (file.buffer.baseAddress! + unitsStart).assumingMemoryBound(to: UInt16.self)
        return UnsafeBufferPointer(start: base + start, count: end - start)
    }

    /// Whether `word` is a word of the corpus, in any case, ё read as е: a binary search of
    /// the sorted words.
    /// In a vocabulary opened to look words up, a bound found damaged reads as no word.
    package func contains(_ word: String) -> Bool {
        // ё (U+0451) as е (U+0435), unit by unit: Foundation's replacingOccurrences costs a
        // one-query search more than its whole lookup.
        let key = word.lowercased().utf16.map { $0 == 0x0451 ? 0x0435 : $0 }
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            guard let units = boundedUnits(middle) else { return false }
            if units.lexicographicallyPrecedes(key) { low = middle + 1 } else { high = middle }
        }
        guard low < count, let units = boundedUnits(low) else { return false }
        return units.elementsEqual(key)
    }

    /// ``units(_:)``, its bounds checked first unless the whole file was; `nil` when they
    /// are out of order or past the block.
    private func boundedUnits(_ k: Int) -> UnsafeBufferPointer<UInt16>? {
        if !checkedWhole {
            let start = k == 0 ? 0 : Int(word(k - 1, field: 0))
            let end = Int(word(k, field: 0))
            guard start <= end, end <= unitCount else { return nil }
        }
        return units(k)
    }

    /// How often word `k` occurs in the corpus.
    func occurrences(_ k: Int) -> UInt32 { word(k, field: 1) }

    /// Word `k` as first written (with its ё).
    func written(_ k: Int) -> String {
        let start = k == 0 ? 0 : Int(word(k - 1, field: 2))
        let end = Int(word(k, field: 2))
        return String(decoding: UnsafeRawBufferPointer(rebasing: file.buffer[(writtenStart + start)..<(writtenStart + end)]), as: UTF8.self)
    }

    private func word(_ k: Int, field: Int) -> UInt32 {
        UInt32(littleEndian: file.buffer.load(fromByteOffset: tableStart + 12 * k + 4 * field, as: UInt32.self))
    }

    /// The vocabulary of `corpus`, its chapters read on `workers` threads (every core
    /// unless told): what a build makes, for a refresh of an index that has none.
    package init(_ corpus: Corpus, engine: any RegexEngine, workers: Int? = nil) {
        let chapters = Array(corpus.chapters.values)
        let uncounted = UncountedWords(preg: Preg(engine: engine)).counts(in: chapters)
        var readers: [ChapterReader] = []
        let walks = Parallel.map(
            chapters, workers: workers ?? Parallel.workers,
            make: { () -> ChapterReader in
                readers.append(ChapterReader(number: readers.count, preg: Preg(engine: engine)))
                return readers[readers.count - 1]
            }
        ) { reader, chapter in
            reader.read(chapter)
        }
        self.init(readers: readers, walks: walks, uncounted: uncounted)
    }

    /// The words the indexer's readers met, counted over their walks: a build makes its
    /// vocabulary from what its index was made of, reading no chapter twice. `uncounted` says
    /// how often each word was read where it does not count (``UncountedWords``): a word
    /// met only there is left out.
    init(readers: [ChapterReader], walks: [ChapterReader.Walk], uncounted: [Bytes: UInt32]) {
        var counts = readers.map { [UInt32](repeating: 0, count: $0.table.count) }
        for walk in walks {
            counts[walk.reader].withUnsafeMutableBufferPointer { c in
                for w in walk.words { c[Int(w)] &+= 1 }
            }
        }
        // The readers' words merged in a table of their own: no array made per word.
        var table = WordTable(capacity: readers.map(\.table.count).max() ?? 16)
        var totals: [UInt32] = []
        for (r, reader) in readers.enumerated() {
            for w in 0..<reader.table.count where counts[r][w] > 0 {
                let k = reader.table.word(w).withUnsafeBufferPointer { table.add($0) }
                if k == totals.count { totals.append(0) }
                totals[k] &+= counts[r][w]
            }
        }
        for (word, times) in uncounted {
            guard let k = word.withUnsafeBufferPointer({ table.find($0) }) else { continue }
            totals[k] = totals[k] > times ? totals[k] - times : 0
        }
        self.init(
            entries: (0..<table.count).compactMap { k in
                totals[k] == 0 ? nil : Entry(written: Array(table.word(k)), count: totals[k])
            })
    }

    /// This vocabulary with the words of `chapters` added (a refresh: the words of the
    /// chapters it took out stay, and are never suggested while the index does not find
    /// them, since a suggestion must find something).
    package func adding(_ chapters: [Corpus.Chapter], engine: any RegexEngine) -> Vocabulary {
        guard !chapters.isEmpty else { return self }
        let preg = Preg(engine: engine)
        let reader = ChapterReader(number: 0, preg: preg)
        let walks = chapters.map { reader.read($0) }
        let added = Vocabulary(readers: [reader], walks: walks, uncounted: UncountedWords(preg: preg).counts(in: chapters))
        // Both sorted: merged in one pass, word by word as the files hold them (no String
        // made of a word: through them, this was a third of refreshing one chapter).
        var writer = Writer(count: count + added.count)
        var i = 0
        var j = 0
        while i < count || j < added.count {
            if j == added.count || (i < count && units(i).lexicographicallyPrecedes(added.units(j))) {
                writer.add(units(i), occurrences(i), writtenBytes(i))
                i += 1
            } else if i == count || added.units(j).lexicographicallyPrecedes(units(i)) {
                writer.add(added.units(j), added.occurrences(j), added.writtenBytes(j))
                j += 1
            } else {
                // The same word: the counts add, and a form with ё is the one shown.
                let theirs = added.writtenBytes(j)
                let yo = theirs.indices.dropLast().contains { theirs[$0] == 0xD1 && theirs[$0 + 1] == 0x91 }
                writer.add(units(i), occurrences(i) &+ added.occurrences(j), yo ? theirs : writtenBytes(i))
                i += 1
                j += 1
            }
        }
        return writer.vocabulary()
    }

    private func writtenBytes(_ k: Int) -> UnsafeRawBufferPointer {
        let start = k == 0 ? 0 : Int(word(k - 1, field: 2))
        let end = Int(word(k, field: 2))
        return UnsafeRawBufferPointer(rebasing: file.buffer[(writtenStart + start)..<(writtenStart + end)])
    }

    /// The file made word by word, in order.
    private struct Writer {
        var units: Bytes = [], table: Bytes = [], written: Bytes = []
        var unitCount = 0, words = 0

        init(count: Int) {
            table.reserveCapacity(12 * count)
        }

        mutating func add<U: Collection<UInt16>, W: Collection<UInt8>>(_ wordUnits: U, _ count: UInt32, _ writtenForm: W) {
            // Byte by byte, no array made per unit: a build writes every word of its corpus.
            for unit in wordUnits {
                units.append(UInt8(truncatingIfNeeded: unit))
                units.append(UInt8(truncatingIfNeeded: unit >> 8))
            }
            unitCount += wordUnits.count
            written += writtenForm
            table.appendLittleEndian(UInt32(unitCount))
            table.appendLittleEndian(count)
            table.appendLittleEndian(UInt32(written.count))
            words += 1
        }

        func vocabulary() -> Vocabulary {
            var out = Vocabulary.format.signature
            out.reserveCapacity(Vocabulary.headerSize + units.count + table.count + written.count + 16)
            for n in [words, unitCount, written.count, 0] { out.appendLittleEndian(UInt32(n)) }
            out += units
            while out.count % 4 != 0 { out.append(0) }
            out += table
            out += written
            let sum = out.withUnsafeBytes { Checksum.wide($0) }
            out.appendLittleEndian(sum)
            // Cannot fail: the bytes were just written in this format.
            return try! Vocabulary(file: FileBytes(copying: out))
        }
    }

    /// A word as the vocabulary keeps it: its UTF-8 with ё as е (the key it is sorted by
    /// and compared with), as first written, and how often it occurs.
    struct Entry {
        var key: Bytes
        var written: Bytes
        var count: UInt32

        /// `written` (lower case) as a word of the vocabulary, `nil` when it is no word to
        /// correct to: not UTF-8, no letter in it (a number), longer than ``longestWord``,
        /// or with a character outside the basic plane (an emoji), whose UTF-16 would sort
        /// apart from its UTF-8; or a word that begins or ends with a hyphen, which is a
        /// part of a word a rule names («кое-», «-ёнк-»), not one a query is corrected to.
        init?(written: Bytes, count: UInt32) {
            guard written.first != 0x2D, written.last != 0x2D,
                written.count <= 3 * Vocabulary.longestWord, UTF8Bytes.isValid(written),
                !written.contains(where: { $0 >= 0xF0 }),
                written.contains(where: { $0 >= 0xC0 || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) })
            else { return nil }
            var key = written
            for k in key.indices.dropLast() where key[k] == 0xD1 && key[k + 1] == 0x91 {
                key[k] = 0xD0   // ё (D1 91) as е (D0 B5)
                key[k + 1] = 0xB5
            }
            self.key = key
            self.written = written
            self.count = count
            guard units.count <= Vocabulary.longestWord else { return nil }
        }

        init(key: Bytes, written: Bytes, count: UInt32) {
            self.key = key
            self.written = written
            self.count = count
        }

        /// The key's UTF-16 code units.
        var units: [UInt16] { Array(String(decoding: key, as: UTF8.self).utf16) }

        /// Another writing of the same word: the counts add, and a form with ё is the one shown.
        mutating func add(_ other: Entry) {
            count &+= other.count
            if other.written != other.key { written = other.written }
        }
    }

    /// `entries` as a vocabulary, merged where their keys are the same.
    init(entries: [Entry]) {
        // By the keys, compared as bytes: the order of their UTF-16 units, since no word
        // has one outside the basic plane.
        let sorted = entries.sorted { a, b in
            a.key.withUnsafeBufferPointer { x in
                b.key.withUnsafeBufferPointer { y in
                    let common = memcmp(x.baseAddress!, y.baseAddress!, min(x.count, y.count))
                    return common != 0 ? common < 0 : x.count < y.count
                }
            }
        }
        var words: [Entry] = []
        words.reserveCapacity(sorted.count)
        for word in sorted {
            if let last = words.last, last.key == word.key {
                words[words.count - 1].add(word)
            } else {
                words.append(word)
            }
        }
        var writer = Writer(count: words.count)
        for word in words { writer.add(word.units, word.count, word.written) }
        self = writer.vocabulary()
    }

    /// The file's bytes.
    package func encoded() -> Bytes { Array(file.buffer) }

    package typealias FormatError = FileFormatError

    /// The vocabulary in `bytes` (the built-in one), checked as a file is.
    package init(decoding bytes: Bytes) throws(FormatError) {
        try self.init(file: FileBytes(copying: bytes))
    }

    /// The vocabulary in `file`. Its checksum is checked unless `checksummed` is false:
    /// for the program's own bytes (the built-in vocabulary), which a test compares with
    /// the file they were made from, and whose sum would cost every correction a tenth of
    /// a millisecond. Its bounds are checked in any case, so that no reading goes astray.
    init(file: FileBytes, checksummed: Bool = true) throws(FormatError) {
        try self.init(layoutOf: file, checkedWhole: true)
        let buffer = file.buffer
        let end = buffer.count - 8
        if checksummed, case .readable(let version) = Self.format.recognise(buffer) {
            let body = UnsafeRawBufferPointer(rebasing: buffer[0..<end])
            let sum = version == Self.format.current ? Checksum.wide(body) : Checksum.of(body)
            guard buffer.loadUnaligned(fromByteOffset: end, as: UInt64.self) == UInt64(littleEndian: sum) else { throw Self.damaged }
        }
        let writtenCount = end - writtenStart
        // Every bound in order and within its block, each word no longer than kept: a search
        // then reads without a check of its own. (Order is not checked: words out of order,
        // in a file made to be so, make the searches that rely on it (the binary search of
        // `index(of:)`, the runs skipped by `near`) miss words, which only costs
        // suggestions; a written form that is not UTF-8 is shown with replacement
        // characters.)
        var previousUnits = 0
        var previousWritten = 0
        for k in 0..<count {
            let unitEnd = Int(word(k, field: 0))
            let writtenEnd = Int(word(k, field: 2))
            guard unitEnd > previousUnits, unitEnd - previousUnits <= Self.longestWord, unitEnd <= unitCount,
                writtenEnd >= previousWritten, writtenEnd <= writtenCount
            else { throw Self.damaged }
            previousUnits = unitEnd
            previousWritten = writtenEnd
        }
        guard previousUnits == unitCount, previousWritten == writtenCount else { throw Self.damaged }
    }

    /// The vocabulary in `file`, its header read and its size checked against it: what
    /// every reading checks first. `checkedWhole`: whether the caller checks the rest (its
    /// sum and every bound); one that does not is opened only to look words up
    /// (``contains(_:)``, which checks each bound it reads). Whether a query's words are
    /// known is all a search asks of the vocabulary when the index knows them all, and
    /// checking 700 KB for it cost a one-query search a fifth of its work; a damaged file
    /// can then only make a word count as unknown (or, with its bounds in order, as
    /// known), never read astray.
    private init(layoutOf file: FileBytes, checkedWhole: Bool) throws(FormatError) {
        let buffer = file.buffer
        guard buffer.count >= Self.headerSize + 8 else { throw Self.damaged }
        switch Self.format.recognise(buffer) {
        case .readable: break
        case .otherVersion: throw FormatError(Localized(both: "\(Self.fileName): ") + FileFormat.otherVersion)
        case .otherKind: throw Self.damaged
        }
        func uint32(_ offset: Int) -> Int { Int(UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) }
        let count = uint32(8)
        let unitCount = uint32(12)
        let (tableStart, writtenStart, size) = Self.layout(count: count, unitCount: unitCount, writtenCount: uint32(16))
        guard size == buffer.count else { throw Self.damaged }
        self.file = file
        self.count = count
        self.unitsStart = Self.headerSize
        self.tableStart = tableStart
        self.writtenStart = writtenStart
        self.unitCount = unitCount
        self.checkedWhole = checkedWhole
    }

    /// The vocabulary in `file` opened to look words up (``init(layoutOf:checkedWhole:)``),
    /// or `nil` when its header or size is not a vocabulary's.
    static func forLookup(in file: FileBytes) -> Vocabulary? {
        try? Vocabulary(layoutOf: file, checkedWhole: false)
    }

    /// The vocabulary of the index folder `directory` opened to look words up
    /// (``init(layoutOf:checkedWhole:)``), or `nil` when there is none or it cannot be: the
    /// reading for corrections (``read(in:copied:)``) says why, when it is needed.
    package static func readForLookup(in directory: String, copied: Bool = false) -> Vocabulary? {
        let path = PlainPath.join(directory, fileName)
        do {
            try checkHeader(path)
            return try Vocabulary(layoutOf: FileBytes(contentsOf: path, copied: copied), checkedWhole: false)
        } catch {
            return nil
        }
    }

    private static var damaged: FormatError {
        FormatError(Localized("\(fileName) is damaged", ru: "\(fileName) повреждён"))
    }

    /// Where the blocks of a file of `count` words start, and the file's size with its sum:
    /// the header's three counts decide them all.
    private static func layout(count: Int, unitCount: Int, writtenCount: Int) -> (tableStart: Int, writtenStart: Int, size: Int) {
        let tableStart = (headerSize + 2 * unitCount + 3) / 4 * 4
        let writtenStart = tableStart + 12 * count
        return (tableStart, writtenStart, writtenStart + writtenCount + 8)
    }

    /// Checks that the file at `path` begins as a vocabulary of a version read whose header
    /// gives its size: before the whole file is read, so that something else in its place
    /// (gigabytes of zeros, a file of another version) is refused at once rather than read
    /// in first.
    private static func checkHeader(_ path: String) throws(FormatError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return }   // said as the file is read
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
        var header = [UInt8](repeating: 0, count: headerSize)
        guard pread(fd, &header, headerSize, 0) == headerSize else { throw damaged }
        switch format.recognise(header) {
        case .readable: break
        case .otherVersion: throw FormatError(Localized(both: "\(fileName): ") + FileFormat.otherVersion)
        case .otherKind: throw damaged
        }
        let bytes = FileBytes(copying: header)
        let fits = withExtendedLifetime(bytes) { () -> Bool in
            var reader = ByteReader(bytes, position: FileFormat.signatureLength)
            guard let count = reader.uint32(), let unitCount = reader.uint32(), let writtenCount = reader.uint32() else { return false }
            return layout(count: Int(count), unitCount: Int(unitCount), writtenCount: Int(writtenCount)).size == Int(info.st_size)
        }
        guard fits else { throw damaged }
    }

    /// The vocabulary kept in `directory`, `nil` when it has none (an index PHP made, or
    /// one rules made before it kept words); a damaged file is an error. `copied`: read
    /// into memory rather than mapped (see ``FileBytes``).
    package static func read(in directory: URL, copied: Bool = false) throws -> Vocabulary? {
        let path = directory.appendingPathComponent(fileName).path
        // Absent, nothing to say; anything else there that is not a readable vocabulary
        // (a dangling link, a loop of links) is said.
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        do {
            try checkHeader(path)
            // Read whole: its checksum is checked, and a correction walks all its words.
            return try Vocabulary(file: FileBytes(contentsOf: path, whole: true, copied: copied))
        } catch let error as FormatError {
            throw error
        } catch {
            throw FormatError(Localized(describing: error))
        }
    }
}
