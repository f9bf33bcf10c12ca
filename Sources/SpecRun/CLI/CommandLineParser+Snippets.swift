import SpecRunCore

extension CommandLineParser {
    /// `specrun snippets [PATH…] [--output FILE] [--name NAME] [--world TYPE] [--tags EXPR]`.
    static func snippets(_ arguments: [String]) throws -> Command {
        var options = SnippetsOptions()
        var reader = ArgumentReader(arguments[...])
        while let argument = reader.next() {
            switch argument {
            case "-h", "--help": return .help(topic: "snippets")
            case "-t", "--tags": options.tags = try reader.value(for: argument)
            case "-o", "--output": options.output = try reader.value(for: argument)
            case "--name": options.name = try typeName(reader.value(for: argument), option: argument)
            case "--world": options.world = try typeName(reader.value(for: argument), option: argument)
            default:
                if argument.hasPrefix("-") && argument != "-" {
                    throw unknownOption(argument, known: ["--output", "--name", "--world", "--tags", "--help"])
                }
                options.paths.append(argument)
            }
        }
        return .snippets(options)
    }

    private static func typeName(_ value: String, option: String) throws -> String {
        guard let first = value.unicodeScalars.first, first == "_" || first.properties.isAlphabetic,
            value.unicodeScalars.allSatisfy({ $0 == "_" || $0 == "." || $0.properties.isAlphabetic || $0.properties.numericType != nil })
        else {
            throw UsageError(message: "specrun snippets \(option): a Swift type name, e.g. \(option) MySteps, got '\(value)'")
        }
        // (Each part of a qualified name is a name of its own: `Shop.struct` is no type either.)
        if let keyword = value.split(separator: ".", omittingEmptySubsequences: false).first(where: { swiftKeywords.contains(String($0)) })
        {
            throw UsageError(
                message: "specrun snippets \(option): '\(keyword)' is a Swift keyword, not a type name; give another, "
                    + "e.g. \(option) MySteps")
        }
        return value
    }

    /// The keywords a type name cannot be without backticks (declarations, statements, expressions, types).
    private static let swiftKeywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch",
        "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super",
        "throws", "true", "try", "_",
    ]
}
