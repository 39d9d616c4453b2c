/// Which regular-expression engine runs the reference's patterns. Both give the same
/// answers (`rules check-engines` proves it on every pattern); PCRE2 is the one PHP uses
/// and the faster.
///
/// ```swift
/// let searcher = Searcher(try .builtIn(), engine: .foundation)
/// ```
public enum Engine: String, CaseIterable, Sendable {
    /// PCRE2 from the system (`libpcre2-8`), as PHP's `preg_*` runs it.
    case pcre2
    /// Foundation's `NSRegularExpression` (ICU).
    case foundation

    /// The engine as the search core names it.
    package var choice: EngineChoice { EngineChoice(named: rawValue)! }
}

extension Stemmer {
    /// A stemmer whose patterns run on `engine`.
    public convenience init(engine: Engine = .pcre2) {
        self.init(engine: engine.choice)
    }
}
