/// Choosing an engine by name: `--engine pcre2|foundation` or `RULES_ENGINE`.
public enum Engines {
    /// The names `--engine` accepts, the default first.
    public static let names = ["pcre2", "foundation"]
    public static let defaultName = "pcre2"
    /// The environment variable that picks the engine when `--engine` is not given.
    public static let environmentVariable = "RULES_ENGINE"

    /// A new engine of that name, or `nil` for an unknown name.
    public static func make(_ name: String) -> (any RegexEngine)? {
        switch name {
        case "pcre2": return PCRE2Engine()
        case "foundation": return FoundationEngine()
        default: return nil
        }
    }
}
