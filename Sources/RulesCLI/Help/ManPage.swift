import Foundation
import RulesSearch

/// The man page, `rules.1`, made from the command and flag tables: every command, option,
/// environment variable, exit status and file, in the language of help (``Language``).
/// `doc/rules.1` is this output in English (`rules help man > doc/rules.1`), and
/// `doc/rules.ru.1` in Russian (under `LC_ALL=ru_RU.UTF-8`); a test keeps them the same.
/// Its examples are run as it is made, so they show what today's binary prints.
enum ManPage {
    /// The date on the page: that of the version, not of the day it is made, so that the
    /// page made again is the same.
    static let date = Localized("December 2026", ru: "декабрь 2026 г.")

    static func roff(_ language: Language = .current) -> String {
        func say(_ text: Localized) -> String { text.text(language) }
        var page: [String] = []
        let version = HelpText.version.split(separator: " ").prefix(2).joined(separator: " ")
        let manual = say(Localized("User Commands", ru: "Команды пользователя"))
        page.append(".TH RULES 1 \"\(say(date))\" \"\(version)\" \"\(manual)\"")
        page += [
            ".SH " + say(Localized("NAME", ru: "ИМЯ")),
            "rules \\- "
                + say(
                    Localized(
                        "search the rules of Russian spelling and punctuation", ru: "поиск по правилам русской орфографии и пунктуации")),
        ]
        page.append(".SH " + say(Localized("SYNOPSIS", ru: "ОБЗОР")))
        for spec in CommandSpec.table {
            for synopsis in spec.synopsis {
                page += [".B rules", text(synopsis), ".br"]
            }
        }
        page += [
            ".SH " + say(Localized("DESCRIPTION", ru: "ОПИСАНИЕ")),
            text(
                say(
                    Localized(
                        """
                        rules searches the rules of Russian spelling and punctuation the way therules.ru does: \
                        it is a one-to-one port of the s2_search engine by Roman Parpalak (a Russian Porter stemmer, \
                        an index of words, weights for titles, keywords, word counts and closeness, snippets that \
                        highlight the words found). The rules themselves are built in, so it answers the moment it \
                        is built; an index of any corpus can be built and searched too.
                        """,
                        ru:
                            "rules ищет по правилам русской орфографии и пунктуации так же, как therules.ru: это точный порт поискового движка s2_search Романа Парпалака (русский стеммер Портера, индекс слов, веса заголовков, ключевых слов, числа слов и их близости, фрагменты текста с выделенными найденными словами). Сами правила встроены в программу, поэтому она отвечает сразу после сборки; можно также построить индекс любого корпуса и искать в нём."
                    ))),
            ".PP",
            text(
                say(
                    Localized(
                        """
                        The results view is in Russian whatever the locale (the rules' language); help and errors \
                        are in Russian under a ru_* locale and in English otherwise. JSON and --plain output never \
                        change with the locale. On a terminal, text is wrapped to its width and long output goes \
                        through a pager; in a pipe, output is never wrapped, paged or marked with escape sequences \
                        (unless --color always).
                        """,
                        ru:
                            "Выдача результатов — на русском при любой локали (это язык правил); справка и сообщения об ошибках — на русском при локали ru_* и на английском при остальных. Вывод JSON и --plain никогда не меняется в зависимости от локали. В терминале текст переносится по его ширине, а длинный вывод идёт через программу постраничного просмотра; в канале вывод никогда не переносится, не разбивается на страницы и не размечается управляющими последовательностями (если не указано --color always)."
                    ))),
        ]
        page.append(".SH " + say(Localized("COMMANDS", ru: "КОМАНДЫ")))
        for spec in CommandSpec.table {
            page += [".TP", ".B " + text("rules " + spec.synopsis[0])]
            page.append(text(say(spec.description)))
            let flags = Flag.of(spec.name).filter { $0.name != "help" && $0.name != "version" }
            if !flags.isEmpty {
                page.append(".br")
                page.append(
                    say(Localized("Options: ", ru: "Параметры: ")) + flags.map { "\\fB\(text($0.usage))\\fR" }.joined(separator: ", ") + "."
                )
            }
        }
        page.append(".SH " + say(Localized("OPTIONS", ru: "ПАРАМЕТРЫ")))
        for flag in Flag.table {
            page.append(".TP")
            if let placeholder = flag.value.placeholder {
                page.append(".BI \(text("--" + flag.name)) \" \(placeholder)\"")
            } else {
                page.append(".B " + text("--" + flag.name))
            }
            let commands =
                flag.commands.count == CommandName.allCases.count
                ? say(Localized("every command", ru: "все команды")) : flag.commands.map(\.rawValue).joined(separator: ", ")
            page.append(text((flag.manual.map(say) ?? sentence(say(flag.help))) + " (" + commands + ")"))
        }
        page += [".TP", ".B \\-h", say(Localized("The same as \\fB\\-\\-help\\fR.", ru: "То же, что \\fB\\-\\-help\\fR."))]
        page += [
            ".PP",
            text(
                say(
                    Localized(
                        "rules help man prints this page (doc/rules.1 is its output; under a ru_* locale, doc/rules.ru.1).",
                        ru: "rules help man выводит эту страницу (doc/rules.1 — её вывод; при локали ru_* — doc/rules.ru.1).")
                )),
        ]
        page += [".SH " + say(Localized("ENVIRONMENT", ru: "ОКРУЖЕНИЕ"))]
        for (name, what) in environment {
            page += [".TP", ".B " + name, text(say(what))]
        }
        page += [
            ".SH " + say(Localized("EXIT STATUS", ru: "КОД ВЫХОДА")),
            ".TP", ".B 0",
            text(
                say(
                    Localized(
                        "Something was found (search, titles), or the command did what it was asked.",
                        ru: "Что-то найдено (search, titles) или команда выполнила то, что от неё требовалось."))),
            ".TP", ".B 1",
            text(
                say(
                    Localized(
                        "Nothing was found, or a page past the last was asked for; for check-engines, the engines differ.",
                        ru: "Ничего не найдено или запрошена страница за последней; для check-engines — движки отвечают по-разному."))),
            ".TP", ".B 2",
            text(
                say(
                    Localized(
                        "An error: a wrong command line, an unreadable or damaged file, a query too large. One line on standard error says what happened and what to do; existing index files are left as they were.",
                        ru:
                            "Ошибка: неверная командная строка, нечитаемый или повреждённый файл, слишком большой запрос. Одна строка в стандартном потоке ошибок сообщает, что случилось и что делать; существующие файлы индекса остаются как были."
                    ))),
            ".TP", ".B 130",
            text(say(Localized("browse was left with Ctrl-C.", ru: "browse закрыт по Ctrl-C."))),
        ]
        page += [".SH " + say(Localized("FILES", ru: "ФАЙЛЫ"))]
        for (name, what) in files {
            page += [".TP", ".I " + text(name), text(say(what))]
        }
        page.append(".SH " + say(Localized("EXAMPLES", ru: "ПРИМЕРЫ")))
        for (command, output) in examples(language) {
            page += [".PP", ".nf", ".RS", "$ " + text(command)] + output.map(text) + [".RE", ".fi"]
        }
        page += [
            ".SH " + say(Localized("SEE ALSO", ru: "СМОТРИТЕ ТАКЖЕ")), ".BR grep (1),", ".BR less (1)",
            ".PP",
            text(
                say(
                    Localized(
                        "The s2_search engine: https://github.com/parpalak/s2",
                        ru: "Поисковый движок s2_search: https://github.com/parpalak/s2"))),
        ]
        return page.joined(separator: "\n") + "\n"
    }

    static let environment: [(String, Localized)] = [
        (
            "RULES_ENGINE",
            Localized(
                "The regex engine when --engine is not given: pcre2 (the default) or foundation.",
                ru: "Движок регулярных выражений, если не указан --engine: pcre2 (по умолчанию) или foundation.")
        ),
        (
            "NO_COLOR",
            Localized(
                "When set and not empty, no colour or bold unless --color always (no-color.org).",
                ru: "Если задана и не пуста — без цвета и полужирного, кроме случая --color always (no-color.org).")
        ),
        (
            "PAGER",
            Localized(
                "The pager for long output on a terminal; less -FRX when it is not set; none when it is empty or cat. LESS defaults to FRX.",
                ru:
                    "Программа постраничного просмотра для длинного вывода в терминал; если не задана — less -FRX; если пуста или равна cat — вывод идёт без неё. LESS по умолчанию — FRX."
            )
        ),
        (
            "COLUMNS, LINES",
            Localized("The terminal's size when it cannot be asked.", ru: "Размер терминала, если его не удаётся запросить.")
        ),
        (
            "LC_ALL, LC_MESSAGES, LANG",
            Localized(
                "The first that is set and not empty decides the language of help and errors: Russian for ru_*, English otherwise.",
                ru:
                    "Первая из них, которая задана и не пуста, определяет язык справки и сообщений об ошибках: русский при ru_*, английский при остальных значениях."
            )
        ),
        ("TERM", Localized("No colour by default on a dumb terminal.", ru: "На терминале dumb по умолчанию без цвета.")),
        (
            "RULES_DICTIONARY",
            Localized(
                "The folder of the Russian dictionary rules check reads (ru_RU.aff and ru_RU.dic), instead of /usr/share/hunspell and the other places hunspell dictionaries are installed.",
                ru:
                    "Каталог словаря русского языка для rules check (ru_RU.aff и ru_RU.dic) вместо /usr/share/hunspell и других мест, куда устанавливаются словари hunspell."
            )
        ),
        (
            "XDG_CONFIG_HOME",
            Localized(
                "Where rules check finds the user's own words (rules/words); ~/.config when it is not set.",
                ru: "Где rules check находит свои слова пользователя (rules/words); если не задана — ~/.config.")
        ),
    ]

    static let files: [(String, Localized)] = [
        (
            "DIR/" + S2IndexFile.fileName,
            Localized(
                "The index as s2_search writes it (PHP's serialize), byte for byte what the reference makes.",
                ru: "Индекс в том виде, в каком его записывает s2_search (serialize из PHP), байт в байт как у оригинала.")
        ),
        (
            "DIR/" + BinaryIndex.fileName,
            Localized(
                "The same index in a binary form read in place, with checksums; a damaged one is passed over and the S2 file read instead.",
                ru:
                    "Тот же индекс в двоичной форме, которая читается на месте, с контрольными суммами; повреждённый откладывается, и вместо него читается файл S2."
            )
        ),
        (
            "DIR/" + ChapterTexts.fileName,
            Localized("The chapters' texts, prepared for snippets.", ru: "Тексты глав, подготовленные для фрагментов.")
        ),
        (
            "DIR/" + Vocabulary.fileName,
            Localized(
                "The corpus's words, with how often each occurs: what a misspelled query is corrected to.",
                ru: "Слова корпуса с частотой каждого: то, на что исправляется запрос с ошибкой.")
        ),
        (
            "DIR/" + ChapterFingerprints.fileName,
            Localized(
                "What each chapter was when indexed, so that rules index refresh given no ids finds the chapters that changed.",
                ru: "Какой была каждая глава при индексировании, чтобы rules index refresh без номеров глав находил изменившиеся главы.")
        ),
        (
            "/usr/share/hunspell/ru_RU.aff, ru_RU.dic",
            Localized(
                "The Russian dictionary rules check reads (Debian's hunspell-ru).",
                ru: "Словарь русского языка, который читает rules check (hunspell-ru из Debian).")
        ),
        (
            "~/.config/rules/words",
            Localized(
                "The user's own words, one a line, that rules check takes as right (lines from # are passed over).",
                ru: "Свои слова пользователя, по одному в строке, которые rules check считает верными (строки с # пропускаются).")
        ),
        (
            "DIR/corpus.jsonl",
            Localized(
                "A corpus beside an index made by PHP: the texts its snippets come from.",
                ru: "Корпус рядом с индексом, построенным PHP: тексты, из которых берутся его фрагменты.")
        ),
    ]

    /// Each example with the output the built-in rules give it now.
    static func examples(_ language: Language = .current) -> [(String, [String])] {
        guard let session = try? SearchSession(index: BuiltInIndex.index(), texts: BuiltInIndex.texts(), engine: .default) else {
            return []
        }
        let plain = session.search(Bytes("тире между подлежащим и сказуемым".utf8), limit: 3, page: 1)
        let stems = Stemmer(engine: .default)
        let stemmed = ["запятые", "причастный", "обособленных"].map {
            $0 + "\t" + String(decoding: stems.stem(Bytes($0.utf8)), as: UTF8.self)
        }
        return [
            (
                "rules search --plain --limit 3 тире между подлежащим и сказуемым",
                String(decoding: SearchCommand.plain(plain), as: UTF8.self).split(separator: "\n").map(String.init)
            ),
            ("rules stem запятые причастный обособленных", stemmed),
            (
                "rules search --json --all тире | jq -r '.results[].id'",
                [Localized("(the ids of every rule on the dash)", ru: "(номера всех правил о тире)").text(language)]
            ),
            (
                "rules check-engines --fuzz 20000 --seed 1 --junit report.xml",
                [
                    Localized(
                        "(compares both engines; exit 0 when they agree)", ru: "(сравнивает оба движка; код выхода 0, если они согласны)"
                    ).text(language)
                ]
            ),
        ]
    }

    private static func sentence(_ help: String) -> String {
        (help.first.map { String($0).uppercased() } ?? "") + help.dropFirst() + "."
    }

    /// Text as roff reads it: backslashes and hyphens escaped, a line starting with a dot
    /// or quote guarded.
    static func text(_ s: String) -> String {
        var t = s.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if t.hasPrefix(".") || t.hasPrefix("'") { t = "\\&" + t }
        return t
    }
}
