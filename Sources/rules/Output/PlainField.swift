import RulesSearch

/// A field of a line-oriented output (`--plain`, `titles`): a tab or line break inside it
/// becomes a space, so that a line is always one record and its fields stay apart.
enum PlainField {
    static func clean(_ bytes: Bytes) -> Bytes {
        bytes.map { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }
    }
}
