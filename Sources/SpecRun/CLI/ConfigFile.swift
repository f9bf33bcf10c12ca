import Foundation
import SpecRunEditor

/// `specrun.json`: named profiles of run options, read with Foundation. `--profile NAME` (repeatable) picks
/// profiles, merged in order; without it the `default` profile applies when there is one. A profile becomes
/// command-line arguments put before the user's, so the command line wins: a later `--order` replaces the
/// profile's, formats and tags add up, and paths given on the command line replace the profile's.
///
///     { "default": { "paths": ["Features"], "format": ["html:reports/index.html", "junit:reports/junit.xml"] },
///       "ci":      { "parallel": "auto", "timeout": 30, "retry": 1, "formatOptions": { "junit": { "suiteName": "ci" } } } }
struct ConfigFile {
    static let defaultName = "specrun.json"
    static let keys = [
        "paths", "tags", "name", "format", "formatOptions", "order", "retry", "strict", "parallel", "history",
        "timeout", "timeouts", "failFast", "dryRun", "color", "isolation", "serialTags", "worldParameters", "requirements",
        "memoryLimit", "retryTagFilter", "wip",
    ]

    let path: String
    let text: String

    /// The arguments of these profiles (or of `default`), for a command line that has these arguments.
    func arguments(profiles requested: [String], userArguments: [String]) throws -> [String] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        } catch {
            throw UsageError(message: syntaxMessage(error))
        }
        guard let root = object as? [String: Any] else {
            throw UsageError(
                message: "\(path):1: not a JSON object of profiles; e.g. {\"default\": {\"format\": [\"html:reports/index.html\"]}}")
        }
        let names = requested.isEmpty ? (root["default"] == nil ? [] : ["default"]) : requested
        var arguments: [String] = []
        let userHasPaths = Self.hasPaths(userArguments)
        let userHasStdoutFormat = Self.hasStdoutFormat(userArguments)
        for name in names {
            guard let value = root[name], !name.hasPrefix("$") else {
                let hint = Suggestions.closest(to: name, among: Self.profileNames(root)).map { " (did you mean '\($0)'?)" } ?? ""
                throw UsageError(
                    message: "\(path): no profile '\(name)'\(hint); profiles: \(Self.profileNames(root).joined(separator: ", "))")
            }
            guard let profile = value as? [String: Any] else {
                throw error(at: name, "profile '\(name)' must be an object of options")
            }
            for key in profile.keys.sorted() {
                arguments += try self.arguments(
                    key, profile[key]!, profile: name,
                    skipPaths: userHasPaths, skipStdoutFormats: userHasStdoutFormat)
            }
        }
        return arguments
    }

    private func arguments(_ key: String, _ value: Any, profile: String, skipPaths: Bool, skipStdoutFormats: Bool) throws -> [String] {
        func strings() throws -> [String] {
            if let one = value as? String { return [one] }
            if let many = value as? [String] { return many }
            throw error(at: key, "'\(key)' in profile '\(profile)' must be a string or a list of strings")
        }
        func flag(_ on: String, _ off: String?) throws -> [String] {
            guard let bool = value as? Bool else {
                throw error(at: key, "'\(key)' in profile '\(profile)' must be true or false")
            }
            return bool ? [on] : off.map { [$0] } ?? []
        }
        func number() throws -> String {
            // JSON's true and false come as NSNumbers too: not a number here (specrun.schema.json says so).
            let isBool = (value as? NSNumber).map { String(cString: $0.objCType) == "c" } ?? false
            if isBool {
                throw error(at: key, "'\(key)' in profile '\(profile)' must be a number" + (key == "parallel" ? " or \"auto\"" : ""))
            }
            if let int = value as? Int { return String(int) }
            if let double = value as? Double { return String(double) }
            if key == "parallel", let text = value as? String, text == "auto" { return text }
            throw error(at: key, "'\(key)' in profile '\(profile)' must be a number" + (key == "parallel" ? " or \"auto\"" : ""))
        }
        switch key {
        case "paths": return skipPaths ? [] : try strings()
        case "tags": return try strings().flatMap { ["--tags", $0] }
        case "name": return try strings().flatMap { ["--name", $0] }
        case "format":
            return try strings().filter { !(skipStdoutFormats && !$0.contains(":")) }.flatMap { ["--format", $0] }
        case "worldParameters":
            guard let object = value as? [String: Any], let data = try? JSONSerialization.data(withJSONObject: object) else {
                throw error(
                    at: key, "'worldParameters' in profile '\(profile)' must be an object, e.g. {\"baseURL\": \"http://localhost:8080\"}")
            }
            return ["--world-parameters", String(decoding: data, as: UTF8.self)]
        case "formatOptions":
            guard let object = value as? [String: Any], let data = try? JSONSerialization.data(withJSONObject: object) else {
                throw error(at: key, "'formatOptions' in profile '\(profile)' must be an object, e.g. {\"html\": {\"title\": \"…\"}}")
            }
            return ["--format-options", String(decoding: data, as: UTF8.self)]
        case "order", "serialTags", "requirements", "retryTagFilter", "history":
            guard let text = value as? String else { throw error(at: key, "'\(key)' in profile '\(profile)' must be a string") }
            return [
                [
                    "order": "--order", "serialTags": "--serial-tags", "retryTagFilter": "--retry-tag-filter",
                    "history": "--history",
                ][key] ?? "--requirements", text,
            ]
        case "retry": return ["--retry", try number()]
        case "parallel": return ["--parallel", try number()]
        case "timeout": return ["--timeout", try number()]
        case "timeouts":
            // {"@slow": "30s", "@db and not @fast": 120}: one --tag-timeout each, in a stable order.
            guard let object = value as? [String: Any] else {
                throw error(
                    at: key,
                    "'timeouts' in profile '\(profile)' must be an object of tag expressions and durations, e.g. {\"@slow\": \"30s\"}")
            }
            return try object.keys.sorted().flatMap { expression -> [String] in
                let duration: String
                if let text = object[expression] as? String, TimeoutText.seconds(text) != nil {
                    duration = text
                } else if let number = object[expression] as? Double, TimeoutText.seconds(String(number)) != nil {
                    duration = String(number)
                } else {
                    throw error(
                        at: expression,
                        "'timeouts' in profile '\(profile)': '\(expression)' must be a duration such as \"30s\", \"500ms\", \"2m\" or a number of seconds"
                    )
                }
                return ["--tag-timeout", "\(expression)=\(duration)"]
            }
        case "memoryLimit":
            guard let text = value as? String else {
                throw error(at: key, "'memoryLimit' in profile '\(profile)' must be a size such as \"512M\"")
            }
            return ["--memory-limit", text]
        case "strict": return try flag("--strict", "--no-strict")
        case "failFast": return try flag("--fail-fast", nil)
        case "wip": return try flag("--wip", nil)
        case "dryRun": return try flag("--dry-run", nil)
        case "color": return try flag("--color", "--no-color")
        case "isolation": return try flag("", "--no-isolation").filter { !$0.isEmpty }
        default:
            let hint = Suggestions.closest(to: key, among: Self.keys).map { " (did you mean '\($0)'?)" } ?? ""
            throw error(at: key, "unknown option '\(key)' in profile '\(profile)'\(hint)")
        }
    }

    /// The profiles of the file: every top-level key but `$schema` (specrun.schema.json, for editors).
    static func profileNames(_ root: [String: Any]) -> [String] {
        root.keys.filter { !$0.hasPrefix("$") }.sorted()
    }

    /// `specrun.json:LINE: …`, LINE being where the key first appears.
    private func error(at key: String, _ message: String) -> UsageError {
        var line = 1
        if let range = text.range(of: "\"\(key)\"") { line = text[..<range.lowerBound].filter { $0 == "\n" }.count + 1 }
        return UsageError(message: "\(path):\(line): \(message)")
    }

    private static let valued: Set<String> = [
        "-t", "--tags", "-n", "--name", "-f", "--format", "--order", "--retry",
        "-j", "--parallel", "--timeout", "--tag-timeout", "--shard", "--shard-timings",
        "--serial-tags", "--format-options", "--profile", "--config", "--requirements",
        "--memory-limit", "--retry-tag-filter", "--history",
    ]

    static func hasPaths(_ arguments: [String]) -> Bool {
        var skipNext = false
        for argument in arguments {
            if skipNext { skipNext = false; continue }
            if argument == "--" { return true }
            if valued.contains(argument) { skipNext = true; continue }
            if !argument.hasPrefix("-") || argument == "-" { return true }
        }
        return false
    }

    static func hasStdoutFormat(_ arguments: [String]) -> Bool {
        zip(arguments, arguments.dropFirst()).contains { ($0 == "-f" || $0 == "--format") && !$1.contains(":") }
            || arguments.contains { $0.hasPrefix("--format=") && !$0.dropFirst("--format=".count).contains(":") }
    }
}

extension ConfigFile {
    /// Takes `--profile NAME` and `--config FILE` out of a run's arguments and puts the profiles' arguments
    /// before the rest. `read` gives a file's text (nil: absent); without `--config`, `specrun.json` in the
    /// current folder is read when it exists.
    static func expand(_ arguments: [String], read: (String) -> String?) throws -> [String] {
        if let first = arguments.first,
            [
                "gherkin", "report", "import", "init", "completions", "man", "check", "snippets", "fmt", "lsp", "help", "--worker",
                "--version", "-h",
                "--help",
            ].contains(first)
        {
            return arguments
        }
        var rest: [String] = []
        var profiles: [String] = []
        var configPath: String?
        var iterator = arguments.makeIterator()
        var afterDashes = false
        while let argument = iterator.next() {
            if afterDashes { rest.append(argument); continue }
            switch argument {
            case "--": afterDashes = true; rest.append(argument)
            case "--profile", "-p":
                guard let name = iterator.next() else { throw UsageError(message: "\(argument) needs a profile name, e.g. --profile ci") }
                profiles.append(name)
            case "--config":
                guard let path = iterator.next() else { throw UsageError(message: "--config needs a file, e.g. --config specrun.json") }
                configPath = path
            default:
                if argument.hasPrefix("--profile=") {
                    profiles.append(String(argument.dropFirst("--profile=".count)))
                } else if argument.hasPrefix("--config=") {
                    configPath = String(argument.dropFirst("--config=".count))
                } else {
                    rest.append(argument)
                }
            }
        }
        let path = configPath ?? defaultName
        guard let text = read(path) else {
            if configPath != nil { throw UsageError(message: "--config: cannot read \(path)") }
            if !profiles.isEmpty { throw UsageError(message: "--profile: there is no \(defaultName) here (or give --config FILE)") }
            return rest
        }
        let config = ConfigFile(path: path, text: text)
        // `specrun run …`, `specrun watch …`: the subcommand stays first.
        let subcommand = rest.first == "run" || rest.first == "watch" ? [rest.removeFirst()] : []
        return subcommand + (try config.arguments(profiles: profiles, userArguments: rest)) + rest
    }
}
