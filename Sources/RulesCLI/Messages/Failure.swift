import RulesCheck
import RulesSearch

/// Everything that ends a command with exit status 2, as a value: the words are chosen
/// when it is shown, from the table of the user's language (``Failure/text(_:)``), not
/// where it is thrown.
enum Failure: Error {
    // The command line.
    case noCommand
    /// A word one slip from a command's name (``CommandName/nearest(to:)``).
    case unknownCommand(String, nearest: CommandName)
    case unknownOption(String, CommandName?)
    case optionNotTaken(String, CommandName)
    case optionWithoutCommand(String)
    case needsValue(String, CommandName?)
    case takesNoValue(String, CommandName?)
    case notANumber(option: String, minimum: Int, maximum: Int?, given: String, CommandName?)
    case notAChoice(option: String, given: String, choices: [String], CommandName?)
    case conflicting(String, String, CommandName)
    case requires(String, String, CommandName)
    case emptyValue(String, CommandName?)
    case missingOperand(CommandName)
    case missingOption(String, CommandName)
    case tooManyOperands(CommandName)
    case operandsWithBatch
    /// `rules browse` with standard input or output not a terminal.
    case browseNeedsTerminal
    /// `rules browse --print` with no controlling terminal to draw on.
    case printNeedsTerminal
    case unknownEngine(String, fromEnvironment: Bool)
    case unknownShell(String)
    case unknownHelpTopic(String)
    case unknownSubcommand(String?, CommandName)
    // Input and files.
    case unknownRule(String)
    /// `show --index DIR ID` with no chapter of that id in the index.
    case unknownChapter(String, index: String)
    /// `show --index DIR` of an index that keeps no texts (one PHP made, with no corpus beside it).
    case noTextsToShow(index: String)
    case queryTooLong(bytes: Int, limit: Int, line: Int?)
    case queryTooManyWords(words: Int, limit: Int, line: Int?)
    case batchLineTooLong(line: Int, limit: Int)
    case wordTooLong(line: Int, limit: Int)
    case outIsAFile(String)
    case emptyCorpus(String, out: String, refreshing: Bool)
    /// A corpus line that cannot be read; `nil`: the built-in corpus.
    case badCorpus(String?, Corpus.Error)
    /// A file that cannot be read, and why when the system said it.
    case cannotRead(String, reason: Localized? = nil)
    /// `rules check` with no Russian dictionary in the folders searched.
    /// No Russian dictionary, or one that cannot be read.
    case dictionary(SpellingDictionary.OpenError)
    /// A file to check that is not UTF-8 text.
    case notUTF8(String)
    case cannotReadInput(Localized)
    case cannotWriteOutput(reason: Localized)
    case cannotWriteReport(String, reason: Localized)
    case builtInUnreadable(String)
    /// `serve --listen` with what is not HOST:PORT.
    case badListenAddress(String)
    /// `serve` cannot listen where asked: the address, why, and the system's words.
    case cannotListen(String, reason: Localized, inUse: Bool)
    /// A mapped index file cut short under the reader (SIGBUS): said by ``MappedFileFault``.
    case indexChangedWhileRead
    /// A message of the search core (its index files, a damaged index), in both languages.
    case said(Localized)

    /// The help a message points to: a usage error names the help of its command.
    enum HelpPointer {
        case none, general
        case command(CommandName)

        init(_ command: CommandName?) { self = command.map { .command($0) } ?? .general }
    }

    var help: HelpPointer {
        switch self {
        case .optionWithoutCommand, .unknownHelpTopic: .general
        case .unknownOption(_, let c), .needsValue(_, let c), .takesNoValue(_, let c), .emptyValue(_, let c),
            .notANumber(_, _, _, _, let c), .notAChoice(_, _, _, let c):
            HelpPointer(c)
        case .optionNotTaken(_, let c), .conflicting(_, _, let c), .requires(_, _, let c), .missingOperand(let c),
            .missingOption(_, let c), .tooManyOperands(let c), .unknownSubcommand(_, let c):
            .command(c)
        case .operandsWithBatch: .command(.search)
        case .browseNeedsTerminal, .printNeedsTerminal: .command(.browse)
        case .unknownShell: .command(.completions)
        case .badListenAddress: .command(.serve)
        case .noCommand, .unknownCommand, .unknownEngine, .unknownRule, .unknownChapter, .noTextsToShow, .queryTooLong, .queryTooManyWords,
            .batchLineTooLong, .wordTooLong, .outIsAFile,
            .emptyCorpus, .badCorpus, .cannotRead, .dictionary, .notUTF8, .cannotReadInput, .cannotWriteOutput,
            .cannotWriteReport,
            .builtInUnreadable, .indexChangedWhileRead, .said, .cannotListen:
            .none
        }
    }

    /// The whole message in `language`, with the help to read for a usage error.
    func text(_ language: Language = .current) -> String {
        let words = Messages.text(self).text(language)
        let help: String
        switch self.help {
        case .none: return words
        case .general: help = "rules --help"
        case .command(let command): help = "rules \(command.rawValue) --help"
        }
        return language == .russian ? "\(words) (см. \(help))" : "\(words) (see \(help))"
    }
}

/// What is said on standard error while a command goes on.
enum Notice {
    case damagedTexts(file: String, chapters: [String], more: Bool)
    case waitingForLock(String)
    /// The pager ended with a failure: what it was given may not have been shown.
    case pagerFailed(command: String, status: Int32)
    /// Ids given by more than one line of a corpus (the first few of `count`).
    case duplicateIDs(String, ids: [String], count: Int)
    /// `index refresh ID` with an id in neither the corpus nor the index.
    case unknownChapterToRefresh(String, corpus: String, index: String)
    case said(Localized)

    func text(_ language: Language = .current) -> String {
        Messages.text(self).text(language)
    }
}
