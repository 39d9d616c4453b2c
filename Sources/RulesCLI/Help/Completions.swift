import Foundation
import RulesSearch

/// `rules completions bash|zsh|fish`: scripts made from the command and flag tables, so
/// that a shell offers exactly the commands and options the parser takes, the engine
/// names, folders for `--index` and `--out`, and for `rules show` the rules' numbers (with
/// their titles where the shell shows descriptions: zsh and fish).
enum Completions {
    /// The built-in rules' ids, paragraphs by number then chapters, with their titles.
    static func rules() -> [(id: String, title: String)] {
        let index = try? BuiltInIndex.index()
        let ids = BuiltInIndex.outline.all.sorted { a, b in
            (a.value.kind == .chapter ? 1 : 0, a.value.number) < (b.value.kind == .chapter ? 1 : 0, b.value.number)
        }
        return ids.map { id, place in
            let title = index?.entry(ByteKey(Bytes(id.utf8)))?.field("title").map { String(decoding: $0.stringValue, as: UTF8.self) } ?? ""
            return (id, place.kind == .chapter ? "Глава \(place.number). " + title : "§ \(place.number). " + title)
        }
    }

    static func operandWords(_ spec: CommandSpec) -> [String] {
        switch spec.operands {
        case .none, .words: []
        case .paragraphs: rules().map(\.id)
        case .commands: CommandName.allCases.map(\.rawValue) + ["man"]
        case .shells: ["bash", "zsh", "fish"]
        case .subcommands(let words): words
        }
    }

    // MARK: bash

    static func bash() -> String {
        let valued = Flag.table.filter(\.takesValue).map { "--" + $0.name }
        let singleOperand = CommandSpec.table.filter {
            switch $0.operands {
            case .paragraphs, .commands, .shells, .subcommands: true
            case .none, .words: false
            }
        }.map(\.name.rawValue).joined(separator: "|")
        var script = """
            # bash completion for rules; made by 'rules completions bash'.
            _rules() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
                # bash splits --name=value at the "=": the option is the word before it.
                if [[ $prev == "=" ]]; then prev=${COMP_WORDS[COMP_CWORD-2]}
                elif [[ $cur == "=" ]]; then cur=""
                fi
                local command="" i given=0
                # The command is the first word that is neither an option nor an option's value.
                for ((i = 1; i < COMP_CWORD; i++)); do
                    case ${COMP_WORDS[i]} in
                        \(valued.joined(separator: "|"))) if [[ ${COMP_WORDS[i+1]} == "=" ]]; then ((i += 2)); else ((i++)); fi ;;
                        -*) ;;
                        =) ((i++)) ;;
                        *) if [[ -z $command ]]; then command=${COMP_WORDS[i]}; else ((given++)); fi ;;
                    esac
                done
                case $prev in

            """
        for flag in Flag.table where flag.takesValue {
            let action: String
            switch flag.completion {
            case .folder: action = "compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- \"$cur\")"
            case .file: action = "compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")"
            case .engine:
                action = "mapfile -t COMPREPLY < <(compgen -W \"\(Engine.allCases.map(\.rawValue).joined(separator: " "))\" -- \"$cur\")"
            case .choices(let words): action = "mapfile -t COMPREPLY < <(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")"
            case .nothing: action = "COMPREPLY=()"
            }
            script += "        --\(flag.name)) \(action); return ;;\n"
        }
        script += """
                esac
                local options operands
                case $command in
                    "") options="--help --version"; operands="\(CommandName.allCases.map(\.rawValue).joined(separator: " "))" ;;

            """
        for spec in CommandSpec.table {
            let options = Flag.of(spec.name).map { "--" + $0.name }.joined(separator: " ")
            script +=
                "        \(spec.name.rawValue)) options=\"\(options)\"; operands=\"\(operandWords(spec).joined(separator: " "))\" ;;\n"
        }
        script += """
                    *) return ;;
                esac
                # A command of one argument is offered nothing more once it has it.
                case $command in \(singleOperand)) ((given > 0)) && operands="" ;; esac
                if [[ $cur == -* ]]; then
                    mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
                else
                    mapfile -t COMPREPLY < <(compgen -W "$operands" -- "$cur")
                fi
            }
            complete -F _rules rules

            """
        return script
    }

    // MARK: zsh

    /// `text` inside single quotes, for zsh and fish.
    private static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    static func zsh() -> String {
        var script = """
            #compdef rules
            # zsh completion for rules; made by 'rules completions zsh'.

            _rules_rules() {
                local -a rules
                rules=(

            """
        for (id, title) in rules() {
            script += "        " + quoted(id + ":" + title) + "\n"
        }
        script += """
                )
                _describe -t rules 'rule' rules
            }

            _rules() {
                local curcontext=$curcontext state line
                local -a commands
                commands=(

            """
        for spec in CommandSpec.table {
            script += "        " + quoted(spec.name.rawValue + ":" + spec.summary.en) + "\n"
        }
        script += """
                )
                _arguments -C '(- *)--help[show the help]' '(- *)--version[show the version]' '1: :->command' '*:: :->args'
                case $state in
                    command) _describe -t commands 'rules command' commands ;;
                    args)
                        case $words[1] in

            """
        for spec in CommandSpec.table {
            var specs = Flag.of(spec.name).map { flag -> String in
                let help = flag.help.en.replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
                var item = "--\(flag.name)[\(help)]"
                if let placeholder = flag.value.placeholder {
                    switch flag.completion {
                    case .folder: item += ":\(placeholder):_files -/"
                    case .file: item += ":\(placeholder):_files"
                    case .engine: item += ":\(placeholder):(\(Engine.allCases.map(\.rawValue).joined(separator: " ")))"
                    case .choices(let words): item += ":\(placeholder):(\(words.joined(separator: " ")))"
                    case .nothing: item += ":\(placeholder): "
                    }
                }
                return quoted(item)
            }
            switch spec.operands {
            case .none: break
            case .words: specs.append(quoted("*:word: "))
            case .paragraphs: specs.append(quoted("1:rule:_rules_rules"))
            case .commands, .shells, .subcommands:
                specs.append(quoted("1:\(spec.name == .help ? "command" : "word"):(\(operandWords(spec).joined(separator: " ")))"))
            }
            script += "                \(spec.name.rawValue)) _arguments \(specs.joined(separator: " ")) ;;\n"
        }
        script += """
                        esac
                        ;;
                esac
            }

            _rules "$@"

            """
        return script
    }

    // MARK: fish

    static func fish() -> String {
        var lines = ["# fish completion for rules; made by 'rules completions fish'.", "complete -c rules -f"]
        for spec in CommandSpec.table {
            lines.append("complete -c rules -n __fish_use_subcommand -a \(spec.name.rawValue) -d \(quoted(spec.summary.en))")
        }
        lines.append("complete -c rules -n __fish_use_subcommand -l help -d \(quoted("show the help"))")
        lines.append("complete -c rules -n __fish_use_subcommand -l version -d \(quoted("show the version"))")
        for flag in Flag.table {
            let commands = flag.commands.map(\.rawValue).joined(separator: " ")
            var line = "complete -c rules -n \(quoted("__fish_seen_subcommand_from " + commands)) -l \(flag.name)"
            switch flag.completion {
            case .folder: line += " -r -a '(__fish_complete_directories)'"
            case .file: line += " -r -F"
            case .engine: line += " -x -a \(quoted(Engine.allCases.map(\.rawValue).joined(separator: " ")))"
            case .choices(let words): line += " -x -a \(quoted(words.joined(separator: " ")))"
            case .nothing: if flag.takesValue { line += " -x" }
            }
            lines.append(line + " -d \(quoted(flag.help.en))")
        }
        for spec in CommandSpec.table {
            let condition = quoted("__fish_seen_subcommand_from \(spec.name.rawValue)")
            switch spec.operands {
            case .paragraphs:
                for (id, title) in rules() {
                    lines.append("complete -c rules -n \(condition) -a \(quoted(id)) -d \(quoted(title))")
                }
            case .commands, .shells, .subcommands:
                lines.append("complete -c rules -n \(condition) -a \(quoted(operandWords(spec).joined(separator: " ")))")
            case .none, .words: break
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
