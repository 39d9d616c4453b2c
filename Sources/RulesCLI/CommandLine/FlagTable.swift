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
    /// More, for the man page; `nil`: the one line says it all.
    let manual: Localized?
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
            name: "json", value: .none, commands: [.search, .titles, .check],
            help: Localized("print JSON instead of text", ru: "вывести JSON вместо текста"),
            manual:
                Localized(
                    "Print the answer as one JSON object on one line: the query, the page, total, pages and results, each result with the reference's fields, byte for byte as PHP gives them (id, title, url, description, weight, snippet_html, snippet, rel, start_text, text: the reference folds ё into е in snippet_html, snippet, start_text and text), then the same texts with ё as the rule writes it (snippet_html_as_written, snippet_as_written, start_text_as_written, text_as_written: show these to a person), paragraph (its § number, or null) and chapter ({id, number, title}, or null). A query that names a rule (191, § 191, ch17) adds jump: {id, title, url}; a misspelled one, suggestions. For titles, an array of {id, title, url}. The keys never change with the locale.",
                    ru:
                        "Вывести ответ одним объектом JSON в одной строке: query, page, total, pages и results; у каждого результата — поля оригинала, байт в байт как их выдаёт PHP (id, title, url, description, weight, snippet_html, snippet, rel, start_text, text; в snippet_html, snippet, start_text и text оригинал заменяет ё на е), затем те же тексты с ё так, как оно написано в правиле (snippet_html_as_written, snippet_as_written, start_text_as_written, text_as_written: именно их показывайте человеку), paragraph (номер § или null) и chapter ({id, number, title} или null). Запрос, который называет правило (191, § 191, ch17), добавляет jump: {id, title, url}; запрос с ошибкой — suggestions. Для titles — массив {id, title, url}. Ключи никогда не меняются в зависимости от локали."
                ),
            completion: .nothing,
            write: { o, _, _ in o.json = true }),
        Flag(
            name: "plain", value: .none, commands: [.search],
            help: Localized(
                "one result a line: id, weight and title, separated by tabs",
                ru: "по результату в строке: номер, вес и заголовок через табуляцию"),
            manual:
                Localized(
                    "Print one result a line, id TAB weight TAB title, with no header and no paging line: stable for cut(1), awk(1) and fzf(1): the ranked results alone, without the rule a number names (JSON's jump): a query that finds only that rule exits with 1. Combine with --all for every result. In a batch, each line begins with the query and a tab, and a query that finds nothing has one line, its query and empty fields.",
                    ru:
                        "Выводить по результату в строке — номер TAB вес TAB заголовок, без шапки и без строки перехода по страницам; это стабильный формат для cut(1), awk(1) и fzf(1): только ранжированные результаты, без правила, которое названо номером (jump в JSON): запрос, который находит только его, завершается с кодом 1. Чтобы получить все результаты, добавьте --all. В пакетном режиме каждая строка начинается с запроса и табуляции, а для запроса, который ничего не нашёл, выводится одна строка: запрос и пустые поля."
                ),
            completion: .nothing,
            write: { o, _, _ in o.plain = true }),
        Flag(
            name: "batch", value: .none, commands: [.search],
            help: Localized(
                "read one query a line from standard input",
                ru: "читать запросы со стандартного ввода, по одному в строке"),
            manual:
                Localized(
                    "Read queries from standard input, one a line, and answer each in turn, using every core; what has been read is answered before more is waited for. With --json each answer is one object on one line, a query that finds nothing included: the form for a program that writes a query and reads its answer. The view begins each answer with its query and separates answers with an empty line; --plain begins each line with its query (see --plain). The exit status is 0 when any query found something, 1 when none did, 2 on an error (the answers before it are written).",
                    ru:
                        "Читать запросы со стандартного ввода, по одному в строке, и отвечать на каждый по очереди, задействуя все ядра; на уже прочитанные запросы ответ выдаётся прежде, чем ожидаются следующие. С --json каждый ответ — один объект в одной строке, в том числе для запроса, который ничего не нашёл: это форма для программы, которая пишет запрос и читает ответ на него. Текстовая выдача начинает каждый ответ с его запроса и отделяет ответы пустой строкой; --plain начинает с запроса каждую строку (см. --plain). Код выхода 0, если хоть один запрос что-то нашёл, 1 — если ни один, 2 — при ошибке (ответы, данные до неё, выводятся)."
                ),
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
            manual: Localized(
                "The page of results to show, counted from 1. A page past the last says how many pages there are and exits with 1.",
                ru:
                    "Номер страницы результатов для показа, считая с 1. Для страницы за последней сообщается, сколько всего страниц, и команда завершается с кодом 1."
            ),
            completion: .nothing,
            write: { o, v, c throws(Failure) in o.page = try number(v, "page", minimum: 1, c) }),
        Flag(
            name: "index", value: .text("DIR"), commands: [.search, .browse, .titles, .show, .serve, .checkEngines],
            help: Localized(
                "search the index in DIR (made by 'rules index build' or by s2_search)",
                ru: "искать в индексе из каталога DIR (его строит «rules index build» или s2_search)"),
            manual:
                Localized(
                    "Search the index in the folder DIR instead of the built-in rules (show: show its chapters by id): one made by rules index build, or an s2_search index file alone (its snippets then come from a corpus.jsonl beside it or from --corpus).",
                    ru:
                        "Искать не во встроенных правилах, а в индексе из каталога DIR (для show — показывать его главы по id): это индекс, построенный командой rules index build, или один только файл индекса s2_search (фрагменты текста тогда берутся из лежащего рядом corpus.jsonl или из --corpus)."
                ),
            completion: .folder,
            write: { o, v, _ in o.index = v }),
        Flag(
            name: "corpus", value: .text("FILE"), commands: [.search, .browse, .show, .serve, .index, .checkEngines],
            help: Localized("the corpus, JSON Lines: one chapter a line", ru: "корпус в формате JSON Lines: по главе в строке"),
            manual:
                Localized(
                    "A corpus in JSON Lines, one chapter a line with id, title, html and optionally keywords, description, url and time. index build indexes it; show reads its chapters; search, browse and check-engines take the texts of an index folder's chapters from it.",
                    ru:
                        "Корпус в формате JSON Lines: по главе в строке, с полями id, title, html и, по желанию, keywords, description, url и time. index build индексирует его; show читает из него главы; search, browse и check-engines берут из него тексты глав индекса из каталога."
                ),
            completion: .file,
            write: { o, v, _ in o.corpus = v }),
        Flag(
            name: "out", value: .text("DIR"), commands: [.index],
            help: Localized("the folder to put the index in", ru: "каталог для индекса"),
            manual:
                Localized(
                    "The folder to write the index into (created if missing). Its files are replaced atomically, under a lock on the folder; a build that fails leaves them as they were.",
                    ru:
                        "Каталог, в который записывается индекс (создаётся, если его нет). Файлы в нём заменяются атомарно, под блокировкой каталога; неудачная сборка оставляет их как были."
                ),
            completion: .folder,
            write: { o, v, _ in o.out = v }),
        Flag(
            name: "dry-run", value: .none, commands: [.index],
            help: Localized(
                "refresh: print the ids that would be refreshed, in order, and change nothing",
                ru: "refresh: вывести номера глав, которые будут обновлены, по порядку, ничего не меняя"),
            manual:
                Localized(
                    "With index refresh: print the ids of the chapters that would be refreshed, one a line in the order they would be, and change nothing.",
                    ru:
                        "С index refresh: вывести номера глав, которые были бы обновлены, по одному в строке в том порядке, в каком обновлялись бы, и ничего не менять."
                ),
            completion: .nothing,
            write: { o, _, _ in o.dryRun = true }),
        // A text, not a choice: an unknown engine has its own error, which names where the
        // name came from (--engine or RULES_ENGINE).
        Flag(
            name: "engine", value: .text("NAME"), commands: [.search, .browse, .titles, .serve, .stem, .index],
            help: Localized(
                "the regex engine: pcre2 (default) or foundation", ru: "движок регулярных выражений: pcre2 (по умолчанию) или foundation"),
            manual:
                Localized(
                    "The regular-expression engine: pcre2 (the default) or foundation (NSRegularExpression, ICU). Both give the same answers; rules check-engines checks it. Overrides RULES_ENGINE.",
                    ru:
                        "Движок регулярных выражений: pcre2 (по умолчанию) или foundation (NSRegularExpression, ICU). Оба дают одинаковые ответы; это проверяет rules check-engines. Имеет приоритет над RULES_ENGINE."
                ),
            completion: .engine,
            write: { o, v, _ in o.engine = v }),
        Flag(
            name: "color", value: .choice("WHEN", ["auto", "always", "never"]), commands: [.search, .browse, .titles, .show, .check],
            help: Localized(
                "colour and bold: auto (on a terminal, unless NO_COLOR is set), always or never",
                ru: "выделение цветом и полужирным: auto (в терминале, если не задан NO_COLOR), always или never"),
            manual:
                Localized(
                    "When to mark the output with colour and bold: auto (the default: only when standard output is a terminal and NO_COLOR is not set), always (even in a pipe) or never.",
                    ru:
                        "Когда выделять вывод цветом и полужирным: auto (по умолчанию: только если стандартный вывод — терминал и не задан NO_COLOR), always (даже в канале) или never."
                ),
            completion: .choices(["auto", "always", "never"]),
            write: { o, v, _ in o.color = v.flatMap(Options.ColorChoice.init(rawValue:)) }),
        Flag(
            name: "no-pager", value: .none, commands: [.search, .titles, .show],
            help: Localized("never send the output through a pager", ru: "не выводить через программу постраничного просмотра"),
            manual:
                Localized(
                    "Do not send output taller than the terminal through the pager ($PAGER, else less -FRX). Output to a pipe never goes through it.",
                    ru:
                        "Не пропускать вывод, не помещающийся в терминал по высоте, через программу постраничного просмотра ($PAGER, иначе less -FRX). Вывод в канал через неё не идёт никогда."
                ),
            completion: .nothing,
            write: { o, _, _ in o.noPager = true }),
        Flag(
            name: "print", value: .none, commands: [.browse],
            help: Localized(
                "print the id of the rule chosen with Enter, and exit", ru: "вывести номер правила, выбранного клавишей Enter, и выйти"),
            manual:
                Localized(
                    "Enter on a rule prints its id (§ 191 as 191, chapter 17 as ch17) on standard output and ends browse, as fzf prints its choice: the screen is drawn on the terminal (/dev/tty), so that standard output can go to a pipe or a variable. Exit status 0 when a rule was chosen, 1 when browse was left without one, 130 on Ctrl-C.",
                    ru:
                        "Enter на правиле выводит его номер (§ 191 — как 191, главу 17 — как ch17) в стандартный вывод и завершает browse, так же как fzf выводит выбранное: экран рисуется на терминале (/dev/tty), так что стандартный вывод можно направить в канал или в переменную. Код выхода 0, если правило выбрано, 1 — если из browse вышли без выбора, 130 — при Ctrl-C."
                ),
            completion: .nothing,
            write: { o, _, _ in o.print = true }),
        Flag(
            name: "file", value: .text("FILE"), commands: [.check],
            help: Localized("check the text of FILE (- for standard input)", ru: "проверить текст файла FILE (- — стандартный ввод)"),
            manual: Localized(
                "Check the text of FILE (- for standard input), UTF-8, and print one line a mistake, FILE:LINE:COLUMN: word → correction (§ N. title), as compilers and linters do; with --json, one JSON object a line. HTML (.html, .htm) and Markdown (.md) are read as text: tags, code and addresses are passed over.",
                ru:
                    "Проверить текст файла FILE (- — стандартный ввод) в UTF-8 и вывести по строке на ошибку, ФАЙЛ:СТРОКА:СТОЛБЕЦ: слово → исправление (§ N. заголовок), как это делают компиляторы и линтеры; с --json — по объекту JSON в строке. HTML (.html, .htm) и Markdown (.md) читаются как текст: теги, код и адреса пропускаются."
            ),
            completion: .file,
            write: { o, value, _ in o.file = value }),
        Flag(
            name: "format", value: .choice("FORMAT", ["text", "html", "markdown"]), commands: [.check],
            help: Localized(
                "how the text is written: text, html or markdown (by default, by the file's name)",
                ru: "как записан текст: text, html или markdown (по умолчанию — по имени файла)"),
            manual: nil,
            completion: .choices(["text", "html", "markdown"]),
            write: { o, value, _ in o.format = value }),
        Flag(
            name: "listen", value: .text("ADDR:PORT"), commands: [.serve],
            help: Localized(
                "where to listen (default 127.0.0.1:8080)", ru: "где принимать соединения (по умолчанию 127.0.0.1:8080)"),
            manual: Localized(
                "The address and port to listen on: HOST:PORT, [IPv6]:PORT, or a port alone (on 127.0.0.1, the default, so that only this machine can connect). 0.0.0.0:8080 opens it to the network; port 0 takes any free port (the line printed names it).",
                ru:
                    "Адрес и порт для соединений: АДРЕС:ПОРТ, [IPv6]:ПОРТ или только порт (на 127.0.0.1, как по умолчанию, — тогда подключиться можно только с этой машины). 0.0.0.0:8080 открывает поиск в сеть; порт 0 — любой свободный (его называет выведенная строка)."
            ),
            completion: .nothing,
            write: { o, value, _ in o.listen = value }),
        Flag(
            name: "cache", value: .number("MB"), commands: [.serve],
            help: Localized(
                "megabytes of answers to keep (default 64; 0: none)",
                ru: "сколько мегабайт ответов хранить (по умолчанию 64; 0 — нисколько)"),
            manual: Localized(
                "Keep up to MB megabytes of the answers made (twice that at most, the older half forgotten first), so that a query asked again is answered without searching again; 0 keeps none. An answer is kept with the index it came from: a rebuilt index is never answered from the old one.",
                ru:
                    "Хранить до MB мегабайт готовых ответов (самое большее вдвое больше; сначала забывается старшая половина), чтобы на повторный запрос отвечать без нового поиска; 0 — не хранить. Ответ хранится вместе с индексом, по которому он дан: на перестроенный индекс старые ответы не выдаются."
            ),
            completion: .nothing,
            write: { o, v, c throws(Failure) in o.cache = try number(v, "cache", minimum: 0, maximum: 4096, c) }),
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
                Localized(
                    "Also compare N queries generated from the corpus's words (typos, operators, long and odd input), and N/10, at least 20, cases of the snippet pattern with words that make a regex backtrack, and N/100, at least two for each, cases of every pattern of the reference on long words and unbalanced delimiters. N is at most 1000000 (about an hour).",
                    ru:
                        "Сравнить также N запросов, порождённых из слов корпуса (опечатки, операторы, длинный и необычный ввод), и N/10, но не меньше 20, примеров для шаблона фрагментов со словами, на которых регулярное выражение делает возвраты, и N/100, но не меньше двух на каждый, примеров для каждого шаблона оригинала на длинных словах и непарных разделителях. N — не больше 1000000 (около часа)."
                ),
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
                Localized(
                    "Also write the result as a JUnit XML report to FILE, the format CI systems display: a test case per stage, a failure carrying the smallest differing input and both engines' answers.",
                    ru:
                        "Записать также результат в FILE в виде отчёта JUnit XML — в формате, который показывают системы CI: по тестовому случаю на этап; провал содержит наименьшие входные данные, на которых движки расходятся, и ответы обоих движков."
                ),
            completion: .file,
            write: { o, v, _ in o.junit = v }),
        Flag(
            name: "help", value: .none, commands: CommandName.allCases,
            help: Localized("show this help", ru: "показать эту справку"),
            manual: Localized(
                "Show the usage of the command, its options and examples.",
                ru: "Показать способ вызова команды, её параметры и примеры."),
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
        Rule(command: .serve, option: "corpus", kind: .requires("index")),
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
