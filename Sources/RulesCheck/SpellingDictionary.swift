import CHunspell
import Foundation
import RulesSearch

/// A dictionary of the Russian language from the system: Debian's `hunspell-ru` (the
/// LibreOffice dictionary, `ru_RU.aff` and `ru_RU.dic`), read by Hunspell's library
/// (`libhunspell-dev`, linked in). It says whether a word is a word of the language, its
/// corrections when it is not, and its dictionary forms. Not safe to share between
/// threads: one a thread.
package final class SpellingDictionary {
    /// Where the dictionary was read from: `ru_RU.aff` and `ru_RU.dic` in this folder.
    package let folder: String
    private let handle: OpaquePointer

    /// The folders searched for `ru_RU.aff` and `ru_RU.dic`: `RULES_DICTIONARY` alone when
    /// set (a folder), else where Debian and others install hunspell dictionaries.
    package static func searchPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        if let own = environment["RULES_DICTIONARY"], !own.isEmpty { return [own] }
        return ["/usr/share/hunspell", "/usr/local/share/hunspell", "/usr/share/myspell", "/usr/share/myspell/dicts"]
    }

    /// Why no dictionary could be opened.
    package enum OpenError: LocalizedFailure, Equatable {
        /// None of the folders holds both files.
        case notInstalled(searched: [String])
        /// The files are there but Hunspell read no words from them.
        case unreadable(folder: String)

        package var text: Localized {
            switch self {
            case .notInstalled:
                Localized(
                    "no Russian dictionary: install it with 'apt-get install hunspell-ru', or set RULES_DICTIONARY to a folder with ru_RU.aff and ru_RU.dic",
                    ru:
                        "нет словаря русского языка: установите его командой «apt-get install hunspell-ru» или укажите в RULES_DICTIONARY каталог с ru_RU.aff и ru_RU.dic"
                )
            case .unreadable(let folder):
                Localized(
                    "the dictionary in \(folder) cannot be read: install hunspell-ru again, or set RULES_DICTIONARY to a folder with ru_RU.aff and ru_RU.dic",
                    ru:
                        "словарь в \(folder) не читается: установите hunspell-ru заново или укажите в RULES_DICTIONARY каталог с ru_RU.aff и ru_RU.dic"
                )
            }
        }
    }

    /// The first dictionary found in `folders`.
    package init(searching folders: [String] = SpellingDictionary.searchPath()) throws(OpenError) {
        guard
            let folder = folders.first(where: { folder in
                ["aff", "dic"].allSatisfy { FileManager.default.isReadableFile(atPath: "\(folder)/ru_RU.\($0)") }
            })
        else { throw .notInstalled(searched: folders) }
        guard let handle = Hunspell_create("\(folder)/ru_RU.aff", "\(folder)/ru_RU.dic") else { throw .unreadable(folder: folder) }
        self.folder = folder
        self.handle = handle
        // A file that is not a dictionary leaves Hunspell with no words: not even «и».
        guard Hunspell_spell(handle, "и") != 0 else { throw .unreadable(folder: folder) }
    }

    deinit { Hunspell_destroy(handle) }

    /// Whether `word` is a word of the language, in the case it is written in (a capital
    /// at the start is allowed to any word; a lowercase proper name is not a word).
    package func knows(_ word: String) -> Bool { Hunspell_spell(handle, word) != 0 }

    /// Hunspell's corrections of `word`, in its order.
    package func corrections(_ word: String) -> [String] { list { Hunspell_suggest(handle, &$0, word) } }

    /// The dictionary forms `word` is a form of (`извините` → `извинить`).
    package func lemmas(_ word: String) -> [String] { list { Hunspell_stem(handle, &$0, word) } }

    /// Whether `word` is an entry of the dictionary as it stands, not a form its affixes
    /// make of another (вручную, навсегда; not наследующую, a form of наследующий).
    package func isEntry(_ word: String) -> Bool {
        let analyses = list { Hunspell_analyze(handle, &$0, word) }
        return !analyses.isEmpty && !analyses.contains { $0.contains("fl:") }
    }

    /// `word` taken as a word for as long as this dictionary is open (a user's own words).
    package func accept(_ word: String) { _ = Hunspell_add(handle, word) }

    private func list(_ call: (inout UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32) -> [String] {
        var items: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        let count = call(&items)
        defer { if count > 0 { Hunspell_free_list(handle, &items, count) } }
        guard count > 0, let list = items else { return [] }
        return (0..<Int(count)).compactMap { list[$0].map { String(cString: $0) } }
    }
}
