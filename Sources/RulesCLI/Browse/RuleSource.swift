import Foundation
import RulesSearch

/// The text of the rules for `rules browse`'s reading screens: a rule with its chapter, a
/// chapter with its paragraphs, the list of chapters. The built-in rules come from their
/// corpus (read when first needed); an index of one's own from its entries and its
/// chapter texts, opened for this alone, apart from the search thread's.
final class RuleSource {
    /// A record to read.
    struct Page {
        let id: String
        /// The line naming its chapter, for a paragraph.
        let chapter: String?
        let title: String
        /// Its text as lines of plain text (paragraphs and list items on lines of their own).
        let body: String
        /// A chapter's paragraphs, in order: each openable.
        let children: [(id: String, title: String)]
    }

    private let outline: RuleOutline?
    private let folder: (index: any IndexReading, texts: ChapterTexts?)?
    private lazy var corpus: Corpus? = folder == nil ? (try? BuiltInIndex.corpus()) : nil

    /// The built-in rules.
    init() {
        outline = BuiltInIndex.outline
        folder = nil
    }

    /// An index of one's own.
    init(index: any IndexReading, texts: ChapterTexts?) {
        outline = nil
        folder = (index, texts)
    }

    func page(_ id: String) -> Page? {
        let key = ByteKey(Bytes(id.utf8))
        if let folder {
            guard let entry = folder.index.entry(key) else { return nil }
            let html = folder.texts?.html(key) ?? []
            return Page(
                id: id, chapter: nil, title: String(decoding: entry.field("title")?.stringValue ?? [], as: UTF8.self),
                body: String(decoding: Rendering.plainText(html), as: UTF8.self), children: [])
        }
        guard let corpus, let record = corpus.chapters[key] else { return nil }
        var chapter: String?
        if case .string(let parent)? = record.field("parent"), let parentRecord = corpus.chapters[ByteKey(parent)] {
            chapter = RuleLabel.chapter(Self.text(parentRecord.title), place: outline?[String(decoding: parent, as: UTF8.self)])
        }
        let children: [(id: String, title: String)]
        if outline?[id]?.kind == .chapter {
            children = corpus.chapters.values.compactMap { child in
                guard case .string(let parent)? = child.field("parent"), parent == key.bytes else { return nil }
                let childID = String(decoding: child.key.bytes, as: UTF8.self)
                return (childID, RuleLabel.title(Self.text(child.title), place: outline?[childID]))
            }
        } else {
            children = []
        }
        // A chapter's own text lists its paragraphs, which the list shows: its first part only.
        var html = record.html
        if !children.isEmpty, let list = PHPStrings.firstIndex(of: Bytes("<ul>".utf8), in: html, from: 0) { html = Array(html[..<list]) }
        return Page(
            id: id, chapter: chapter, title: RuleLabel.title(Self.text(record.title), place: outline?[id]),
            body: String(decoding: Rendering.plainText(html), as: UTF8.self), children: children)
    }

    /// The chapters, in the order of the contents.
    func chapters() -> [(id: String, title: String)] {
        if let folder {
            var list: [(id: String, title: String)] = []
            folder.index.forEachEntry { key, entry in
                list.append(
                    (String(decoding: key.bytes, as: UTF8.self), String(decoding: entry.field("title")?.stringValue ?? [], as: UTF8.self)))
            }
            return list
        }
        guard let corpus else { return [] }
        return corpus.chapters.values.compactMap { record in
            let id = String(decoding: record.key.bytes, as: UTF8.self)
            guard outline?[id]?.kind == .chapter else { return nil }
            return (id, RuleLabel.title(Self.text(record.title), place: outline?[id]))
        }
    }

    /// Whether `id` opens as a chapter with its paragraphs.
    func isChapter(_ id: String) -> Bool { outline?[id]?.kind == .chapter }

    private static func text(_ value: PHPValue) -> String { String(decoding: value.stringValue, as: UTF8.self) }
}
