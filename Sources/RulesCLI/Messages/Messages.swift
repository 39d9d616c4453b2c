import RulesSearch

/// Every message of the command line, its English and Russian side by side: the one place
/// a failure or a notice is worded. (The search core's own errors come worded in both:
/// ``Localized``.)
enum Messages {
    static func text(_ failure: Failure) -> Localized {
        switch failure {
        case .noCommand:
            Localized(
                "usage: rules COMMAND [OPTIONS] [ARGUMENTS]; 'rules help' lists the commands",
                ru: "использование: rules COMMAND [OPTIONS] [ARGUMENTS]; команды перечисляет «rules help»")
        case .unknownCommand(let word, let nearest):
            Localized(
                "unknown command '\(word)': did you mean 'rules \(nearest.rawValue)'? To search for the word: rules search \(word)",
                ru: "нет команды «\(word)»: может быть, «rules \(nearest.rawValue)»? Чтобы искать само слово: «rules search \(word)»")
        case .browseNeedsTerminal:
            Localized(
                "browse needs a terminal on standard input and output; in a script, use rules search",
                ru: "browse нужен терминал на стандартном вводе и выводе; в сценарии используйте rules search")
        case .printNeedsTerminal:
            Localized(
                "browse --print needs a terminal to draw on (/dev/tty); its standard output may be a pipe",
                ru: "browse --print нужен терминал, на котором рисовать (/dev/tty); стандартный вывод может быть каналом")
        case .unknownOption(let option, let command) where (command == nil || command == .search) && !option.hasPrefix("--"):
            // A query may begin with a hyphen (-тся, -нибудь): it is searched after --.
            Localized(
                "unknown option '\(option)'; to search for it, put -- before it: rules search -- \(option)",
                ru: "неизвестный параметр «\(option)»; чтобы искать его, поставьте перед ним --: «rules search -- \(option)»")
        case .unknownOption(let option, _):
            Localized("unknown option '\(option)'", ru: "неизвестный параметр «\(option)»")
        case .optionNotTaken(let option, let command):
            Localized("the command '\(command.rawValue)' does not take \(option)", ru: "команда \(command.rawValue) не принимает \(option)")
        case .optionWithoutCommand(let option):
            Localized("\(option) needs a command before or after it", ru: "параметр \(option) указан без команды")
        case .needsValue(let usage, _):
            Localized("option '\(usage)' needs a value", ru: "параметру «\(usage)» нужно значение")
        case .takesNoValue(let option, _):
            Localized("option '\(option)' takes no value", ru: "параметр «\(option)» не принимает значения")
        case .notANumber(let option, let minimum, nil, let given, _):
            Localized(
                "option '\(option)' needs a whole number of at least \(minimum), not '\(given)'",
                ru: "параметру «\(option)» нужно целое число не меньше \(minimum), а не «\(given)»")
        case .notANumber(let option, let minimum, let maximum?, let given, _):
            Localized(
                "option '\(option)' needs a whole number from \(minimum) to \(maximum), not '\(given)'",
                ru: "параметру «\(option)» нужно целое число от \(minimum) до \(maximum), а не «\(given)»")
        case .notAChoice(let option, let given, let choices, _):
            Localized(
                "option '\(option)' takes \(list(choices, or: "or")), not '\(given)'",
                ru: "параметр «\(option)» принимает \(list(choices, or: "или")), а не «\(given)»")
        case .conflicting(let a, let b, _):
            Localized("\(a) and \(b) cannot be used together", ru: "\(a) и \(b) нельзя указывать вместе")
        case .requires(let a, let b, _):
            Localized(
                "\(a) goes with \(b): it names the texts of that index's chapters",
                ru: "\(a) указывается вместе с \(b): это тексты глав того индекса")
        case .emptyValue(let option, _):
            Localized("option '\(option)' needs a value, not an empty one", ru: "параметру «\(option)» нужно непустое значение")
        case .missingOperand(let command):
            missingOperand(command)
        case .missingOption(let option, let command):
            Localized("the command '\(command.rawValue)' needs \(option)", ru: "команде \(command.rawValue) нужен параметр \(option)")
        case .tooManyOperands(.checkEngines):
            Localized(
                "'check-engines' takes no argument: give a number of generated queries as --fuzz N",
                ru: "check-engines не принимает аргументов: число порождённых запросов задаётся параметром --fuzz N")
        case .tooManyOperands(.index):
            Localized("'index build' takes no argument after build", ru: "после «index build» аргументов не бывает")
        case .tooManyOperands(let command):
            Localized(
                "the command '\(command.rawValue)' takes only one argument",
                ru: "команда \(command.rawValue) принимает только один аргумент")
        case .operandsWithBatch:
            Localized(
                "--batch reads the queries from standard input; give none as arguments",
                ru: "с --batch запросы читаются со стандартного ввода; не указывайте их в аргументах")
        case .unknownEngine(let name, let fromEnvironment):
            Localized(
                "unknown engine '\(name)' in \(fromEnvironment ? "RULES_ENGINE" : "--engine"): use pcre2 or foundation",
                ru: "нет движка «\(name)» (\(fromEnvironment ? "RULES_ENGINE" : "--engine")): укажите pcre2 или foundation")
        case .unknownShell(let shell):
            Localized(
                "no completions for '\(shell)': give bash, zsh or fish",
                ru: "нет дополнения для оболочки «\(shell)»: укажите bash, zsh или fish")
        case .unknownHelpTopic(let word):
            Localized("no command '\(word)' to show the help of", ru: "нет команды «\(word)»")
        case .unknownSubcommand(let word?, let command):
            Localized(
                "the command '\(command.rawValue)' has no action '\(word)': use 'rules index build' or 'rules index refresh'",
                ru: "у команды \(command.rawValue) нет действия «\(word)»: есть «rules index build» и «rules index refresh»")
        case .unknownSubcommand(nil, _):
            Localized(
                "give an action: 'rules index build' or 'rules index refresh'",
                ru: "укажите действие: «rules index build» или «rules index refresh»")
        case .unknownRule(let id):
            Localized(
                "no rule '\(id)': give a paragraph number such as 12 or §12, or a chapter such as ch3",
                ru: "нет правила «\(id)»: укажите номер параграфа, например 12 или §12, или главу, например ch3")
        case .unknownChapter(let id, let index):
            Localized(
                "no chapter '\(id)' in the index in \(index); 'rules titles --index \(index) TEXT' lists chapters by title, with their ids",
                ru:
                    "в индексе из \(index) нет главы «\(id)»; главы с их номерами по заголовку находит «rules titles --index \(index) ТЕКСТ»"
            )
        case .noTextsToShow(let index):
            Localized(
                "the index in \(index) keeps no texts of its chapters (PHP made it): give its corpus with --corpus FILE.jsonl",
                ru: "индекс из \(index) не хранит текстов глав (его построил PHP): укажите его корпус параметром --corpus FILE.jsonl")
        case .queryTooLong(let bytes, let limit, let line):
            inLine(
                line,
                Localized(
                    "a query is at most \(size(limit).en); this one has \(bytes) bytes",
                    ru: "запрос может занимать не больше \(size(limit).ru), а в этом \(bytes) "
                        + RussianPlural.choose(bytes, many: "байт", one: "байт", two: "байта")))
        case .queryTooManyWords(let words, let limit, let line):
            inLine(
                line,
                Localized(
                    "a query has at most \(limit) words; this one has \(words)",
                    ru: "в запросе может быть не больше \(limit) слов, а в этом \(words)"))
        case .batchLineTooLong(let line, let limit):
            inLine(line, Localized("a query is at most \(size(limit).en)", ru: "запрос может занимать не больше \(size(limit).ru)"))
        case .wordTooLong(let line, let limit):
            inLine(line, Localized("a word is at most \(size(limit).en)", ru: "слово может занимать не больше \(size(limit).ru)"))
        case .outIsAFile(let path):
            Localized(
                "--out \(path) is a file, not a folder: give a folder for the index files",
                ru: "--out \(path) — файл, а не каталог: укажите каталог для файлов индекса")
        case .emptyCorpus(let path, let out, true):
            Localized(
                "\(path) has no chapters: a refresh would take every chapter out of the index in \(out), which is left as it was; give the ids to take out",
                ru:
                    "в \(path) нет глав: обновление убрало бы из индекса в \(out) все главы, и он оставлен как был; укажите номера глав, которые убрать"
            )
        case .emptyCorpus(let path, let out, false):
            Localized(
                "\(path) has no chapters: nothing to index (an index already in \(out) is left as it was)",
                ru: "в \(path) нет глав: индексировать нечего (прежний индекс в \(out) не изменён)")
        case .badCorpus(let path, let error):
            Localized(path.map { "\($0): " } ?? "the built-in corpus: ", ru: path.map { "\($0): " } ?? "встроенный корпус: ") + error.text
        case .cannotRead(let path, let reason):
            Localized("cannot read \(path)", ru: "не удалось прочитать \(path)")
                + (reason.map { Localized(both: ": ") + $0 } ?? Localized(both: ""))
        case .dictionary(let error): error.text
        case .notUTF8(let path):
            Localized(
                "\(path) is not UTF-8 text: convert it first (iconv -f cp1251 -t utf-8)",
                ru: "\(path) — не текст в UTF-8: сначала перекодируйте его (iconv -f cp1251 -t utf-8)")
        case .cannotReadInput(let reason):
            Localized("cannot read standard input: ", ru: "не удалось прочитать стандартный ввод: ") + reason
        case .cannotWriteOutput(let reason):
            Localized("cannot write to standard output: ", ru: "не удалось вывести результат: ") + reason
        case .cannotWriteReport(let path, let reason):
            Localized("cannot write the JUnit report \(path): ", ru: "не удалось записать отчёт JUnit \(path): ") + reason
        case .badListenAddress(let given):
            Localized(
                "--listen '\(given)' is not an address to listen on: give HOST:PORT (127.0.0.1:8080, [::1]:8080, 0.0.0.0:80) or a port alone",
                ru: "--listen «\(given)» — не адрес: укажите АДРЕС:ПОРТ (127.0.0.1:8080, [::1]:8080, 0.0.0.0:80) или только порт")
        case .cannotListen(let address, let reason, let inUse):
            inUse
                ? Localized(
                    "cannot listen on \(address): \(reason.en); another program listens there: give another port with --listen",
                    ru:
                        "не удаётся слушать \(address): \(reason.ru); там уже слушает другая программа: укажите другой порт параметром --listen"
                )
                : Localized(
                    "cannot listen on \(address): \(reason.en); give another address with --listen",
                    ru: "не удаётся слушать \(address): \(reason.ru); укажите другой адрес параметром --listen")
        case .builtInUnreadable(let reason):
            Localized(
                "the built-in index cannot be read (\(reason)); rebuild rules",
                ru: "не удалось прочитать встроенный индекс (\(reason)); пересоберите rules")
        case .indexChangedWhileRead:
            Localized(
                "an index file was rewritten in place while it was read (copied over, or 'rsync --inplace'); run the command again",
                ru: "файл индекса переписали на месте, пока его читали (скопировали поверх или «rsync --inplace»); повторите команду")
        case .said(let text):
            text
        }
    }

    static func text(_ notice: Notice) -> Localized {
        switch notice {
        case .damagedTexts(let file, let chapters, let more):
            Localized(
                "\(file) is damaged (\(chapters.count > 1 || more ? "chapters" : "chapter") \(chapters.joined(separator: ", "))\(more ? ", …" : "")): "
                    + "answers from those chapters may come without their snippets; rebuild the index with 'rules index build'",
                ru:
                    "\(file) повреждён (\(chapters.count > 1 || more ? "главы" : "глава") \(chapters.joined(separator: ", "))\(more ? ", …" : "")): "
                    + "результаты из этих глав могут выводиться без фрагментов текста; пересоберите индекс командой «rules index build»")
        case .waitingForLock(let path):
            Localized(
                "another process is putting index files in \(path); waiting for it",
                ru: "другой процесс записывает файлы индекса в \(path); ждём его")
        case .pagerFailed(let command, let status):
            Localized(
                "the pager '\(command)' ended with status \(status): the output may not have been shown; run with --no-pager or set PAGER",
                ru:
                    "программа просмотра «\(command)» завершилась с кодом \(status): вывод мог не показаться; запустите с --no-pager или задайте PAGER"
            )
        case .duplicateIDs(let path, let ids, let count):
            Localized(
                "\(path): \(count == 1 ? "an id is" : "\(count) ids are") on more than one line (\(ids.joined(separator: ", "))\(count > ids.count ? ", …" : "")); the last line of each is indexed, as s2_search does",
                ru: "\(path): "
                    + RussianPlural.choose(
                        count, many: "\(count) номеров глав встречаются", one: "\(count) номер главы встречается",
                        two: "\(count) номера глав встречаются")
                    + " больше чем в одной строке (\(ids.joined(separator: ", "))\(count > ids.count ? ", …" : "")); индексируется последняя строка каждого, как в s2_search"
            )
        case .unknownChapterToRefresh(let id, let corpus, let index):
            Localized(
                "'\(id)' is in neither \(corpus) nor the index in \(index): nothing to refresh for it",
                ru: "«\(id)» нет ни в \(corpus), ни в индексе из \(index): обновлять нечего")
        case .said(let text):
            text
        }
    }

    private static func missingOperand(_ command: CommandName) -> Localized {
        switch command {
        case .search: Localized("give a query (or --batch)", ru: "укажите запрос или --batch")
        case .titles: Localized("give the text to look for in titles", ru: "укажите текст для поиска в заголовках")
        case .show:
            Localized(
                "give a paragraph number such as 12 or §12, or a chapter such as ch3",
                ru: "укажите номер параграфа, например 12 или §12, или главу, например ch3")
        case .completions: Localized("give a shell: bash, zsh or fish", ru: "укажите оболочку: bash, zsh или fish")
        case .index:
            Localized(
                "give the ids of the chapters to refresh: rules index refresh --corpus FILE.jsonl --out DIR ID...",
                ru: "укажите номера глав, которые обновить: rules index refresh --corpus FILE.jsonl --out DIR ID...")
        default: Localized("the command '\(command.rawValue)' needs an argument", ru: "команде \(command.rawValue) нужен аргумент")
        }
    }

    /// A batch line's problem names the line, and that the lines after it were not answered.
    private static func inLine(_ line: Int?, _ problem: Localized) -> Localized {
        guard let line else { return problem }
        return Localized(
            "standard input, line \(line): \(problem.en); nothing after it was answered",
            ru: "стандартный ввод, строка \(line): \(problem.ru); следующие строки не обработаны")
    }

    private static func size(_ bytes: Int) -> Localized {
        bytes % (1 << 20) == 0
            ? Localized("\(bytes >> 20) MiB", ru: "\(bytes >> 20) МиБ") : Localized("\(bytes) bytes", ru: "\(bytes) байт")
    }

    private static func list(_ words: [String], or: String) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " \(or) " + words.last!
    }
}
