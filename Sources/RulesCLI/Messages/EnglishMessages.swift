/// The messages in English.
enum EnglishMessages {
    static func text(_ failure: Failure) -> String {
        switch failure {
        case .noCommand: "usage: rules COMMAND [OPTIONS] [ARGUMENTS]; 'rules help' lists the commands"
        case .unknownCommand(let word): "unknown command '\(word)'"
        case .browseNeedsTerminal: "browse needs a terminal on standard input and output; in a script, use rules search"
        case .unknownOption(let option, _): "unknown option '\(option)'"
        case .optionNotTaken(let option, let command): "the command '\(command.rawValue)' does not take \(option)"
        case .optionWithoutCommand(let option): "\(option) needs a command before or after it"
        case .needsValue(let usage, _): "option '\(usage)' needs a value"
        case .takesNoValue(let option, _): "option '\(option)' takes no value"
        case .notANumber(let option, let minimum, nil, let given, _):
            "option '\(option)' needs a whole number of at least \(minimum), not '\(given)'"
        case .notANumber(let option, let minimum, let maximum?, let given, _):
            "option '\(option)' needs a whole number from \(minimum) to \(maximum), not '\(given)'"
        case .notAChoice(let option, let given, let choices, _):
            "option '\(option)' takes \(list(choices)), not '\(given)'"
        case .conflicting(let a, let b, _): "\(a) and \(b) cannot be used together"
        case .requires(let a, let b, _): "\(a) goes with \(b): it names the texts of that index's chapters"
        case .emptyValue(let option, _): "option '\(option)' needs a value, not an empty one"
        case .missingOperand(let command):
            switch command {
            case .search: "give a query (or --batch)"
            case .titles: "give the text to look for in titles"
            case .show: "give a paragraph number such as 12 or §12, or a chapter such as ch3"
            case .completions: "give a shell: bash, zsh or fish"
            case .index: "give the ids of the chapters to refresh: rules index refresh --corpus FILE.jsonl --out DIR ID..."
            default: "the command '\(command.rawValue)' needs an argument"
            }
        case .missingOption(let option, let command): "the command '\(command.rawValue)' needs \(option)"
        case .tooManyOperands(let command):
            command == .index ? "'index build' takes no argument after build" : "the command '\(command.rawValue)' takes only one argument"
        case .operandsWithBatch: "--batch reads the queries from standard input; give none as arguments"
        case .unknownEngine(let name, let fromEnvironment):
            "unknown engine '\(name)' in \(fromEnvironment ? "RULES_ENGINE" : "--engine"): use pcre2 or foundation"
        case .unknownShell(let shell): "no completions for '\(shell)': give bash, zsh or fish"
        case .unknownHelpTopic(let word): "no command '\(word)' to show the help of"
        case .unknownSubcommand(let word, let command):
            word.map { "the command '\(command.rawValue)' has no action '\($0)': use 'rules index build' or 'rules index refresh'" }
                ?? "give an action: 'rules index build' or 'rules index refresh'"
        case .unknownRule(let id): "no rule '\(id)': give a paragraph number such as 12 or §12, or a chapter such as ch3"
        case .queryTooLong(let bytes, let limit, let line):
            inLine(line, "a query is at most \(describe(bytes: limit)); this one has \(bytes) bytes")
        case .queryTooManyWords(let words, let limit, let line):
            inLine(line, "a query has at most \(limit) words; this one has \(words)")
        case .batchLineTooLong(let line, let limit):
            inLine(line, "a query is at most \(describe(bytes: limit))")
        case .wordTooLong(let line, let limit):
            inLine(line, "a word is at most \(describe(bytes: limit))")
        case .outIsAFile(let path): "--out \(path) is a file, not a folder: give a folder for the index files"
        case .cannotCreateFolder(let path, let reason): "cannot create the folder \(path): \(reason.en)"
        case .emptyCorpus(let path, let out, let refreshing):
            refreshing
                ? "\(path) has no chapters: a refresh would take every chapter out of the index in \(out), which is left as it was; give the ids to take out"
                : "\(path) has no chapters: nothing to index (an index already in \(out) is left as it was)"
        case .badCorpus(let path, let error): "\(path ?? "the built-in corpus"): \(error.text.en)"
        case .index(let error): error.message
        case .refresh(let error): error.description
        case .cannotRead(let path): "cannot read \(path)"
        case .cannotReadInput(let reason): "cannot read standard input: \(reason.en)"
        case .cannotWriteOutput(let reason): "cannot write to standard output: \(reason.en)"
        case .cannotWriteReport(let path, let reason): "cannot write the JUnit report \(path): \(reason.en)"
        case .builtInUnreadable(let reason): "the built-in index cannot be read (\(reason)); rebuild rules"
        case .indexChangedWhileRead:
            "an index file was rewritten in place while it was read (copied over, or 'rsync --inplace'); run the command again"
        case .said(let text): text.en
        }
    }

    static func text(_ notice: Notice) -> String {
        switch notice {
        case .damagedTexts(let file, let chapters, let more):
            "\(file) is damaged (\(chapters.count > 1 || more ? "chapters" : "chapter") \(chapters.joined(separator: ", "))\(more ? ", …" : "")): "
                + "answers from those chapters may come without their snippets; rebuild the index with 'rules index build'"
        case .waitingForLock(let path): "another process is putting index files in \(path); waiting for it"
        case .pagerFailed(let command, let status):
            "the pager '\(command)' ended with status \(status): the output may not have been shown; run with --no-pager or set PAGER"
        case .said(let text): text.en
        }
    }

    /// A batch line's problem names the line, and that the lines after it were not answered.
    private static func inLine(_ line: Int?, _ problem: String) -> String {
        line.map { "standard input, line \($0): \(problem); nothing after it was answered" } ?? problem
    }

    static func describe(bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    private static func list(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words.last!
    }
}
