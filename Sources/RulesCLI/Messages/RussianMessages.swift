import RulesSearch

/// The messages in Russian, for a `ru_*` locale.
enum RussianMessages {
    static func text(_ failure: Failure) -> String {
        switch failure {
        case .noCommand: "использование: rules COMMAND [OPTIONS] [ARGUMENTS]; команды перечисляет «rules help»"
        case .unknownCommand(let word): "нет команды «\(word)»"
        case .browseNeedsTerminal: "browse нужен терминал на стандартном вводе и выводе; в сценарии используйте rules search"
        case .unknownOption(let option, _): "неизвестный параметр «\(option)»"
        case .optionNotTaken(let option, let command): "команда \(command.rawValue) не принимает \(option)"
        case .optionWithoutCommand(let option): "параметр \(option) указан без команды"
        case .needsValue(let usage, _): "параметру «\(usage)» нужно значение"
        case .takesNoValue(let option, _): "параметр «\(option)» не принимает значения"
        case .notANumber(let option, let minimum, nil, let given, _):
            "параметру «\(option)» нужно целое число не меньше \(minimum), а не «\(given)»"
        case .notANumber(let option, let minimum, let maximum?, let given, _):
            "параметру «\(option)» нужно целое число от \(minimum) до \(maximum), а не «\(given)»"
        case .notAChoice(let option, let given, let choices, _):
            "параметр «\(option)» принимает \(list(choices)), а не «\(given)»"
        case .conflicting(let a, let b, _): "\(a) и \(b) нельзя указывать вместе"
        case .requires(let a, let b, _): "\(a) указывается вместе с \(b): это тексты глав того индекса"
        case .emptyValue(let option, _): "параметру «\(option)» нужно непустое значение"
        case .missingOperand(let command):
            switch command {
            case .search: "укажите запрос или --batch"
            case .titles: "укажите текст для поиска в заголовках"
            case .show: "укажите номер параграфа, например 12 или §12, или главу, например ch3"
            case .completions: "укажите оболочку: bash, zsh или fish"
            case .index: "укажите номера глав, которые обновить: rules index refresh --corpus FILE.jsonl --out DIR ID..."
            default: "команде \(command.rawValue) нужен аргумент"
            }
        case .missingOption(let option, let command): "команде \(command.rawValue) нужен параметр \(option)"
        case .tooManyOperands(let command):
            command == .index ? "после «index build» аргументов не бывает" : "команда \(command.rawValue) принимает только один аргумент"
        case .operandsWithBatch: "с --batch запросы читаются со стандартного ввода; не указывайте их в аргументах"
        case .unknownEngine(let name, let fromEnvironment):
            "нет движка «\(name)» (\(fromEnvironment ? "RULES_ENGINE" : "--engine")): укажите pcre2 или foundation"
        case .unknownShell(let shell): "нет дополнения для оболочки «\(shell)»: укажите bash, zsh или fish"
        case .unknownHelpTopic(let word): "нет команды «\(word)»"
        case .unknownSubcommand(let word, let command):
            word.map { "у команды \(command.rawValue) нет действия «\($0)»: есть «rules index build» и «rules index refresh»" }
                ?? "укажите действие: «rules index build» или «rules index refresh»"
        case .unknownRule(let id): "нет правила «\(id)»: укажите номер параграфа, например 12 или §12, или главу, например ch3"
        case .queryTooLong(let bytes, let limit, let line):
            inLine(line, "запрос может занимать не больше \(describe(bytes: limit)), а в этом \(bytes) \(RussianPlural.choose(bytes, many: "байт", one: "байт", two: "байта"))")
        case .queryTooManyWords(let words, let limit, let line):
            inLine(line, "в запросе может быть не больше \(limit) слов, а в этом \(words)")
        case .batchLineTooLong(let line, let limit):
            inLine(line, "запрос может занимать не больше \(describe(bytes: limit))")
        case .wordTooLong(let line, let limit):
            inLine(line, "слово может занимать не больше \(describe(bytes: limit))")
        case .outIsAFile(let path): "--out \(path) — файл, а не каталог: укажите каталог для файлов индекса"
        case .cannotCreateFolder(let path, let reason): "не удалось создать каталог \(path): \(reason.ru)"
        case .emptyCorpus(let path, let out, let refreshing):
            refreshing
                ? "в \(path) нет глав: обновление убрало бы из индекса в \(out) все главы, и он оставлен как был; укажите номера глав, которые убрать"
                : "в \(path) нет глав: индексировать нечего (прежний индекс в \(out) не изменён)"
        case .badCorpus(let path, let error): "\(path ?? "встроенный корпус"): \(error.text.ru)"
        case .index(let error): error.text.ru
        case .refresh(let error):
            switch error.kind {
            case .noIndex: "в \(error.directory) нет индекса: нет файла \(S2IndexFile.fileName)"
            case .cannotTellChanges(let why):
                "не понять, какие главы изменились: " + {
                    switch why {
                    case .absent: "в \(error.directory) нет файла \(ChapterFingerprints.fileName) (индекс построен PHP или прежней версией rules)"
                    case .stale: "файл \(ChapterFingerprints.fileName) в \(error.directory) не от его \(S2IndexFile.fileName) "
                        + "(тот с тех пор изменила другая программа, файл скопирован из другого места или сборку прервали во время переименования файлов)"
                    case .damaged(let detail): "\(detail) в \(error.directory)"
                    }
                }() + "; укажите номера глав или постройте индекс заново командой «rules index build»"
            case .keptChanging: "индекс в \(error.directory) при каждой попытке заменяли другие процессы; повторите"
            }
        case .cannotRead(let path): "не удалось прочитать \(path)"
        case .cannotReadInput(let reason): "не удалось прочитать стандартный ввод: \(reason.ru)"
        case .cannotWriteOutput(let reason): "не удалось вывести результат: \(reason.ru)"
        case .cannotWriteReport(let path, let reason): "не удалось записать отчёт JUnit \(path): \(reason.ru)"
        case .builtInUnreadable(let reason): "не удалось прочитать встроенный индекс (\(reason)); пересоберите rules"
        case .indexChangedWhileRead:
            "файл индекса переписали на месте, пока его читали (скопировали поверх или «rsync --inplace»); повторите команду"
        case .said(let text): text.ru
        }
    }

    static func text(_ notice: Notice) -> String {
        switch notice {
        case .damagedTexts(let file, let chapters, let more):
            "\(file) повреждён (\(chapters.count > 1 || more ? "главы" : "глава") \(chapters.joined(separator: ", "))\(more ? ", …" : "")): "
                + "результаты из этих глав могут выводиться без фрагментов текста; пересоберите индекс командой «rules index build»"
        case .waitingForLock(let path): "другой процесс записывает файлы индекса в \(path); ждём его"
        case .pagerFailed(let command, let status):
            "программа просмотра «\(command)» завершилась с кодом \(status): вывод мог не показаться; запустите с --no-pager или задайте PAGER"
        case .said(let text): text.ru
        }
    }

    private static func inLine(_ line: Int?, _ problem: String) -> String {
        line.map { "стандартный ввод, строка \($0): \(problem); следующие строки не обработаны" } ?? problem
    }

    private static func describe(bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) МиБ" : "\(bytes) байт"
    }

    private static func list(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " или " + words.last!
    }
}
