/// `rules help`, `rules help COMMAND` and `rules COMMAND --help`, made from the command and
/// flag tables in the user's language.
enum HelpText {
    static let version = "rules 0.2.0 (a Swift port of s2_search by Roman Parpalak; GPL-2.0-or-later)"

    /// The help of `rules` itself: what it is and its commands.
    static func general(_ language: Language = .current) -> String {
        let ru = language == .russian
        var lines = [
            ru ? "Использование: rules COMMAND [OPTIONS] [ARGUMENTS]" : "usage: rules COMMAND [OPTIONS] [ARGUMENTS]",
            ru ? "               rules ЗАПРОС...   (rules search ЗАПРОС...)" : "       rules QUERY...   (rules search QUERY...)",
            ru ? "               rules N | §N | chN   (rules show N)" : "       rules N | §N | chN   (rules show N)",
            "",
        ]
        lines.append(
            ru
                ? "Поиск по правилам русской орфографии и пунктуации, как на therules.ru."
                : "Search the rules of Russian spelling and punctuation, as therules.ru does.")
        lines += ["", ru ? "Команды:" : "Commands:"]
        for spec in CommandSpec.table {
            lines.append(row(spec.name.rawValue, spec.summary.text(language), width: 16))
        }
        lines += ["", ru ? "Параметры любой команды:" : "Options of every command:"]
        for flag in Flag.table where flag.commands.count == CommandName.allCases.count {
            lines.append(row(flag.usage, flag.help.text(language), width: 16))
        }
        lines += [
            "",
            ru
                ? "Параметры и примеры команды: «rules help КОМАНДА» или «rules КОМАНДА --help»."
                : "A command's options and examples: 'rules help COMMAND' or 'rules COMMAND --help'.",
            ru
                ? "Переменные окружения: RULES_ENGINE, NO_COLOR, PAGER, COLUMNS, LC_ALL, LC_MESSAGES, LANG."
                : "Environment: RULES_ENGINE, NO_COLOR, PAGER, COLUMNS, LC_ALL, LC_MESSAGES, LANG.",
            exitStatus(language),
            ru ? "Подробнее: man rules." : "In full: man rules.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The help of one command: usage, what it does, its options, examples.
    static func command(_ name: CommandName, _ language: Language = .current) -> String {
        let ru = language == .russian
        let spec = CommandSpec.of(name)
        var lines: [String] = []
        for (i, synopsis) in spec.synopsis.enumerated() {
            let lead = i == 0 ? (ru ? "Использование: " : "usage: ") : String(repeating: " ", count: ru ? 15 : 7)
            lines.append(lead + "rules " + synopsis)
        }
        lines.append("")
        lines += TextWrap.linesKeepingQuotes(spec.description.text(language), width: 78)
        if name == .index { lines += ["", ru ? "Строка корпуса (одна глава):" : "A corpus line (one chapter):"] + corpusLine(language) }
        let flags = Flag.of(name)
        if !flags.isEmpty {
            lines += ["", ru ? "Параметры:" : "Options:"]
            let width = min(24, flags.map { $0.usage.count }.max()! + 4)
            for flag in flags {
                lines.append(row(flag.usage, flag.help.text(language), width: width))
            }
        }
        lines += ["", ru ? "Примеры:" : "Examples:"]
        for (example, what) in spec.examples {
            lines.append("  rules " + example)
            lines.append("      " + what.text(language))
        }
        if [.search, .titles].contains(name) {
            lines += ["", exitStatus(language)]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A corpus line as `rules index` reads it, and its fields.
    static func corpusLine(_ language: Language) -> [String] {
        let fields =
            language == .russian
            ? "Нужны id (строка или целое число, без пробелов), title и html; keywords (через запятую; __слово__ — все формы слова), description, url и time — по желанию. Если id повторяется, индексируется последняя строка, как в s2_search."
            : "id (a string or an integer, no spaces), title and html are needed; keywords (comma-separated; __word__ for every form of the word), description, url and time are optional. An id given twice: the last line is indexed, as s2_search does."
        return [
            #"  {"id": "12", "title": "Тире", "html": "<p>Текст.</p>", "keywords": "__тире__"}"#
        ] + TextWrap.linesKeepingQuotes(fields, width: 78)
    }

    static func exitStatus(_ language: Language) -> String {
        language == .russian
            ? "Код выхода: 0 — найдено (или сделано), 1 — ничего не найдено, 2 — ошибка."
            : "Exit status: 0 found (or done), 1 nothing found, 2 an error."
    }

    /// `  name   text`, the text starting at column `width + 2` and wrapped to 80 columns
    /// under itself.
    private static func row(_ name: String, _ text: String, width: Int) -> String {
        let hang = String(repeating: " ", count: width + 2)
        let body = TextWrap.linesKeepingQuotes(text, width: 80 - hang.count).enumerated()
            .map { $0.offset == 0 ? $0.element : hang + $0.element }.joined(separator: "\n")
        if name.count >= width { return "  " + name + "\n" + hang + body }
        return "  " + name + String(repeating: " ", count: width - name.count) + body
    }
}
