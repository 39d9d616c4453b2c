import Foundation
import RulesSearch

/// The language of help and errors: Russian under a `ru_*` locale, English otherwise, as
/// Unix tools choose (the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set and not
/// empty decides). The results view is Russian whatever the locale (see ``ResultsView``):
/// it is the rules' own language, and the iOS app's authors found an English «No Results»
/// in a Russian program wrong.
enum Language {
    case english, russian

    static let current: Language = from(environment: Environment.value)

    static func from(environment: (String) -> String?) -> Language {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment(name), !value.isEmpty {
                return value.hasPrefix("ru") ? .russian : .english
            }
        }
        return .english
    }
}

extension Localized {
    /// The text in `language`.
    func text(_ language: Language = .current) -> String { language == .russian ? ru : en }
}
