import Foundation
import SpecRunWorkers

/// `specrun completions bash|zsh|fish` and `specrun man`: shell completions and a man page, made from
/// `OptionTable` (the options `--help` lists and the parser accepts), every subcommand's options included.
enum Completions {
    static let shells = ["bash", "zsh", "fish"]

    /// The name this executable was started by (`specrun`, or a spec executable such as `shop-specs`), so
    /// completions register for the command the user types; `specrun` when run from a test bundle.
    static var programName: String { ProgramName.current }

    static func script(for shell: String, program: String = "specrun") -> String? {
        switch shell {
        case "bash": return bash(program)
        case "zsh": return zsh(program)
        case "fish": return fish(program)
        default: return nil
        }
    }

    private static func names(_ options: [OptionSpec]) -> [String] {
        options.flatMap { [$0.short, $0.long].compactMap { $0 } }
    }

    private static func bashCases(_ options: [OptionSpec], indent: String) -> [String] {
        var cases = options.filter { !$0.choices.isEmpty }.map { option in
            "\(indent)\(names([option]).joined(separator: "|"))) COMPREPLY=($(compgen -W \"\(option.choices.joined(separator: " "))\" -- \"$cur\")); return ;;"
        }
        let files = names(options.filter { $0.value != nil && $0.choices.isEmpty })
        if !files.isEmpty { cases.append("\(indent)\(files.joined(separator: "|"))) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;") }
        return cases
    }

    private static func bash(_ program: String) -> String {
        let words = (OptionTable.subcommands + names(OptionTable.run)).joined(separator: " ")
        let subcommandCases = OptionTable.subcommandSpecs.map { spec in
            """
                \(spec.name))
                  case "$prev" in
            \(bashCases(spec.options, indent: "        ").joined(separator: "\n"))
                  esac
                  if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "\(names(spec.options).joined(separator: " "))" -- "$cur")); return; fi
                  \(spec.name == "completions" ? "COMPREPLY=($(compgen -W \"\(shells.joined(separator: " "))\" -- \"$cur\")); return ;;" : "COMPREPLY=($(compgen -f -- \"$cur\")); return ;;")
            """
        }.joined(separator: "\n")
        return """
            # bash completion for \(program): source <(\(program) completions bash)
            _\(identifier(program))() {
              local cur prev
              cur="${COMP_WORDS[COMP_CWORD]}"
              prev="${COMP_WORDS[COMP_CWORD-1]}"
              if (( COMP_CWORD > 1 )); then
                case "${COMP_WORDS[1]}" in
            \(subcommandCases)
                esac
              fi
              case "$prev" in
            \(bashCases(OptionTable.run, indent: "    ").joined(separator: "\n"))
              esac
              if [[ "$cur" == -* || COMP_CWORD -eq 1 ]]; then COMPREPLY=($(compgen -W "\(words)" -- "$cur")); fi
              COMPREPLY+=($(compgen -f -- "$cur"))
            }
            complete -o filenames -F _\(identifier(program)) \(program)

            """
    }

    private static func zshSpecs(_ options: [OptionSpec]) -> [String] {
        options.map { option -> String in
            let help = option.help.replacingOccurrences(of: "'", with: "").replacingOccurrences(of: "[", with: "(")
                .replacingOccurrences(of: "]", with: ")").replacingOccurrences(of: ":", with: " ")
            let action =
                option.value.map { value in
                    option.choices.isEmpty ? ":\(value):_files" : ":\(value):(\(option.choices.joined(separator: " ")))"
                } ?? ""
            if let short = option.short {
                return "  '(\(short) \(option.long))'{\(short),\(option.long)}'[\(help)]\(action)'"
            }
            return "  '\(option.long)[\(help)]\(action)'"
        }
    }

    private static func zsh(_ program: String) -> String {
        let subcommands = OptionTable.subcommandSpecs.map { spec in
            "  \(spec.name))\n    _arguments -s \\\n\(zshSpecs(spec.options).map { "  " + $0 }.joined(separator: " \\\n")) \\\n      '*:file:_files'\n    return ;;"
        }.joined(separator: "\n")
        return """
            #compdef \(program)
            # zsh completion for \(program): \(program) completions zsh > "${fpath[1]}/_\(program)"
            case "$words[2]" in
            \(subcommands)
            esac
            _arguments -s \\
            \(zshSpecs(OptionTable.run).joined(separator: " \\\n")) \\
              '1:command or path:(\(OptionTable.subcommands.joined(separator: " ")))' \\
              '*:feature file or folder:_files'

            """
    }

    private static func fishLine(_ program: String, _ option: OptionSpec, condition: String) -> String {
        var line = "complete -c \(program) -n '\(condition)' -l \(option.long.dropFirst(2))"
        if let short = option.short { line += " -s \(short.dropFirst())" }
        if option.value != nil { line += option.choices.isEmpty ? " -r -F" : " -x -a '\(option.choices.joined(separator: " "))'" }
        return line + " -d '\(option.help.replacingOccurrences(of: "'", with: "\\'"))'"
    }

    private static func fish(_ program: String) -> String {
        let all = OptionTable.subcommands.joined(separator: " ")
        var lines = ["# fish completion for \(program): \(program) completions fish > ~/.config/fish/completions/\(program).fish"]
        lines.append("complete -c \(program) -n '__fish_use_subcommand' -a '\(all)'")
        for option in OptionTable.run {
            lines.append(fishLine(program, option, condition: "not __fish_seen_subcommand_from \(all)"))
        }
        for spec in OptionTable.subcommandSpecs {
            for option in spec.options { lines.append(fishLine(program, option, condition: "__fish_seen_subcommand_from \(spec.name)")) }
        }
        lines.append("complete -c \(program) -n '__fish_seen_subcommand_from completions' -x -a '\(shells.joined(separator: " "))'")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `man specrun`, in roff: `specrun man > specrun.1`.
    static func manPage() -> String {
        var page = """
            .TH SPECRUN 1 "" "specrun \(HelpText.version)" "User Commands"
            .SH NAME
            specrun \\- run Gherkin features against Swift step definitions
            .SH SYNOPSIS
            .B specrun
            [\\fIPATH\\fR[:\\fILINE\\fR]...] [\\fIoptions\\fR]

            """
        for spec in OptionTable.subcommandSpecs {
            page += ".br\n.B specrun \(spec.name)\n\(roff(spec.usage))\n"
        }
        page += ".SH OPTIONS\n"
        for option in OptionTable.run { page += manEntry(option) }
        page += ".SH COMMANDS\n"
        for spec in OptionTable.subcommandSpecs {
            page += ".SS specrun \(spec.name) \(roff(spec.usage))\n\(roff(spec.summary)).\n"
            for option in spec.options { page += manEntry(option) }
        }
        page += """
            .SH EXIT STATUS
            0 passed; 1 a scenario failed; 2 bad arguments or configuration; 3 a feature file could not be parsed;
            4 nothing was selected; 130/143 interrupted.

            """
        return page
    }

    private static func manEntry(_ option: OptionSpec) -> String {
        let names = [option.short, option.long].compactMap { $0 }.map { "\\fB\(roff($0))\\fR" }
        return ".TP\n" + names.joined(separator: ", ") + (option.value.map { " \\fI\($0)\\fR" } ?? "") + "\n" + roff(option.help) + "\n"
    }

    private static func roff(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "-", with: "\\-")
    }

    private static func identifier(_ program: String) -> String {
        String(program.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}
