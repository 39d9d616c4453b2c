import CByteSearch

/// Where a record of the built-in rules stands: a paragraph with its § number and chapter,
/// or a chapter with its number. Results and completions say it.
package struct RulePlace: Sendable {
    package enum Kind: String, Sendable { case chapter, paragraph }
    package let kind: Kind
    package let number: Int
    /// The chapter's id, for a paragraph.
    package let chapter: String?
}

/// The built-in rules' outline (``BuiltInData/outline``: `id TAB kind TAB number TAB parent`
/// a line), looked up in place: a search names ten results, and reading every line into a
/// dictionary first cost it as much as a third of its own work (0.9 M instructions).
package struct RuleOutline: Sendable {
    private let text: String

    init(text: String) {
        self.text = text
    }

    /// The place of the record `id`, found by its line.
    package subscript(id: String) -> RulePlace? {
        var text = text
        return text.withUTF8 { bytes -> RulePlace? in
            guard let base = bytes.baseAddress else { return nil }
            let needle = Array("\n\(id)\t".utf8)
            // The first line has no line break before it.
            var start: Int?
            if bytes.starts(with: needle.dropFirst()) {
                start = 0
            } else if let hit = needle.withUnsafeBytes({ rules_memmem(base, bytes.count, $0.baseAddress!, needle.count) }) {
                start = UnsafeRawPointer(base).distance(to: hit) + 1
            }
            guard let start else { return nil }
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            return Self.place(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
    }

    /// Every record's place, by id.
    package var all: [String: RulePlace] {
        var places: [String: RulePlace] = [:]
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if let tab = line.firstIndex(of: 0x09), let place = Self.place(line) {
                    places[String(decoding: UnsafeBufferPointer(rebasing: line[..<tab]), as: UTF8.self)] = place
                }
                start = end + 1
            }
        }
        return places
    }

    /// A line's place: its four fields, the kind and number well-formed.
    private static func place(_ line: UnsafeBufferPointer<UInt8>) -> RulePlace? {
        let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
        guard fields.count == 4 else { return nil }
        func field(_ k: Int) -> String { String(decoding: UnsafeBufferPointer(rebasing: fields[k]), as: UTF8.self) }
        guard let kind = RulePlace.Kind(rawValue: field(1)), let number = Int(field(2)) else { return nil }
        return RulePlace(kind: kind, number: number, chapter: fields[3].isEmpty ? nil : field(3))
    }
}

extension BuiltInIndex {
    /// Each record's place, by id (from ``BuiltInData/outline``, not the corpus: reading it
    /// costs a search a few microseconds, parsing the corpus milliseconds).
    package static let outline = RuleOutline(text: BuiltInData.outline)
}
