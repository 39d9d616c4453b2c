import RulesSearch

/// The command line, read the way Unix tools read it: the command, options anywhere before
/// `--` as `--name value` or `--name=value`, and the rest as operands. Each option is
/// checked against ``Flag/table``: one the command does not take is an error for it.
struct Arguments {
    /// `nil` only for a bare `rules`, `rules --help` or `rules --version`.
    private(set) var command: CommandName?
    /// The operands after the command word.
    private(set) var operands: [String] = []
    /// What the options say, each checked by the flag that writes it.
    private(set) var options = Options()
    /// Whether the command was not typed but implied by the operands (`rules тире`, `rules
    /// 191`): a rule number no rule has is then searched, not refused.
    private(set) var implied = false

    /// The command line `arguments`. Asked for help (`--help`, `-h`, before any `--`), a
    /// known command's help is shown whatever else the line holds: a bad value, an option
    /// of another command, an unknown one.
    init(_ arguments: [String]) throws(Failure) {
        do {
            self = try Arguments(strict: arguments)
        } catch {
            let options = arguments.prefix { $0 != "--" }
            guard options.contains("--help") || options.contains("-h") else { throw error }
            if case .unknownCommand = error { throw error }
            command = options.lazy.compactMap(CommandName.init(rawValue:)).first
            self.options.help = true
        }
    }

    private init(strict arguments: [String]) throws(Failure) {
        // The command is the first operand; options before it are read once it is known.
        var words: [String] = []
        var written: [(name: String, value: String?)] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--" {
                words += rest
                break
            }
            if argument == "-h" {
                written.append(("help", nil))
                continue
            }
            guard argument.hasPrefix("--"), argument.count > 2 else {
                // "-" (standard input) and negative numbers are operands.
                if argument.hasPrefix("-"), argument.count > 1, !argument.dropFirst().allSatisfy(\.isNumber) {
                    throw .unknownOption(argument, Self.command(in: words))
                }
                words.append(argument)
                continue
            }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let eq = name.firstIndex(of: "=") {
                value = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard let flag = Flag.named(name) else { throw .unknownOption("--\(name)", Self.command(in: words)) }
            if flag.takesValue {
                if value == nil {
                    guard let next = rest.popFirst() else { throw .needsValue(flag.usage, Self.command(in: words)) }
                    value = next
                }
            } else if value != nil {
                throw .takesNoValue("--\(name)", Self.command(in: words))
            }
            written.append((name, value))
        }
        if !words.isEmpty {
            var (command, operands) = try Self.implied(by: words)
            // A number given with an option of search and not of show (`rules --json 191`)
            // is a search for it, which offers its rule first.
            if command == .show, words.first != CommandName.show.rawValue,
                written.contains(where: {
                    Flag.named($0.name).map { !$0.commands.contains(.show) && $0.commands.contains(.search) } ?? false
                })
            {
                (command, operands) = (.search, words)
            }
            self.command = command
            self.operands = operands
            implied = words.first != command.rawValue
        }
        var given: Set<String> = []
        for (name, value) in written {
            let flag = Flag.named(name)!
            if let command, !flag.commands.contains(command) { throw .optionNotTaken("--\(name)", command) }
            if command == nil, name != "help", name != "version" { throw .optionWithoutCommand("--\(name)") }
            if let value {
                // An empty path would mean the current folder (--out=) or nothing at all.
                if case .text = flag.value, value.isEmpty { throw .emptyValue("--\(name)", command) }
                if case .choice(_, let choices) = flag.value, !choices.contains(value) {
                    throw .notAChoice(option: "--\(name)", given: value, choices: choices, command)
                }
            }
            try flag.write(&options, value, command)
            given.insert(name)
        }
        // The pairs the table declares: one that may not be given with the other, one that
        // needs the other.
        if let command, !options.help {
            for rule in Flag.rules where rule.command == command && given.contains(rule.option) {
                switch rule.kind {
                case .conflicts(let other) where given.contains(other):
                    throw .conflicting("--\(rule.option)", "--\(other)", command)
                case .requires(let other) where !given.contains(other):
                    throw .requires("--\(rule.option)", "--\(other)", command)
                default: break
                }
            }
        }
    }

    /// The command the operands `words` give, and its operands. The first word names it; a
    /// first word that is no command is a query (`rules тире` searches, as `rules search
    /// тире`), and a reference to a rule alone (`rules 191`, `rules § 191`, `rules ch17`)
    /// shows it. A word one slip from a command's name is taken for a mistyped command.
    static func implied(by words: [String]) throws(Failure) -> (CommandName, [String]) {
        guard let first = words.first else { return (.search, []) }
        if let command = CommandName(rawValue: first) { return (command, Array(words.dropFirst())) }
        if let nearest = CommandName.nearest(to: first) { throw .unknownCommand(first, nearest: nearest) }
        if RuleJump.reference(words) != nil { return (.show, [words.joined(separator: " ")]) }
        if words.allSatisfy({ RuleJump.reference([$0]) != nil }) { return (.show, words) }
        return (.search, words)
    }

    private static func command(in words: [String]) -> CommandName? {
        words.isEmpty ? nil : (try? implied(by: words))?.0
    }
}
