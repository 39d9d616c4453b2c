/// `rules completions bash|zsh|fish`.
enum CompletionsCommand {
    static func run(_ context: Context) throws -> Int32 {
        let shell = try context.operands(minimum: 1, maximum: 1)[0]
        let script: String
        switch shell {
        case "bash": script = Completions.bash()
        case "zsh": script = Completions.zsh()
        case "fish": script = Completions.fish()
        default: throw Failure.unknownShell(shell)
        }
        context.out.write(script)
        context.out.flush()
        return 0
    }
}
