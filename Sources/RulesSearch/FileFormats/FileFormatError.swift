/// A file whose content is not what its format says (damaged, cut short, of another
/// kind): the S2 index file, the chapter texts, the vocabulary. What is wrong, in both
/// languages; a rebuild mends it.
package struct FileFormatError: LocalizedFailure, CustomStringConvertible {
    package let text: Localized
    /// In English.
    package var message: String { text.en }
    package var description: String { text.en }

    package init(_ text: Localized) {
        self.text = text
    }
}
