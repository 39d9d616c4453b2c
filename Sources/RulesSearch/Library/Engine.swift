import RulesRegex

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

    /// The engine used when none is named.
    package static let `default` = Engine.pcre2
    /// The environment variable that names the engine when `--engine` does not.
    package static let environmentVariable = "RULES_ENGINE"

    /// A new engine (each caller its own: a `Preg` keeps the patterns it compiled).
    package func make() -> any RegexEngine {
        switch self {
        case .pcre2: PCRE2Engine()
        case .foundation: FoundationEngine()
        }
    }

    /// A new `Preg` over a new engine.
    package func preg() -> Preg { Preg(engine: make()) }
}

extension Stemmer {
    /// A stemmer whose patterns run on `engine`.
    public convenience init(engine: Engine = .pcre2) {
        self.init(preg: engine.preg())
    }
}
