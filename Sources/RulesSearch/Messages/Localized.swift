/// A message in English and in Russian, written side by side where it is made, so that
/// no error a user can meet has only one of them. The command line picks one by the
/// locale; the library's ``RulesError`` describes itself in English.
package struct Localized: Sendable, Equatable, CustomStringConvertible {
    package let en: String
    package let ru: String

    package init(_ en: String, ru: String) {
        self.en = en
        self.ru = ru
    }

    /// The same text in both (a name, a number, a path).
    package init(both text: String) {
        self.init(text, ru: text)
    }

    package var description: String { en }

    /// Both texts with `other` after them, each in its language.
    package static func + (a: Localized, b: Localized) -> Localized {
        Localized(a.en + b.en, ru: a.ru + b.ru)
    }
}

/// An error that says what happened in both languages.
package protocol LocalizedFailure: Error {
    var text: Localized { get }
}

extension Localized {
    /// What `error` says: in both languages when it is a ``LocalizedFailure``, else its
    /// own description (the same in both).
    package init(describing error: any Error) {
        self = (error as? LocalizedFailure)?.text ?? Localized(both: "\(error)")
    }
}
