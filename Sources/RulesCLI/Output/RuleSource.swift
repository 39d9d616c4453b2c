import Foundation
import RulesSearch

/// The records `rules show` prints and `rules browse` opens, as pages of plain text: a
/// rule with the line naming its chapter, a chapter with its paragraphs, the list of
/// chapters. From the built-in rules (their corpus, read when first needed), a corpus of
/// one's own (`show --corpus`), or an index folder of one's own and its chapter texts.
/// Every text is harmless on a terminal (``HarmlessText``): a corpus of one's own may
/// hold anything.
final class RuleSource {
    /// A record to read.
    struct Page {
        let id: String
        /// The line naming its chapter, for a paragraph.
        let chapter: String?
        let title: String
        /// Its address, for a record of an index of one's own that has one.
        let url: String?
        /// Its text as lines of plain text (paragraphs and list items on lines of their own).
        var body: String
        /// A chapter's own text, before the list of its paragraphs (which ``children`` are);
        /// the body for the rest.
        let introduction: String
        /// A chapter's paragraphs, in order: each openable.
        let children: [(id: String, title: String)]
        /// Whether its «§ N» name paragraphs of the same rules (the built-in rules'), which
        /// can be opened (``CrossReferences``).
        let referencesRules: Bool
    }

    private enum Origin {
        case builtIn
        case corpus(Corpus)
        case folder(index: any IndexReading, texts: ChapterTexts?)
    }

    private let origin: Origin
    private let outline: RuleOutline?
    private lazy var corpus: Corpus? = {
        switch origin {
        case .builtIn: try? BuiltInIndex.corpus()
        case .corpus(let corpus): corpus
        case .folder: nil
        }
    }()

    /// The built-in rules.
    init() {
        origin = .builtIn
        outline = BuiltInIndex.outline
    }

    /// A corpus of one's own, read already.
    init(corpus: Corpus) {
        origin = .corpus(corpus)
        outline = nil
    }

    /// An index of one's own; without its texts, its pages have titles alone.
    init(index: any IndexReading, texts: ChapterTexts?) {
        origin = .folder(index: index, texts: texts)
        outline = nil
    }

    /// The record `id`; `nil` when there is none of that id.
    func page(_ id: String) -> Page? {
        let key = ByteKey(Bytes(id.utf8))
        if case .folder(let index, let texts) = origin {
            guard let entry = index.entry(key) else { return nil }
            let body = Self.plainText(texts?.html(key) ?? [])
            let url = Self.line(entry.field("url")?.stringValue ?? [])
            return Page(
                id: id, chapter: nil, title: Self.line(entry.field("title")?.stringValue ?? []), url: url.isEmpty ? nil : url,
                body: body, introduction: body, children: [], referencesRules: false)
        }
        guard let corpus, let record = corpus.chapters[key] else { return nil }
        var chapter: String?
        if case .string(let parent)? = record.field("parent"), let parentRecord = corpus.chapters[ByteKey(parent)] {
            chapter = RuleLabel.chapter(Self.line(parentRecord.title.stringValue), place: outline?[String(decoding: parent, as: UTF8.self)])
        }
        var children: [(id: String, title: String)] = []
        if outline?[id]?.kind == .chapter {
            children = corpus.chapters.values.compactMap { child in
                guard case .string(let parent)? = child.field("parent"), parent == key.bytes else { return nil }
                let childID = String(decoding: child.key.bytes, as: UTF8.self)
                return (childID, RuleLabel.title(Self.line(child.title.stringValue), place: outline?[childID]))
            }
        }
        // A chapter's own text lists its paragraphs, which browse shows as a list of its own.
        var introduction = record.html
        if !children.isEmpty, let list = PHPStrings.firstIndex(of: Bytes("<ul>".utf8), in: introduction, from: 0) {
            introduction = Array(introduction[..<list])
        }
        return Page(
            id: id, chapter: chapter, title: RuleLabel.title(Self.line(record.title.stringValue), place: outline?[id]), url: nil,
            body: Self.plainText(record.html), introduction: Self.plainText(introduction), children: children,
            referencesRules: outline != nil)
    }

    /// The chapters, in the order of the contents (an index of one's own: its records).
    func chapters() -> [(id: String, title: String)] {
        if case .folder(let index, _) = origin {
            var list: [(id: String, title: String)] = []
            index.forEachEntry { key, entry in
                list.append((String(decoding: key.bytes, as: UTF8.self), Self.line(entry.field("title")?.stringValue ?? [])))
            }
            return list
        }
        guard let corpus else { return [] }
        return corpus.chapters.values.compactMap { record in
            let id = String(decoding: record.key.bytes, as: UTF8.self)
            guard outline?[id]?.kind == .chapter else { return nil }
            return (id, RuleLabel.title(Self.line(record.title.stringValue), place: outline?[id]))
        }
    }

    private static func line(_ bytes: Bytes) -> String { HarmlessText.line(String(decoding: bytes, as: UTF8.self)) }

    private static func plainText(_ html: Bytes) -> String {
        HarmlessText.lines(String(decoding: Rendering.plainText(html), as: UTF8.self))
    }
}
