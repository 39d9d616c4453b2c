import RulesRegex

/// A string's bytes as PHP holds them (its UTF-8).
extension String {
    var bytes: Bytes { Bytes(php: self) }
}
