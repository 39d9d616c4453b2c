import Foundation
import RulesSearch

/// Russian spelling checked as `rules check` checks it: each word against the system's
/// Russian dictionary (Debian's `hunspell-ru`, read by Hunspell), and for each mistake its
/// corrections, ranked by the mistakes people make in Russian, and the paragraph of the
/// built-in rules that decides it.
///
/// ```swift
/// let checker = try SpellChecker()
/// for mistake in checker.check("Наше агенство открылось, вообщем, вовремя.") {
///     print(mistake.word, mistake.corrections.first ?? "", mistake.paragraph ?? 0)
/// }
/// // агенство агентство 54
/// // вообщем в общем 426
/// ```
///
/// A checker is for one thread; make one per thread (each opens its own dictionary).
public final class SpellChecker {
    private let checker: SpellingChecker

    /// A checker with the dictionary in `dictionaryFolder` (`ru_RU.aff` and `ru_RU.dic`),
    /// or, when nil, the one `RULES_DICTIONARY` names or the system's; `acceptedWords` are
    /// taken as right in any case (a writer's own terms and names).
    ///
    /// Throws `RulesError` of kind `notFound` when no dictionary is installed (`apt-get
    /// install hunspell-ru`) and of kind `unreadable` when the one found cannot be read.
    public init(dictionaryFolder: String? = nil, acceptedWords: [String] = []) throws(RulesError) {
        let dictionary: SpellingDictionary
        do {
            dictionary = try SpellingDictionary(searching: dictionaryFolder.map { [$0] } ?? SpellingDictionary.searchPath())
        } catch {
            let kind: RulesError.Kind =
                switch error {
                case .notInstalled: .notFound
                case .unreadable: .unreadable
                }
            throw RulesError(kind, error.text)
        }
        checker = SpellingChecker(dictionary: dictionary, accepted: acceptedWords)
    }

    /// The mistakes in `text`, in the order they stand.
    public func check(_ text: String, format: TextFormat = .text) -> [Misspelling] {
        checker.check(text, format: format.words).map(Misspelling.init)
    }
}
