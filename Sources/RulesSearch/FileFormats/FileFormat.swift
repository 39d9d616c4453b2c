import RulesRegex

/// The one versioning rule of the files `rules` writes beside an index.
///
/// Each begins with eight bytes: `RULES`, two letters naming its kind, and one character
/// giving its version (`1` to `9`, then `A` to `Z`). A change to a file's layout or to what
/// its contents mean gives it the next version. Its reader lists the versions it reads: the
/// one it writes and the earlier ones it still understands. A file of any other version
/// (written by another release of `rules`) is not damage: it is said as a file of another
/// version, and the index is read as it would be without it, until a build or refresh
/// writes it again.
///
/// | File | Kind | Written | Also read |
/// |---|---|---|---|
/// | `rules-index.bin` (``BinaryIndex``) | `IX` | 6 | — (the S2 file is read instead) |
/// | `rules-texts.bin` (``ChapterTexts``) | `TX` | 4 | 1, 2, 3 |
/// | `rules-chapters.bin` (``ChapterFingerprints``) | `CF` | 1 | — |
/// | `rules-words.bin` (``Vocabulary``) | `WD` | 3 | 2 |
///
/// `s2_search_index.php` (``S2IndexFile``) is the reference's own format, PHP's
/// `serialize()`, and has no version of ours.
package struct FileFormat: Sendable {
    /// The two letters of the kind.
    let kind: String
    /// The version written.
    let current: Version
    /// The earlier versions still read.
    let earlier: [Version]

    /// A version, as the eighth byte of the file.
    struct Version: Hashable, Sendable, CustomStringConvertible {
        let byte: UInt8

        init(_ number: Int) {
            precondition((1...35).contains(number), "a file format's version is 1 to 35")
            byte = number <= 9 ? UInt8(ascii: "0") + UInt8(number) : UInt8(ascii: "A") + UInt8(number - 10)
        }

        var description: String { String(UnicodeScalar(byte)) }
    }

    static let binaryIndex = FileFormat(kind: "IX", current: Version(6), earlier: [])
    static let chapterTexts = FileFormat(kind: "TX", current: Version(4), earlier: [Version(1), Version(2), Version(3)])
    static let chapterFingerprints = FileFormat(kind: "CF", current: Version(1), earlier: [])
    static let vocabulary = FileFormat(kind: "WD", current: Version(3), earlier: [Version(2)])

    /// How long the signature is: what a reader reads first.
    package static let signatureLength = 8

    /// The first bytes of a file of `version`.
    func signature(_ version: Version) -> Bytes {
        Bytes("RULES\(kind)".utf8) + [version.byte]
    }

    /// The first bytes of a file written now.
    var signature: Bytes { signature(current) }

    /// What the first bytes of a file say about it.
    enum Recognised: Equatable {
        /// This kind, in a version read: which.
        case readable(Version)
        /// This kind, in a version not read (another release of `rules` wrote it).
        case otherVersion
        /// Not a file of this kind (or too short to say).
        case otherKind
    }

    /// What `bytes`, the start of a file, say it is.
    func recognise<C: Collection<UInt8>>(_ bytes: C) -> Recognised {
        let head = Bytes(bytes.prefix(Self.signatureLength))
        guard head.count == Self.signatureLength, head.starts(with: Bytes("RULES\(kind)".utf8)) else { return .otherKind }
        let version = head[Self.signatureLength - 1]
        if version == current.byte || earlier.contains(where: { $0.byte == version }) { return .readable(Version(byte: version)) }
        return .otherVersion
    }

    /// Said of a file of another version, after its name.
    static let otherVersion = Localized(
        "written by another version of rules",
        ru: "записан другой версией rules")
}

extension FileFormat.Version {
    fileprivate init(byte: UInt8) { self.byte = byte }
}
