/// A mistake ``SpellChecker`` found: the word as typed (or two words written apart that
/// should not be), where it stands, its corrections, best first, and the paragraph of the
/// built-in rules that decides between what was typed and the first correction.
public struct Misspelling: Sendable {
    /// The word as typed; two words with the space between them for a pair.
    public let word: String
    /// The corrections, best first; none when nothing near is a word.
    public let corrections: [String]
    /// The § number of the built-in rules that decides it (`rules show N`), if one does.
    public let paragraph: Int?
    /// That paragraph's title.
    public let paragraphTitle: String?
    /// Where the word begins: line and column (from 1, in characters).
    public let line: Int
    public let column: Int
    /// Where the word stands in the text, in Unicode scalars (characters) and in UTF-8 bytes.
    public let characterOffset: Int
    public let characterLength: Int
    public let byteOffset: Int
    public let byteLength: Int

    init(_ finding: SpellingChecker.Finding) {
        let first = finding.words[0]
        let last = finding.words[finding.words.count - 1]
        word = finding.typed
        corrections = finding.corrections
        paragraph = finding.rule?.number
        paragraphTitle = finding.rule?.title
        line = first.line
        column = first.column
        characterOffset = first.characterOffset
        characterLength = last.characterOffset + last.characterLength - first.characterOffset
        byteOffset = first.byteOffset
        byteLength = last.byteOffset + last.byteLength - first.byteOffset
    }
}
