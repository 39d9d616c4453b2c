/// `rules help [COMMAND]`; `rules help man` prints the man page (how `doc/rules.1` is made).
enum HelpCommand {
    static func run(_ context: Context) throws -> Int32 {
        let words = try context.operands(maximum: 1)
        guard let word = words.first else {
            context.out.write(HelpText.general())
            context.out.flush()
            return 0
        }
        if word == "man" {
            context.out.write(ManPage.roff())
        } else {
            guard let command = CommandName(rawValue: word) else { throw Failure.unknownHelpTopic(word) }
            context.out.write(HelpText.command(command))
        }
        context.out.flush()
        return 0
    }
}
