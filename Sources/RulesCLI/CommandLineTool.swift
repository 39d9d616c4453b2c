import Foundation
import RulesSearch

/// Prints the error on one line of standard error and exits with 2.
func fail(_ message: String) -> Never {
    StandardError.write("rules: \(oneLine(message))\n")
    exit(2)
}

/// `rules`: search the rules of Russian spelling and punctuation. The executable calls
/// ``run(_:)``; everything else in this module is what it runs, tested in-process.
/// Exit status: 0 found (or done), 1 nothing found, 2 an error, as grep.
package enum CommandLineTool {
    /// Runs the command line `arguments` (without the program's name) and exits.
    package static func run(_ words: [String]) -> Never {
        signal(SIGPIPE, SIG_IGN)
        MappedFileFault.install()
        do {
            let arguments = try Arguments(words)
            let context = Context(arguments: arguments)
            if arguments.options.version {
                print(HelpText.version)
                exit(0)
            }
            guard let command = arguments.command else {
                // Asked for, the help is the output; without a command, it is the error message.
                if arguments.options.help {
                    context.out.write(HelpText.general())
                    context.out.flush()
                    exit(0)
                }
                // On a terminal, nothing asked: the full-screen search, as the app opens on its search.
                if words.isEmpty, isatty(0) == 1, isatty(1) == 1 {
                    exit(try BrowseCommand.run(context))
                }
                // One line, as every error: the usage, and where the commands are listed.
                fail(Failure.noCommand.text())
            }
            if arguments.options.help {
                context.out.write(HelpText.command(command))
                context.out.flush()
                exit(0)
            }
            let status: Int32
            switch command {
            case .search: status = try SearchCommand.run(context)
            case .browse: status = try BrowseCommand.run(context)
            case .titles: status = try TitlesCommand.run(context)
            case .show: status = try ShowCommand.run(context)
            case .check: status = try CheckCommand.run(context)
            case .serve: status = try ServeCommand.run(context)
            case .stem: status = try StemCommand.run(context)
            case .index: status = try IndexCommand.run(context)
            case .checkEngines: status = try CheckEnginesCommand.run(context)
            case .completions: status = try CompletionsCommand.run(context)
            case .help: status = try HelpCommand.run(context)
            }
            exit(status)
        } catch let failure as Failure {
            fail(failure.text())
        } catch {
            // The search core's own errors (index files, a corpus) say what happened in both languages.
            fail(Failure.said(Localized(describing: error)).text())
        }
    }
}
