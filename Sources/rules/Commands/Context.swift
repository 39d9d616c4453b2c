import Foundation
import RulesSearch

/// What every command shares: its arguments, the output, the engine choice.
struct Context {
    let arguments: Arguments
    let out = OutputBuffer(fileDescriptor: 1)

    /// The engine from `--engine`, else `RULES_ENGINE`, else PCRE2.
    func engine() throws(Failure) -> EngineChoice {
        let given = arguments.value("engine")
        let name = given
            ?? ProcessInfo.processInfo.environment[EngineChoice.environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
            ?? EngineChoice.defaultName
        guard let engine = EngineChoice(named: name) else { throw .unknownEngine(name, fromEnvironment: given == nil) }
        return engine
    }

    /// The operands, at least `minimum` and at most `maximum` of them.
    func operands(minimum: Int = 0, maximum: Int = .max) throws(Failure) -> [String] {
        let command = arguments.command!
        if arguments.operands.count < minimum { throw .missingOperand(command) }
        if arguments.operands.count > maximum { throw .tooManyOperands(command) }
        return arguments.operands
    }
}

/// Says `notice` on one line of standard error; the command goes on.
func warn(_ notice: Notice) {
    FileHandle.standardError.write(Data("rules: \(Language.current == .russian ? "предупреждение" : "warning"): \(oneLine(notice.text()))\n".utf8))
}

/// `message` on one line, as scripts read it: a line break or other control character
/// that came in with an argument or a path is shown escaped.
func oneLine(_ message: String) -> String {
    var line = ""
    for scalar in message.unicodeScalars {
        switch scalar {
        case "\n": line += "\\n"
        case "\r": line += "\\r"
        case "\t": line += "\\t"
        case _ where scalar.properties.generalCategory == .control, "\u{2028}", "\u{2029}":
            line += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        default: line.unicodeScalars.append(scalar)
        }
    }
    return line
}
