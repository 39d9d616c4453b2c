import Foundation
import RulesCheck
import RulesSearch

/// `rules check WORD…` and `rules check --file FILE` (`-`: standard input): each word
/// the dictionary does not know, its corrections, and the paragraph of the rules that
/// decides it (``SpellingChecker``). For words given, a block each, as a person asks; for a
/// file, a linter's line a mistake (`FILE:LINE:COLUMN: слово → правильно (§ N. title)`),
/// or JSON Lines. Exit 1 when a mistake was found, 0 when none, 2 on an error.
enum CheckCommand {
    static func run(_ context: Context) throws -> Int32 {
        let options = context.arguments.options
        let words = context.arguments.operands
        if options.file != nil, !words.isEmpty { throw Failure.conflicting("--file", "WORD", .check) }
        guard options.file != nil || !words.isEmpty else { throw Failure.missingOperand(.check) }
        let dictionary: SpellingDictionary
        do {
            dictionary = try SpellingDictionary()
        } catch {
            throw Failure.dictionary(error)
        }
        let text: String
        var name: String?
        var format = options.format.flatMap(TextWords.Format.init(rawValue:)) ?? .text
        if let path = options.file {
            let data: Data
            if path == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
                name = "-"
            } else {
                data = try WholeFile.read(path)
                name = path
                if options.format == nil { format = .of(path: path) }
            }
            // (As the bytes are: a byte-order mark kept, so that offsets are the file's.)
            guard let decoded = String(validating: data, as: UTF8.self) else { throw Failure.notUTF8(path) }
            text = decoded
        } else {
            text = words.joined(separator: " ")
        }
        // A long text is shared among the cores, each with a dictionary of its own (read in
        // a tenth of a second: not worth it for a few words).
        var dictionaries = [dictionary]
        if text.utf8.count > 100_000 {
            let more = min(ProcessInfo.processInfo.activeProcessorCount, 4) - 1
            dictionaries += (0..<max(more, 0)).compactMap { _ in try? SpellingDictionary(searching: [dictionary.folder]) }
        }
        let checker = SpellingChecker(dictionaries: dictionaries, accepted: try acceptedWords())
        let findings = checker.check(text, format: format)
        if options.json {
            for finding in findings { context.out.write(json(finding, file: name)) }
        } else if let name {
            for finding in findings { context.out.write(lintLine(finding, file: name) + "\n") }
        } else {
            let marks = Marks(on: Terminal(color: options.color).color)
            if findings.isEmpty { context.out.write("Ошибок не найдено.\n") }
            for finding in findings { context.out.write(block(finding, marks: marks)) }
        }
        context.out.flush()
        // The process ends at once: taking the dictionaries apart (their hash tables) would
        // cost a tenth of its time.
        _ = Unmanaged.passRetained(checker)
        return findings.isEmpty ? 0 : 1
    }

    /// The user's own words, one a line, taken as right: `$XDG_CONFIG_HOME/rules/words`
    /// (`~/.config/rules/words`). Empty lines and lines from `#` are passed over.
    static func acceptedWords(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> [String] {
        let config =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.config")
        let path = config + "/rules/words"
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let data = try WholeFile.read(path)
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).compactMap { line in
            let word = line.trimmingCharacters(in: .whitespaces)
            return word.isEmpty || word.hasPrefix("#") ? nil : word
        }
    }

    /// `FILE:LINE:COLUMN: слово → правильно (§ N. title)`.
    static func lintLine(_ finding: SpellingChecker.Finding, file: String) -> String {
        let first = finding.words[0]
        var line = "\(file):\(first.line):\(first.column): \(finding.typed)"
        line += finding.corrections.first.map { " → \($0)" } ?? ": нет в словаре"
        if let rule = finding.rule { line += " (§ \(rule.number). \(rule.title))" }
        return line
    }

    /// A mistake as a person reads it: the word and its correction, the others, the rule
    /// and the command that shows it.
    static func block(_ finding: SpellingChecker.Finding, marks: Marks) -> String {
        var text = finding.typed + " → "
        if finding.corrections.isEmpty {
            text += "?\n    Слова нет в словаре, и исправить его не получается.\n"
            return text
        }
        text += marks.bold + finding.corrections[0] + marks.reset
        if finding.corrections.count > 1 {
            text += marks.dim + " (или: " + finding.corrections.dropFirst().joined(separator: ", ") + ")" + marks.reset
        }
        text += "\n"
        if let rule = finding.rule {
            text += "    § \(rule.number). \(rule.title)\n" + marks.dim + "    rules show \(rule.number)" + marks.reset + "\n"
        }
        return text
    }

    /// One JSON object on one line.
    static func json(_ finding: SpellingChecker.Finding, file: String?) -> Bytes {
        let first = finding.words[0]
        let last = finding.words[finding.words.count - 1]
        var w = JSONWriter()
        w.raw("{\"file\":")
        if let file { w.string(Bytes(file.utf8)) } else { w.raw("null") }
        w.raw(",\"line\":\(first.line),\"column\":\(first.column)")
        w.raw(",\"byte_offset\":\(first.byteOffset),\"byte_length\":\(last.byteOffset + last.byteLength - first.byteOffset)")
        w.raw(
            ",\"character_offset\":\(first.characterOffset),\"character_length\":\(last.characterOffset + last.characterLength - first.characterOffset)"
        )
        w.raw(",\"word\":")
        w.string(Bytes(finding.typed.utf8))
        w.raw(",\"corrections\":[")
        for (k, correction) in finding.corrections.enumerated() {
            if k > 0 { w.raw(",") }
            w.string(Bytes(correction.utf8))
        }
        w.raw("],\"paragraph\":")
        if let rule = finding.rule {
            w.raw("{\"number\":\(rule.number),\"title\":")
            w.string(Bytes(rule.title.utf8))
            w.raw(",\"command\":")
            w.string(Bytes("rules show \(rule.number)".utf8))
            w.raw("}")
        } else {
            w.raw("null")
        }
        w.raw("}\n")
        return w.output
    }
}
