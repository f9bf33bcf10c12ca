/// `specrun completions bash|zsh|fish` and `specrun man`: shell completions and a man page, made from
/// `OptionTable` (the options `--help` lists and the parser accepts).
enum Completions {
    static let shells = ["bash", "zsh", "fish"]

    static func script(for shell: String, program: String = "specrun") -> String? {
        switch shell {
        case "bash": return bash(program)
        case "zsh": return zsh(program)
        case "fish": return fish(program)
        default: return nil
        }
    }

    private static func bash(_ program: String) -> String {
        let words = (OptionTable.subcommands + OptionTable.run.flatMap { [$0.short, $0.long].compactMap { $0 } }).joined(separator: " ")
        let valueCases = OptionTable.run.filter { !$0.choices.isEmpty }.map { option in
            "    \([option.short, option.long].compactMap { $0 }.joined(separator: "|"))) COMPREPLY=($(compgen -W \"\(option.choices.joined(separator: " "))\" -- \"$cur\")); return ;;"
        }.joined(separator: "\n")
        let files = OptionTable.run.filter { $0.value != nil && $0.choices.isEmpty }.flatMap { [$0.short, $0.long].compactMap { $0 } }
        return """
        # bash completion for \(program): source <(\(program) completions bash)
        _\(identifier(program))() {
          local cur prev
          cur="${COMP_WORDS[COMP_CWORD]}"
          prev="${COMP_WORDS[COMP_CWORD-1]}"
          case "$prev" in
        \(valueCases)
            \(files.joined(separator: "|"))) COMPREPLY=($(compgen -f -- "$cur")); return ;;
          esac
          if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "\(words)" -- "$cur")); return; fi
          COMPREPLY=($(compgen -f -- "$cur"))
        }
        complete -o filenames -F _\(identifier(program)) \(program)

        """
    }

    private static func zsh(_ program: String) -> String {
        let specs = OptionTable.run.map { option -> String in
            let help = option.help.replacingOccurrences(of: "'", with: "").replacingOccurrences(of: "[", with: "(")
                .replacingOccurrences(of: "]", with: ")").replacingOccurrences(of: ":", with: " ")
            let action = option.value.map { value in
                option.choices.isEmpty ? ":\(value):_files" : ":\(value):(\(option.choices.joined(separator: " ")))"
            } ?? ""
            if let short = option.short {
                return "  '(\(short) \(option.long))'{\(short),\(option.long)}'[\(help)]\(action)'"
            }
            return "  '\(option.long)[\(help)]\(action)'"
        }
        return """
        #compdef \(program)
        # zsh completion for \(program): \(program) completions zsh > "${fpath[1]}/_\(program)"
        _arguments -s \\
        \(specs.joined(separator: " \\\n")) \\
          '1:command or path:(\(OptionTable.subcommands.joined(separator: " ")))' \\
          '*:feature file or folder:_files'

        """
    }

    private static func fish(_ program: String) -> String {
        var lines = ["# fish completion for \(program): \(program) completions fish > ~/.config/fish/completions/\(program).fish"]
        lines.append("complete -c \(program) -n '__fish_use_subcommand' -a '\(OptionTable.subcommands.joined(separator: " "))'")
        for option in OptionTable.run {
            var line = "complete -c \(program) -l \(option.long.dropFirst(2))"
            if let short = option.short { line += " -s \(short.dropFirst())" }
            if option.value != nil { line += option.choices.isEmpty ? " -r -F" : " -x -a '\(option.choices.joined(separator: " "))'" }
            line += " -d '\(option.help.replacingOccurrences(of: "'", with: "\\'"))'"
            lines.append(line)
        }
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
        .br
        .B specrun gherkin|report|init|completions
        ...
        .SH OPTIONS

        """
        for option in OptionTable.run {
            let names = [option.short, option.long].compactMap { $0 }.map { "\\fB\($0.replacingOccurrences(of: "-", with: "\\-"))\\fR" }
            page += ".TP\n" + names.joined(separator: ", ") + (option.value.map { " \\fI\($0)\\fR" } ?? "") + "\n"
            page += option.help.replacingOccurrences(of: "-", with: "\\-") + "\n"
        }
        page += """
        .SH EXIT STATUS
        0 passed; 1 a scenario failed; 2 bad arguments or configuration; 3 a feature file could not be parsed;
        4 nothing was selected; 130/143 interrupted.

        """
        return page
    }

    private static func identifier(_ program: String) -> String {
        String(program.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}
