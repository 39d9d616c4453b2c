/// The command line, read the way Unix tools read it: options anywhere before `--`,
/// `--name value` or `--name=value`, and the rest as operands.
struct Arguments {
    private(set) var operands: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    /// Options that take a value; every other `--name` is a flag.
    static let valued: Set<String> = ["engine", "index", "limit", "page", "corpus", "out", "queries", "fuzz", "seed"]
    static let known: Set<String> = valued.union(["json", "batch", "all", "help", "version", "stages"])

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--" {
                operands += rest
                break
            }
            guard argument.hasPrefix("--"), argument.count > 2 else {
                if argument.hasPrefix("-"), argument.count > 1, argument != "-", !argument.dropFirst().allSatisfy(\.isNumber) {
                    if argument == "-h" { flags.insert("help"); continue }
                    throw CLIError("unknown option '\(argument)' (see rules --help)")
                }
                operands.append(argument)
                continue
            }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let eq = name.firstIndex(of: "=") {
                value = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard Self.known.contains(name) else {
                throw CLIError("unknown option '--\(name)' (see rules --help)")
            }
            if Self.valued.contains(name) {
                if value == nil {
                    guard let next = rest.popFirst() else { throw CLIError("option '--\(name)' needs a value") }
                    value = next
                }
                values[name] = value
            } else {
                if value != nil { throw CLIError("option '--\(name)' takes no value") }
                flags.insert(name)
            }
        }
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func value(_ name: String) -> String? { values[name] }

    /// A whole number option, at least `minimum`.
    func integer(_ name: String, minimum: Int) throws -> Int? {
        guard let text = values[name] else { return nil }
        guard let n = Int(text), n >= minimum else {
            throw CLIError("option '--\(name)' needs a whole number of at least \(minimum), not '\(text)'")
        }
        return n
    }

    /// Operands after the command words.
    func operands(dropping count: Int) -> [String] { Array(operands.dropFirst(count)) }
}
