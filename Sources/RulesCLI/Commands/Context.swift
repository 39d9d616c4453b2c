import Foundation
import RulesSearch

/// What every command shares: its arguments, the output, the engine choice.
struct Context {
    let arguments: Arguments
    let out = OutputBuffer(fileDescriptor: 1)

    /// The engine from `--engine`, else `RULES_ENGINE`, else PCRE2.
    func engine() throws(Failure) -> Engine {
        let given = arguments.options.engine
        let name =
            given
            ?? Environment.value(Engine.environmentVariable).flatMap { $0.isEmpty ? nil : $0 }
            ?? Engine.default.rawValue
        guard let engine = Engine(rawValue: name) else { throw .unknownEngine(name, fromEnvironment: given == nil) }
        return engine
    }

    /// An operand as its bytes were given: Swift's `CommandLine.arguments` puts U+FFFD for
    /// each byte that is not UTF-8 (a query typed in a CP1251 or KOI8-R terminal), where PHP
    /// keeps the bytes (`mb_strtolower` then makes each one `?`).
    func operandBytes(_ operand: String) -> Bytes {
        guard operand.unicodeScalars.contains("\u{FFFD}") else { return Bytes(operand.utf8) }
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            let bytes = Bytes(
                UnsafeBufferPointer(
                    start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self),
                    count: strlen(argument)))
            if String(decoding: bytes, as: UTF8.self) == operand { return bytes }
        }
        return Bytes(operand.utf8)
    }

    /// The operands, at least `minimum` and at most `maximum` of them.
    func operands(minimum: Int = 0, maximum: Int = .max) throws(Failure) -> [String] {
        let command = arguments.command!
        if arguments.operands.count < minimum { throw .missingOperand(command) }
        if arguments.operands.count > maximum { throw .tooManyOperands(command) }
        return arguments.operands
    }
}

/// Says `notice` on one line of standard error; the command goes on. While a full-screen
/// view owns the terminal, the line is held (``HeldNotices``) instead.
func warn(_ notice: Notice) {
    let line = "rules: \(Language.current == .russian ? "предупреждение" : "warning"): \(oneLine(notice.text()))"
    if HeldNotices.hold(line) { return }
    StandardError.write(line + "\n")
}

/// Warnings said while `rules browse` owns the terminal, from any thread: written to the
/// screen they would be drawn over, so they are kept, shown by the view, and written to
/// standard error once the terminal is given back.
enum HeldNotices {
    private static let lock = NSLock()
    // Safe to share: read and written with `lock` held.
    nonisolated(unsafe) private static var lines: [String]?

    /// Holds the warnings from now on.
    static func start() {
        lock.withLock { lines = lines ?? [] }
    }

    /// `line` kept, if warnings are held.
    static func hold(_ line: String) -> Bool {
        lock.withLock {
            guard lines != nil else { return false }
            lines?.append(line)
            return true
        }
    }

    /// The last held, for the view.
    static var last: String? { lock.withLock { lines?.last } }

    /// Holds no more, and writes what was held to standard error.
    static func release() {
        let held = lock.withLock { () -> [String] in
            defer { lines = nil }
            return lines ?? []
        }
        for line in held { StandardError.write(line + "\n") }
    }
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
