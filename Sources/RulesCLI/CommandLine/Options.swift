/// The options of one command line, each read and checked once by the flag that writes it
/// (``Flag/write``), as ripgrep's flags write their typed fields: a command reads these
/// fields, never an option by its name.
struct Options: Equatable {
    var json = false
    var plain = false
    var batch = false
    /// Results a page; `nil`: not given.
    var limit: Int?
    var all = false
    /// The page, from 1; `nil`: not given.
    var page: Int?
    var index: String?
    var corpus: String?
    var out: String?
    var dryRun = false
    /// An engine's name as given; checked where the engine is made, with `RULES_ENGINE`.
    var engine: String?
    var color: ColorChoice?
    var noPager = false
    /// `browse --print`: the id of the rule chosen with Enter is printed, and browse ends.
    var print = false
    var queries: String?
    var fuzz: Int?
    var seed: Int?
    var junit: String?
    /// `check --file`: the file to check, `-` for standard input.
    var file: String?
    /// `check --format`: how the text is written; `nil`: by the file's name.
    var format: String?
    /// `serve --listen`: HOST:PORT.
    var listen: String?
    /// `serve --cache`: megabytes of answers kept.
    var cache: Int?
    var help = false
    var version = false

    /// When to mark the output with colour and bold.
    enum ColorChoice: String, CaseIterable {
        case auto, always, never
    }
}
