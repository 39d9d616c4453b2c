import Foundation
import RulesRegex

/// What each chapter of an index was when it was indexed, as one number: kept beside the
/// index in `rules-chapters.bin` by `rules index build` and `rules index refresh`, so that a
/// refresh given no ids can tell which chapters changed, appeared or disappeared in the
/// corpus since (see ``RefreshPlan``).
///
/// The fingerprint covers what `GenericFetcher::chapter` gives the indexer: title, html,
/// keywords, description, time and url, with their PHP types (a time of 5 and one of "5"
/// are different table-of-contents entries). A field the index does not read (`kind`,
/// `parent`) changes nothing, and neither does the corpus line's formatting.
///
/// The file records the size and ``Checksum`` of the S2 file it describes: one that PHP or
/// another program wrote differently since is not described by it, and the file then
/// counts as absent. (Its content, not its modification time: a folder copied with `cp -r`
/// keeps its fingerprints.) Layout, little-endian: "RULESCF1" (see ``FileFormat``), UInt64 the S2 file's size,
/// UInt64 its checksum, UInt32 count, then per chapter UInt32 name length, the name, UInt64
/// fingerprint; then UInt64 checksum of everything before it.
package struct ChapterFingerprints: Equatable, Sendable {
    package static let fileName = "rules-chapters.bin"
    static let format = FileFormat.chapterFingerprints

    /// Fingerprints by chapter name.
    package private(set) var chapters: [ByteKey: UInt64] = [:]

    package init() {}

    /// Every chapter of `corpus`, as a build indexes them.
    package init(_ corpus: Corpus) {
        chapters.reserveCapacity(corpus.chapters.count)
        for (key, chapter) in corpus.chapters.entries { chapters[key] = Self.of(chapter) }
    }

    /// The fingerprint of `chapter` as the indexer sees it.
    package static func of(_ chapter: Corpus.Chapter) -> UInt64 {
        var sum = Fingerprint.start
        for value in [chapter.title, chapter.keywords, chapter.description, chapter.time, chapter.url] {
            sum = Fingerprint.combine(sum, Checksum.of(PHPSerialize.serialize(value)))
        }
        return Fingerprint.combine(sum, Checksum.of(chapter.html))
    }

    /// After refreshing `name` from `record` (`nil`: taken out).
    package mutating func refresh(_ name: ByteKey, record: Corpus.Chapter?) {
        chapters[name] = record.map(Self.of)
    }

    /// Why there are none to read.
    package enum Unavailable: Error, Equatable, Sendable {
        /// No file: a folder of PHP's, or of a rules before the file was kept.
        case absent
        /// The S2 file was written differently since, by something that did not write this file.
        case stale
        case damaged(Localized)
    }

    /// What the file records of the S2 file it describes.
    struct S2Content: Equatable {
        let size: UInt64, checksum: UInt64

        init(size: UInt64, checksum: UInt64) {
            self.size = size
            self.checksum = checksum
        }

        init(_ bytes: Bytes) {
            self.init(size: UInt64(bytes.count), checksum: Checksum.of(bytes))
        }

        /// Of the file the pieces make, without joining them.
        init(pieces: [Bytes]) {
            self.init(size: UInt64(pieces.reduce(0) { $0 + $1.count }), checksum: Checksum.of(pieces: pieces))
        }
    }

    /// The file's bytes, for the S2 file `s2`; chapters in the order of their names.
    func encoded(s2: S2Content) -> Bytes {
        var out = Self.format.signature
        out.appendLittleEndian(s2.size)
        out.appendLittleEndian(s2.checksum)
        out.appendLittleEndian(UInt32(chapters.count))
        for (name, fingerprint) in chapters.sorted(by: { $0.key.bytes.lexicographicallyPrecedes($1.key.bytes) }) {
            out.appendLittleEndian(UInt32(name.bytes.count))
            out += name.bytes
            out.appendLittleEndian(fingerprint)
        }
        out.appendLittleEndian(Checksum.of(out))
        return out
    }

    /// The file in `directory`, if it describes the S2 file `s2`.
    static func read(in directory: URL, s2: S2Content) -> Result<ChapterFingerprints, Unavailable> {
        let path = directory.appendingPathComponent(fileName).path
        guard FileManager.default.fileExists(atPath: path) else { return .failure(.absent) }
        let bytes: Bytes
        do {
            bytes = try FileBytes.read(path)
        } catch {
            return .failure(.damaged(error.text))
        }
        return decode(bytes, s2: s2)
    }

    static func decode(_ bytes: Bytes, s2: S2Content?) -> Result<ChapterFingerprints, Unavailable> {
        let file = FileBytes(copying: bytes)
        var reader = ByteReader(file)
        let damaged = Unavailable.damaged(Localized("\(fileName) is damaged", ru: "\(fileName) повреждён"))
        if format.recognise(bytes) == .otherVersion {
            return .failure(.damaged(Localized(both: "\(fileName): ") + FileFormat.otherVersion))
        }
        guard bytes.count >= 8 + 8 + 8 + 4 + 8, format.recognise(bytes) == .readable(format.current),
            reader.skip(FileFormat.signatureLength),
            let size = reader.uint64(), let checksum = reader.uint64(), let count = reader.uint32()
        else {
            return .failure(damaged)
        }
        let sumAt = bytes.count - 8
        let sum = bytes[sumAt...].withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
        guard sum == Checksum.of(Bytes(bytes[..<sumAt])) else { return .failure(damaged) }
        if let s2, s2 != S2Content(size: size, checksum: checksum) { return .failure(.stale) }
        var result = ChapterFingerprints()
        // Each chapter takes at least 12 bytes: a count the file cannot hold is damage.
        guard Int(count) <= (sumAt - reader.position) / 12 else { return .failure(damaged) }
        result.chapters.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let length = reader.uint32(), reader.position + Int(length) + 8 <= sumAt,
                let name = reader.bytes(Int(length)), let fingerprint = reader.uint64(),
                result.chapters.updateValue(fingerprint, forKey: ByteKey(name)) == nil
            else {
                return .failure(damaged)
            }
        }
        guard reader.position == sumAt else { return .failure(damaged) }
        return .success(result)
    }
}
