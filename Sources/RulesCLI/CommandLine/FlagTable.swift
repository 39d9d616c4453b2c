import RulesSearch

/// Every option of `rules`, defined once: the parser, each command's `--help`, the man page
/// and the shell completions are all made from this table (as ripgrep's
/// `crates/core/flags/defs.rs`), so that none of them can name an option the others lack.
struct Flag: Sendable {
    /// What follows `--name`: nothing, or a value shown as `placeholder`.
    enum Value: Equatable, Sendable {
        case none
        case number(String)
        case text(String)
        case choice(String, [String])

        var placeholder: String? {
            switch self {
            case .none: nil
            case .number(let name), .text(let name), .choice(let name, _): name
            }
        }
    }

    /// What a shell offers after the option.
    enum Completion: Equatable, Sendable {
        case nothing, file, folder, engine
        case choices([String])
    }

    let name: String
    let value: Value
    let commands: [CommandName]
    /// One line, for `--help` and the completions.
    let help: Localized
    /// More, for the man page (English); `nil`: the one line says it all.
    let manual: String?
    let completion: Completion
    /// Puts what the flag says into `options`: `true` for a switch, the value checked
    /// (a number in its range, a choice among its choices) for the rest. `command` names
    /// the command for the error a bad value makes.
    let write: @Sendable (_ options: inout Options, _ value: String?, _ command: CommandName?) throws(Failure) -> Void

    var takesValue: Bool { value != .none }

    /// `--name VALUE` as usage shows it.
    var usage: String { value.placeholder.map { "--\(name) \($0)" } ?? "--\(name)" }

    static let table: [Flag] = [
        Flag(
            name: "json", value: .none, commands: [.search, .titles],
            help: Localized("print JSON instead of text", ru: "вывести JSON вместо текста"),
            manual:
                "Print the answer as one JSON object on one line: the query, the page, total, pages and results, each result with the reference's fields, byte for byte as PHP gives them (id, title, url, description, weight, snippet_html, snippet, rel, start_text, text: the reference folds ё into е in the last four), then the same texts with ё as the rule writes it (snippet_html_as_written, snippet_as_written, start_text_as_written, text_as_written: show these to a person), paragraph (its § number, or null) and chapter ({id, number, title}, or null). A query that names a rule (191, § 191, ch17) adds jump: {id, title, url}; a misspelled one, suggestions. For titles, an array of {id, title, url}. The keys never change with the locale.",
            completion: .nothing,
            write: { o, _, _ in o.json = true }),
        Flag(
            name: "plain", value: .none, commands: [.search],
            help: Localized(
                "one result a line: id, weight and title, separated by tabs",
                ru: "по результату в строке: номер, вес и заголовок через табуляцию"),
            manual:
                "Print one result a line, id TAB weight TAB title, with no header and no paging line: stable for cut(1), awk(1) and fzf(1): the ranked results alone, without the rule a number names (JSON's jump). Combine with --all for every result. In a batch, each line begins with the query and a tab, and a query that finds nothing has one line, its query and empty fields.",
            completion: .nothing,
            write: { o, _, _ in o.plain = true }),
        Flag(
            name: "batch", value: .none, commands: [.search],
            help: Localized(
                "read one query a line from standard input",
                ru: "читать запросы со стандартного ввода, по одному в строке"),
            manual:
                "Read queries from standard input, one a line, and answer each in turn, using every core; what has been read is answered before more is waited for. With --json each answer is one object on one line, a query that finds nothing included: the form for a program that writes a query and reads its answer. The view begins each answer with its query and separates answers with an empty line; --plain begins each line with its query (see --plain). The exit status is 0 when any query found something, 1 when none did, 2 on an error (the answers before it are written).",
            completion: .nothing,
            write: { o, _, _ in o.batch = true }),
        Flag(
            name: "limit", value: .number("N"), commands: [.search],
            help: Localized("results a page (default 10)", ru: "число результатов на странице (по умолчанию 10)"),
            manual: nil, completion: .nothing,
            write: { o, v, c throws(Failure) in o.limit = try number(v, "limit", minimum: 1, c) }),
        Flag(
            name: "all", value: .none, commands: [.search],
            help: Localized("every result on one page", ru: "все результаты на одной странице"),
            manual: nil, completion: .nothing,
            write: { o, _, _ in o.all = true }),
        Flag(
            name: "page", value: .number("N"), commands: [.search],
            help: Localized("the page of results to show (default 1)", ru: "номер страницы результатов (по умолчанию 1)"),
            manual: "The page of results to show, counted from 1. A page past the last says how many pages there are and exits with 1.",
            completion: .nothing,
            write: { o, v, c throws(Failure) in o.page = try number(v, "page", minimum: 1, c) }),
        Flag(
            name: "index", value: .text("DIR"), commands: [.search, .browse, .titles, .show, .checkEngines],
            help: Localized(
                "search the index in DIR (made by 'rules index build' or by s2_search)",
                ru: "искать в индексе из каталога DIR (его строит «rules index build» или s2_search)"),
            manual:
                "Search the index in the folder DIR instead of the built-in rules (show: show its chapters by id): one made by rules index build, or an s2_search index file alone (its snippets then come from a corpus.jsonl beside it or from --corpus).",
            completion: .folder,
            write: { o, v, _ in o.index = v }),
        Flag(
            name: "corpus", value: .text("FILE"), commands: [.search, .browse, .show, .index, .checkEngines],
            help: Localized("the corpus, JSON Lines: one chapter a line", ru: "корпус в формате JSON Lines: по главе в строке"),
            manual:
                "A corpus in JSON Lines, one chapter a line with id, title, html and optionally keywords, description, url and time. index build indexes it; show reads its chapters; search, browse and check-engines take the texts of an index folder's chapters from it.",
            completion: .file,
            write: { o, v, _ in o.corpus = v }),
        Flag(
            name: "out", value: .text("DIR"), commands: [.index],
            help: Localized("the folder to put the index in", ru: "каталог для индекса"),
            manual:
                "The folder to write the index into (created if missing). Its files are replaced atomically, under a lock on the folder; a build that fails leaves them as they were.",
            completion: .folder,
            write: { o, v, _ in o.out = v }),
        Flag(
            name: "dry-run", value: .none, commands: [.index],
            help: Localized(
                "refresh: print the ids that would be refreshed, in order, and change nothing",
                ru: "refresh: вывести номера глав, которые будут обновлены, по порядку, ничего не меняя"),
            manual:
                "With index refresh: print the ids of the chapters that would be refreshed, one a line in the order they would be, and change nothing.",
            completion: .nothing,
            write: { o, _, _ in o.dryRun = true }),
        // A text, not a choice: an unknown engine has its own error, which names where the
        // name came from (--engine or RULES_ENGINE).
        Flag(
            name: "engine", value: .text("NAME"), commands: [.search, .browse, .titles, .stem, .index],
            help: Localized(
                "the regex engine: pcre2 (default) or foundation", ru: "движок регулярных выражений: pcre2 (по умолчанию) или foundation"),
            manual:
                "The regular-expression engine: pcre2 (the default) or foundation (NSRegularExpression, ICU). Both give the same answers; rules check-engines proves it. Overrides RULES_ENGINE.",
            completion: .engine,
            write: { o, v, _ in o.engine = v }),
        Flag(
            name: "color", value: .choice("WHEN", ["auto", "always", "never"]), commands: [.search, .browse, .titles, .show],
            help: Localized(
                "colour and bold: auto (on a terminal, unless NO_COLOR is set), always or never",
                ru: "выделение цветом и полужирным: auto (в терминале, если не задан NO_COLOR), always или never"),
            manual:
                "When to mark the output with colour and bold: auto (the default: only when standard output is a terminal and NO_COLOR is not set), always (even in a pipe) or never.",
            completion: .choices(["auto", "always", "never"]),
            write: { o, v, _ in o.color = v.flatMap(Options.ColorChoice.init(rawValue:)) }),
        Flag(
            name: "no-pager", value: .none, commands: [.search, .titles, .show],
            help: Localized("never send the output through a pager", ru: "не выводить через программу постраничного просмотра"),
            manual:
                "Do not send output taller than the terminal through the pager ($PAGER, else less -FRX). Output to a pipe never goes through it.",
            completion: .nothing,
            write: { o, _, _ in o.noPager = true }),
        Flag(
            name: "print", value: .none, commands: [.browse],
            help: Localized(
                "print the id of the rule chosen with Enter, and exit", ru: "вывести номер правила, выбранного клавишей Enter, и выйти"),
            manual:
                "Enter on a rule prints its id (§ 191 as 191, chapter 17 as ch17) on standard output and ends browse, as fzf prints its choice: the screen is drawn on the terminal (/dev/tty), so that standard output can go to a pipe or a variable. Exit status 0 when a rule was chosen, 1 when browse was left without one, 130 on Ctrl-C.",
            completion: .nothing,
            write: { o, _, _ in o.print = true }),
        Flag(
            name: "queries", value: .text("FILE"), commands: [.checkEngines],
            help: Localized("also compare the queries in FILE, one a line", ru: "сравнить также запросы из FILE, по одному в строке"),
            manual: nil, completion: .file,
            write: { o, v, _ in o.queries = v }),
        Flag(
            name: "fuzz", value: .number("N"), commands: [.checkEngines],
            help: Localized(
                "also compare N generated queries (and N/10 backtracking patterns)",
                ru: "сравнить также N порождённых запросов (и N/10 шаблонов с возвратами)"),
            manual:
                "Also compare N queries generated from the corpus's words (typos, operators, long and odd input), and N/10, at least 20, cases of the snippet pattern with words that make a regex backtrack, and N/100, at least two for each, cases of every pattern of the reference on long words and unbalanced delimiters. N is at most 1000000 (about an hour).",
            completion: .nothing,
            write: { o, v, c throws(Failure) in o.fuzz = try number(v, "fuzz", minimum: 0, maximum: 1_000_000, c) }),
        Flag(
            name: "seed", value: .number("N"), commands: [.checkEngines],
            help: Localized("the seed of the generated queries (default 1)", ru: "начальное значение генератора запросов (по умолчанию 1)"),
            manual: nil, completion: .nothing,
            write: { o, v, c throws(Failure) in o.seed = try number(v, "seed", minimum: 0, c) }),
        Flag(
            name: "junit", value: .text("FILE"), commands: [.checkEngines],
            help: Localized("also write a JUnit XML report to FILE", ru: "записать также отчёт JUnit XML в FILE"),
            manual:
                "Also write the result as a JUnit XML report to FILE, the format CI systems display: a test case per stage, a failure carrying the smallest differing input and both engines' answers.",
            completion: .file,
            write: { o, v, _ in o.junit = v }),
        Flag(
            name: "help", value: .none, commands: CommandName.allCases,
            help: Localized("show this help", ru: "показать эту справку"),
            manual: "Show the usage of the command, its options and examples.",
            completion: .nothing,
            write: { o, _, _ in o.help = true }),
        Flag(
            name: "version", value: .none, commands: CommandName.allCases,
            help: Localized("show the version", ru: "показать версию"), manual: nil, completion: .nothing,
            write: { o, _, _ in o.version = true }),
    ]

    /// What the table says of two options given together.
    struct Rule: Sendable {
        enum Kind: Sendable {
            /// Not with this one.
            case conflicts(String)
            /// Only with this one.
            case requires(String)
        }

        let command: CommandName
        let option: String
        let kind: Kind
    }

    /// Options that exclude or need another, by command.
    static let rules: [Rule] = [
        Rule(command: .search, option: "all", kind: .conflicts("limit")),
        Rule(command: .search, option: "all", kind: .conflicts("page")),
        Rule(command: .search, option: "json", kind: .conflicts("plain")),
        // The texts of an index's chapters: without --index there is no index to take them for.
        Rule(command: .search, option: "corpus", kind: .requires("index")),
        Rule(command: .browse, option: "corpus", kind: .requires("index")),
    ]

    static func named(_ name: String) -> Flag? { table.first { $0.name == name } }

    /// A whole-number value, from `minimum` to `maximum`.
    private static func number(
        _ text: String?, _ name: String, minimum: Int, maximum: Int? = nil,
        _ command: CommandName?
    ) throws(Failure) -> Int {
        guard let text, let n = Int(text), n >= minimum, n <= maximum ?? Int.max else {
            throw .notANumber(option: "--\(name)", minimum: minimum, maximum: maximum, given: text ?? "", command)
        }
        return n
    }

    /// The options `command` takes, in table order.
    static func of(_ command: CommandName) -> [Flag] { table.filter { $0.commands.contains(command) } }
}
