import Foundation
import RulesSearch

/// The man page, `rules.1`, made from the command and flag tables: every command, option,
/// environment variable, exit status and file. `doc/rules.1` is this output (`rules help
/// man > doc/rules.1`); a test keeps the two the same. Its examples are run as it is made,
/// so they show what today's binary prints.
enum ManPage {
    /// The date on the page: that of the version, not of the day it is made, so that the
    /// page made again is the same.
    static let date = "December 2026"

    static func roff() -> String {
        var page: [String] = []
        let version = HelpText.version.split(separator: " ").prefix(2).joined(separator: " ")
        page.append(".TH RULES 1 \"\(date)\" \"\(version)\" \"User Commands\"")
        page += [".SH NAME", "rules \\- search the rules of Russian spelling and punctuation"]
        page.append(".SH SYNOPSIS")
        for spec in CommandSpec.table {
            for synopsis in spec.synopsis {
                page += [".B rules", text(synopsis), ".br"]
            }
        }
        page += [
            ".SH DESCRIPTION",
            text(
                """
                rules searches the rules of Russian spelling and punctuation the way therules.ru does: \
                it is a one-to-one port of the s2_search engine by Roman Parpalak (a Russian Porter stemmer, \
                an index of words, weights for titles, keywords, word counts and closeness, snippets that \
                highlight the words found). The rules themselves are built in, so it answers the moment it \
                is built; an index of any corpus can be built and searched too.
                """), ".PP",
            text(
                """
                The results view is in Russian whatever the locale (the rules' language); help and errors \
                are in Russian under a ru_* locale and in English otherwise. JSON and --plain output never \
                change with the locale. On a terminal, text is wrapped to its width and long output goes \
                through a pager; in a pipe, output is never wrapped, paged or marked with escape sequences \
                (unless --color always).
                """),
        ]
        page.append(".SH COMMANDS")
        for spec in CommandSpec.table {
            page += [".TP", ".B " + text("rules " + spec.synopsis[0])]
            page.append(text(spec.description.en))
            let flags = Flag.of(spec.name).filter { $0.name != "help" && $0.name != "version" }
            if !flags.isEmpty {
                page.append(".br")
                page.append("Options: " + flags.map { "\\fB\(text($0.usage))\\fR" }.joined(separator: ", ") + ".")
            }
        }
        page.append(".SH OPTIONS")
        for flag in Flag.table {
            page.append(".TP")
            if let placeholder = flag.value.placeholder {
                page.append(".BI \(text("--" + flag.name)) \" \(placeholder)\"")
            } else {
                page.append(".B " + text("--" + flag.name))
            }
            let commands =
                flag.commands.count == CommandName.allCases.count
                ? "every command" : flag.commands.map(\.rawValue).joined(separator: ", ")
            page.append(text((flag.manual ?? sentence(flag.help.en)) + " (" + commands + ")"))
        }
        page += [".TP", ".B \\-h", "The same as \\fB\\-\\-help\\fR."]
        page += [".PP", text("rules help man prints this page (doc/rules.1 is its output).")]
        page += [".SH ENVIRONMENT"]
        for (name, what) in environment {
            page += [".TP", ".B " + name, text(what)]
        }
        page += [
            ".SH EXIT STATUS", ".TP", ".B 0", text("Something was found (search, titles), or the command did what it was asked."),
            ".TP", ".B 1", text("Nothing was found, or a page past the last was asked for; for check-engines, the engines differ."),
            ".TP", ".B 2",
            text(
                "An error: a wrong command line, an unreadable or damaged file, a query too large. One line on standard error says what happened and what to do; existing index files are left as they were."
            ),
        ]
        page += [".SH FILES"]
        for (name, what) in files {
            page += [".TP", ".I " + text(name), text(what)]
        }
        page.append(".SH EXAMPLES")
        for (command, output) in examples() {
            page += [".PP", ".nf", ".RS", "$ " + text(command)] + output.map(text) + [".RE", ".fi"]
        }
        page += [
            ".SH SEE ALSO", ".BR grep (1),", ".BR less (1)",
            ".PP", text("The s2_search engine: https://github.com/parpalak/s2"),
        ]
        return page.joined(separator: "\n") + "\n"
    }

    static let environment: [(String, String)] = [
        ("RULES_ENGINE", "The regex engine when --engine is not given: pcre2 (the default) or foundation."),
        ("NO_COLOR", "When set and not empty, no colour or bold unless --color always (no-color.org)."),
        (
            "PAGER",
            "The pager for long output on a terminal; less -FRX when it is not set; none when it is empty or cat. LESS defaults to FRX."
        ),
        ("COLUMNS, LINES", "The terminal's size when it cannot be asked."),
        (
            "LC_ALL, LC_MESSAGES, LANG",
            "The first that is set and not empty decides the language of help and errors: Russian for ru_*, English otherwise."
        ),
        ("TERM", "No colour by default on a dumb terminal."),
    ]

    static let files: [(String, String)] = [
        ("DIR/" + S2IndexFile.fileName, "The index as s2_search writes it (PHP's serialize), byte for byte what the reference makes."),
        (
            "DIR/" + BinaryIndex.fileName,
            "The same index in a binary form read in place, with checksums; a damaged one is set aside for the S2 file."
        ),
        ("DIR/" + ChapterTexts.fileName, "The chapters' texts, prepared for snippets."),
        ("DIR/" + Vocabulary.fileName, "The corpus's words, with how often each occurs: what a misspelled query is corrected to."),
        (
            "DIR/" + ChapterFingerprints.fileName,
            "What each chapter was when indexed, so that rules index refresh given no ids finds the chapters that changed."
        ),
        ("DIR/corpus.jsonl", "A corpus beside an index made by PHP: the texts its snippets come from."),
    ]

    /// Each example with the output the built-in rules give it now.
    static func examples() -> [(String, [String])] {
        guard let session = try? SearchSession(index: BuiltInIndex.index(), texts: BuiltInIndex.texts(), engine: .default) else {
            return []
        }
        let plain = session.search(Bytes("тире между подлежащим и сказуемым".utf8), limit: 3, page: 1)
        let stems = Stemmer(engine: .default)
        let stemmed = ["запятые", "причастный", "обособленных"].map {
            $0 + "\t" + String(decoding: stems.stem(Bytes($0.utf8)), as: UTF8.self)
        }
        return [
            (
                "rules search --plain --limit 3 тире между подлежащим и сказуемым",
                String(decoding: SearchCommand.plain(plain), as: UTF8.self).split(separator: "\n").map(String.init)
            ),
            ("rules stem запятые причастный обособленных", stemmed),
            ("rules search --json --all тире | jq -r '.results[].id'", ["(the ids of every rule on the dash)"]),
            ("rules check-engines --fuzz 20000 --seed 1 --junit report.xml", ["(compares both engines; exit 0 when they agree)"]),
        ]
    }

    private static func sentence(_ help: String) -> String {
        (help.first.map { String($0).uppercased() } ?? "") + help.dropFirst() + "."
    }

    /// Text as roff reads it: backslashes and hyphens escaped, a line starting with a dot
    /// or quote guarded.
    static func text(_ s: String) -> String {
        var t = s.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if t.hasPrefix(".") || t.hasPrefix("'") { t = "\\&" + t }
        return t
    }
}
