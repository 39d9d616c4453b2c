extension Array where Element: Equatable {
    /// Adds `element` unless it is there: a PHP array used as a set, small enough to search.
    mutating func appendIfMissing(_ element: Element) {
        if !contains(element) { append(element) }
    }
}
