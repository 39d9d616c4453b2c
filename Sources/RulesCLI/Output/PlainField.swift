import RulesSearch

/// A field of a line-oriented output (`--plain`, `titles`): a tab, line break, NUL or any
/// other control character inside it becomes a space (``HarmlessText``), so that a line is
/// always one record, its fields stay apart, and nothing in it acts on a terminal.
enum PlainField {
    static func clean(_ bytes: Bytes) -> Bytes {
        HarmlessText.line(bytes)
    }
}
