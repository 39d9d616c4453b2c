import RulesSearch

/// What help, the man page and the completions say of each command; its options come from
/// ``Flag/table``.
struct CommandSpec {
    /// What a shell offers for the command's operands.
    enum Operands {
        case none, words, paragraphs, commands, shells
        case subcommands([String])
    }

    let name: CommandName
    /// The usage lines, without "rules ".
    let synopsis: [String]
    let summary: Localized
    let description: Localized
    /// Example command lines (without "rules ") and what each does.
    let examples: [(String, Localized)]
    let operands: Operands

    static func of(_ name: CommandName) -> CommandSpec { table.first { $0.name == name }! }

    static let table: [CommandSpec] = [
        CommandSpec(
            name: .search,
            synopsis: ["search [OPTIONS] QUERY...", "search --batch [OPTIONS] < QUERIES"],
            summary: Localized("rank the rules that answer QUERY", ru: "найти правила по запросу и упорядочить их"),
            description: Localized(
                "Ranks the paragraphs and chapters that answer QUERY as therules.ru's search does (s2_search: a Russian stemmer, weights for titles, keywords and word counts, snippets that highlight the words found). Shows how many were found, each result with its paragraph number, chapter, text and the command that shows it whole, and a paging line; for a misspelled word or one typed in the other keyboard layout, up to three corrected queries. A query that names a rule (191, § 191, ch17) offers it first; the ranked answer below is the reference's. 'rules QUERY' is short for 'rules search QUERY' when QUERY is no command. The exit status is 0 when something was found and 1 when nothing was.",
                ru:
                    "Находит параграфы и главы, отвечающие на запрос, так же, как поиск therules.ru (s2_search: русский стеммер, веса заголовков, ключевых слов и числа слов, фрагменты текста с найденными словами). Показывает, сколько найдено, каждый результат с номером параграфа, главой, текстом и командой, которая покажет его целиком, и строку перехода по страницам; для слова с ошибкой или набранного в другой раскладке — до трёх исправленных запросов. Если запрос называет правило (191, § 191, ch17), оно предлагается первым; ранжированный ответ ниже — как у оригинала. «rules ЗАПРОС» — то же, что «rules search ЗАПРОС», если ЗАПРОС не команда. Код выхода 0, если что-то найдено, и 1, если ничего."
            ),
            examples: [
                ("search запятая перед как", Localized("the rules on a comma before «как»", ru: "правила о запятой перед «как»")),
                (
                    "search --plain --all тире | cut -f1",
                    Localized("the numbers of every rule on the dash", ru: "номера всех правил о тире")
                ),
                (
                    "search --json --limit 3 'не с причастиями'",
                    Localized("the first three results as JSON", ru: "первые три результата в JSON")
                ),
            ],
            operands: .words),
        CommandSpec(
            name: .browse,
            synopsis: ["browse [OPTIONS] [QUERY...]"],
            summary: Localized("search as you type, full screen", ru: "искать по мере набора, на весь экран"),
            description: Localized(
                "A full-screen search, as in therules.ru's app: a query line at the top and, at every key, the rules whose title contains it (TitleFinder), then the ranked results with their text and the words found, and corrections of a misspelled word. Up and Down, PgUp and PgDn choose; Enter opens a rule (a chapter: the list of its paragraphs); in a rule, Tab and Shift-Tab select its «§ N» references and Enter opens the one selected; Escape or Left goes back; Tab lists the chapters. The query is edited as readline edits a line: Left, Right, Home, End, Ctrl-A, Ctrl-E move the cursor; Ctrl-W, Ctrl-U, Ctrl-K cut a word, all before the cursor, all after it. Escape on an empty query or Ctrl-D leaves; Ctrl-C leaves with exit status 130. With --print, Enter prints the chosen rule's id and leaves. Bare rules starts it when standard input and output are a terminal. Needs a terminal.",
                ru:
                    "Поиск на весь экран, как в приложении therules.ru: строка запроса вверху и после каждой клавиши правила, в заголовке которых есть запрос (TitleFinder), затем найденные правила с текстом и выделенными словами, а для слова с ошибкой — исправленные запросы. Стрелки вверх и вниз, PgUp и PgDn выбирают; Enter открывает правило (главу — со списком её параграфов); в правиле Tab и Shift-Tab выбирают его ссылки «§ N», а Enter открывает выбранную; Escape или стрелка влево — назад; Tab — список глав. Запрос правится как строка в readline: стрелки влево и вправо, Home, End, Ctrl-A, Ctrl-E двигают курсор; Ctrl-W, Ctrl-U, Ctrl-K вырезают слово, всё до курсора, всё после него. Escape при пустом запросе или Ctrl-D — выход; Ctrl-C — выход с кодом 130. С --print Enter выводит номер выбранного правила и завершает работу. Просто rules запускает его, когда стандартный ввод и вывод — терминал. Нужен терминал."
            ),
            examples: [
                ("browse", Localized("start with an empty query", ru: "начать с пустого запроса")),
                ("browse запятая перед как", Localized("start with a query", ru: "начать с запроса")),
            ],
            operands: .words),
        CommandSpec(
            name: .titles,
            synopsis: ["titles [OPTIONS] TEXT"],
            summary: Localized("chapters and paragraphs whose title contains TEXT", ru: "главы и параграфы, в заголовке которых есть TEXT"),
            description: Localized(
                "Lists the chapters and paragraphs whose title contains TEXT, ignoring case: the quick search of s2_search (TitleFinder), one id TAB title a line (on a terminal, the titles wrapped beside their ids, through the pager). An empty TEXT ('rules titles \"\"') lists every chapter and paragraph: the table of contents. The exit status is 0 when something was found and 1 when nothing was.",
                ru:
                    "Перечисляет главы и параграфы, в заголовке которых есть TEXT (без учёта регистра), по одному в строке: номер, табуляция, заголовок (на терминале — заголовки с переносами рядом с номерами, через программу просмотра). Пустой TEXT («rules titles \"\"») перечисляет все главы и параграфы: это оглавление. Это быстрый поиск s2_search (TitleFinder). Код выхода 0, если что-то найдено, и 1, если ничего."
            ),
            examples: [
                ("titles шипящих", Localized("the rules with «шипящих» in the title", ru: "правила со словом «шипящих» в заголовке")),
                ("titles --json тире", Localized("the same as JSON", ru: "то же в JSON")),
                ("titles ''", Localized("the table of contents", ru: "оглавление")),
            ],
            operands: .words),
        CommandSpec(
            name: .show,
            synopsis: ["show [OPTIONS] N | §N | chN...", "show --index DIR [OPTIONS] ID..."],
            summary: Localized(
                "show a paragraph, or a chapter with its paragraphs", ru: "показать параграф или главу со списком параграфов"),
            description: Localized(
                "Shows paragraph N of the built-in rules with the chapter it belongs to, or chapter chN with the list of its paragraphs; several, one after another. 'rules 191', 'rules § 191' and 'rules ch17' are short for it. With --corpus, chapters of that corpus by their ids; with --index, chapters of that index by their ids (its texts as rules index build keeps them, or from --corpus).",
                ru:
                    "Показывает параграф N встроенных правил вместе с его главой или главу chN со списком её параграфов; несколько — одно за другим. «rules 191», «rules § 191» и «rules ch17» — то же самое короче. С --corpus — главы этого корпуса по их id; с --index — главы этого индекса по их id (тексты — те, что хранит rules index build, или из --corpus)."
            ),
            examples: [
                ("show 12", Localized("paragraph 12", ru: "параграф 12")),
                ("show ch3", Localized("chapter 3 and its paragraphs", ru: "глава 3 и её параграфы")),
                ("191 192", Localized("paragraphs 191 and 192", ru: "параграфы 191 и 192")),
            ],
            operands: .paragraphs),
        CommandSpec(
            name: .check,
            synopsis: ["check [OPTIONS] WORD...", "check [OPTIONS] --file FILE"],
            summary: Localized(
                "check spelling: the right form and the rule that decides it", ru: "проверить написание: правильная форма и правило"),
            description: Localized(
                "Checks each word against the Russian dictionary (Debian's hunspell-ru, read by Hunspell) and, for each one it does not know, gives the corrections, ranked by the mistakes people make in Russian (an unstressed vowel, a doubled or unpronounced consonant, з/с in a prefix, ь/ъ, о/ё after a sibilant), and the paragraph of the built-in rules that decides between what was typed and the correction. Also words written together, apart or with a hyphen where they should not be (вообщем, кое кто, что-бы). ё written as е is never a mistake; a capitalised word inside a sentence that the dictionary lacks is taken for a name, one in capitals for an abbreviation; Latin words, numbers and addresses are passed over. Your own words, one a line, in ~/.config/rules/words are taken as right. The exit status is 1 when a mistake was found, 0 when none, 2 on an error (no dictionary: install hunspell-ru, or set RULES_DICTIONARY to a folder with ru_RU.aff and ru_RU.dic).",
                ru:
                    "Проверяет каждое слово по словарю русского языка (hunspell-ru из Debian, его читает Hunspell) и для каждого незнакомого даёт исправления, упорядоченные по тому, как ошибаются в русском (безударная гласная, двойная или непроизносимая согласная, з/с в приставке, ь/ъ, о/ё после шипящих), и параграф встроенных правил, который решает выбор между написанным и исправлением. Находит и слова, написанные слитно, раздельно или через дефис не так, как нужно (вообщем, кое кто, что-бы). ё, написанная как е, — не ошибка; незнакомое словарю слово с большой буквы внутри предложения считается именем, написанное прописными — сокращением; латиница, числа и адреса пропускаются. Свои слова, по одному в строке, можно записать в ~/.config/rules/words. Код выхода 1, если найдена ошибка, 0 — если нет, 2 — при ошибке (нет словаря: установите hunspell-ru или укажите в RULES_DICTIONARY каталог с ru_RU.aff и ru_RU.dic)."
            ),
            examples: [
                ("check попробывать агенство", Localized("two words", ru: "два слова")),
                ("check --file article.md", Localized("a file, a line a mistake", ru: "файл, по строке на ошибку")),
                ("check --json --file - < text.txt", Localized("standard input, as JSON Lines", ru: "стандартный ввод, в JSON Lines")),
            ],
            operands: .words),
        CommandSpec(
            name: .serve,
            synopsis: ["serve [--index DIR] [--listen ADDR:PORT] [OPTIONS]"],
            summary: Localized("serve the search to a browser", ru: "открыть поиск в браузере"),
            description: Localized(
                "Serves the search as therules.ru's site did: / a search box and the chapters; /search?q=QUERY&page=N the results page (how many were found, each result with its paragraph, chapter and snippet, the found words marked, links to the pages), usable without JavaScript; with it, results and the titles that contain the query follow each key, and the address follows the query. /rules/N and /rules/chN a paragraph or chapter, its «§ N» links. The API: /api/search?q=QUERY&page=N&limit=N (the JSON of search --json), /api/titles?q=TEXT (that of titles --json), /api/show/ID; an error is {\"error\", \"status\"} with its HTTP status. Every text from the index or the query is escaped; requests are bounded in size and time; an index folder rebuilt or refreshed is opened again between requests. Prints the address, then serves until Ctrl-C or SIGTERM, which finish the replies under way; exit status 0 then.",
                ru:
                    "Открывает поиск в браузере, как на сайте therules.ru: / — строка поиска и главы; /search?q=ЗАПРОС&page=N — страница результатов (сколько найдено, каждый результат с параграфом, главой и фрагментом текста с выделенными словами, ссылки на страницы), работает и без JavaScript; с ним результаты и заголовки, в которых есть запрос, обновляются после каждой клавиши, а адрес следует за запросом. /rules/N и /rules/chN — параграф или глава со ссылками «§ N». API: /api/search?q=ЗАПРОС&page=N&limit=N (JSON как у search --json), /api/titles?q=ТЕКСТ (как у titles --json), /api/show/ID; ошибка — {\"error\", \"status\"} с кодом HTTP. Все тексты из индекса и из запроса экранируются; размер и время запросов ограничены; перестроенный или обновлённый каталог индекса открывается заново между запросами. Выводит адрес и отвечает, пока не придёт Ctrl-C или SIGTERM: тогда дописывает начатые ответы и завершается с кодом 0."
            ),
            examples: [
                ("serve", Localized("the built-in rules at http://127.0.0.1:8080/", ru: "встроенные правила на http://127.0.0.1:8080/")),
                (
                    "serve --index idx --listen 0.0.0.0:8080",
                    Localized("an index of your own, open to the network", ru: "свой индекс, открытый в сеть")
                ),
            ],
            operands: .none),
        CommandSpec(
            name: .stem,
            synopsis: ["stem [OPTIONS] [WORD...]"],
            summary: Localized("the stem of each word", ru: "основа каждого слова"),
            description: Localized(
                "Prints word TAB stem for each WORD, as the Russian Porter stemmer of s2_search stems it; without words, for each line of standard input.",
                ru:
                    "Для каждого слова печатает «слово, табуляция, основа»; основу выделяет русский стеммер Портера из s2_search. Без слов — для каждой строки стандартного ввода."
            ),
            examples: [
                ("stem запятые причастный", Localized("two stems", ru: "две основы")),
                ("stem < words.txt", Localized("a stem for each line", ru: "основа для каждой строки")),
            ],
            operands: .words),
        CommandSpec(
            name: .index,
            synopsis: [
                "index build --corpus FILE.jsonl --out DIR [OPTIONS]", "index refresh --corpus FILE.jsonl --out DIR [OPTIONS] [ID...]",
            ],
            summary: Localized(
                "build an index of a corpus, or refresh chapters in it", ru: "построить индекс корпуса или обновить в нём главы"),
            description: Localized(
                "Builds the s2_search index of a corpus (JSON Lines, one chapter a line) into DIR: the S2 index file, byte for byte what PHP writes, its binary form, the chapter texts for snippets, the corpus's words for suggestions and each chapter's fingerprint. The files are replaced atomically; an error leaves the old index as it was. refresh takes each ID out of the index in DIR and puts it back as the corpus has it now (or leaves it out when the corpus no longer has it), as s2_search's Indexer::refresh does, byte for byte. Without IDs it refreshes the chapters whose record changed or went, in the order of the index's table of contents, then the new ones in the corpus's order; --dry-run prints them. An ID in neither the corpus nor the index is said on standard error; when every ID given is such, the exit status is 1.",
                ru:
                    "Строит индекс s2_search для корпуса (JSON Lines, по главе в строке) в каталоге DIR: файл индекса S2, байт в байт как у PHP, его двоичную форму, тексты глав для фрагментов, слова корпуса для подсказок и отпечаток каждой главы. Файлы заменяются атомарно; при ошибке прежний индекс остаётся как был. refresh вынимает из индекса в DIR каждую главу ID и кладёт её обратно такой, какая она теперь в корпусе (или не кладёт, если её в корпусе больше нет), как Indexer::refresh в s2_search, байт в байт. Без ID обновляет главы, запись которых изменилась или исчезла, в порядке оглавления индекса, затем новые в порядке корпуса; --dry-run выводит их список. ID, которого нет ни в корпусе, ни в индексе, называется в стандартном потоке ошибок; если таковы все указанные ID, код выхода — 1."
            ),
            examples: [
                ("index build --corpus corpus.jsonl --out idx", Localized("build an index", ru: "построить индекс")),
                ("search --index idx 'open file'", Localized("and search it", ru: "и искать в нём")),
                (
                    "index refresh --corpus corpus.jsonl --out idx",
                    Localized("after chapters changed", ru: "после того как главы изменились")
                ),
                ("index refresh --corpus corpus.jsonl --out idx intro.2 ls.1", Localized("these two chapters", ru: "эти две главы")),
            ],
            operands: .subcommands(["build", "refresh"])),
        CommandSpec(
            name: .checkEngines,
            synopsis: ["check-engines [--index DIR | --corpus FILE] [OPTIONS]"],
            summary: Localized(
                "prove the two regex engines give the same answers", ru: "проверить, что оба движка регулярных выражений отвечают одинаково"
            ),
            description: Localized(
                "Runs the whole pipeline with PCRE2 and with Foundation and compares them stage by stage: stems, the index, the query's words, the ranking, the snippets and the titles. The first difference is reduced to the smallest query that shows it and the exit status is 1; differences only where a regex match limit was reached are named and do not fail. Exit 0 when they agree.",
                ru:
                    "Прогоняет весь поиск с PCRE2 и с Foundation и сравнивает их по этапам: основы, индекс, слова запроса, ранжирование, фрагменты и заголовки. Первое расхождение сводится к кратчайшему запросу, на котором оно видно, и код выхода — 1; расхождения только там, где достигнут предел сопоставления, перечисляются, но ошибкой не считаются. Код выхода 0, если движки согласны."
            ),
            examples: [
                (
                    "check-engines --fuzz 20000 --seed 1",
                    Localized("the built-in rules with 20,000 generated queries", ru: "встроенные правила и 20 000 порождённых запросов")
                ),
                (
                    "check-engines --index idx --junit report.xml",
                    Localized("an index of your own, with a report for CI", ru: "свой индекс и отчёт для CI")
                ),
            ],
            operands: .none),
        CommandSpec(
            name: .completions,
            synopsis: ["completions bash|zsh|fish"],
            summary: Localized("print the shell completion script", ru: "напечатать сценарий дополнения для оболочки"),
            description: Localized(
                "Prints a script that completes the commands, options, engine names, folders and, for show, the paragraph numbers (with their titles in zsh and fish).",
                ru:
                    "Печатает сценарий, который дополняет команды, параметры, имена движков, каталоги, а для show — номера параграфов (в zsh и fish с заголовками)."
            ),
            examples: [
                ("completions bash > ~/.local/share/bash-completion/completions/rules", Localized("for bash", ru: "для bash")),
                ("completions fish > ~/.config/fish/completions/rules.fish", Localized("for fish", ru: "для fish")),
            ],
            operands: .shells),
        CommandSpec(
            name: .help,
            synopsis: ["help [COMMAND]"],
            summary: Localized("show the help of rules or of a command", ru: "показать справку rules или команды"),
            description: Localized(
                "Shows the commands of rules, or the usage, options and examples of COMMAND; 'rules help man' prints the man page.",
                ru:
                    "Показывает команды rules или способ вызова, параметры и примеры команды COMMAND; «rules help man» печатает страницу man."
            ),
            examples: [("help search", Localized("the options of search", ru: "параметры search"))],
            operands: .commands),
    ]
}
