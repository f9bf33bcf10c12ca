import Foundation

/// A configuration problem found before anything runs. `description` is one line for humans.
public enum SpecRunError: Error, Equatable, CustomStringConvertible {
    case badTagExpression(expression: String, reason: String)
    case badNameRegex(pattern: String, reason: String)
    case badStepPattern(pattern: String, location: String, reason: String)
    case unknownParameterType(name: String, pattern: String, location: String)
    case badParameterType(name: String, location: String, reason: String)
    case missingPath(String)
    case badLineSelector(String)
    /// `PATH:LINE` whose PATH is a folder: the entry as given.
    case lineInFolder(String)
    case badRerunFile(path: String, reason: String)
    case notAFeatureFile(path: String, hasGherkin: Bool)

    public var description: String {
        singleLine(message)
    }

    private var message: String {
        switch self {
        case .badTagExpression(let expression, let reason):
            return "bad tag expression '\(expression)': \(reason)"
        case .badNameRegex(let pattern, let reason):
            return "bad --name regular expression '\(pattern)': \(reason)"
        case .badStepPattern(let pattern, let location, let reason):
            return "\(location): bad step pattern '\(pattern)': \(reason)"
        case .unknownParameterType(let name, let pattern, let location):
            return
                "\(location): undefined parameter type {\(name)} in '\(pattern)'; register it with steps.parameterType(name: \"\(name)\", regex: …)"
        case .badParameterType(let name, let location, let reason):
            return "\(location): bad parameter type {\(name)}: \(reason)"
        case .missingPath(let path):
            return "no such file or folder: \(path)"
        case .badLineSelector(let entry):
            return "bad line selector '\(entry)': expected PATH:LINE[:LINE…] with whole numbers from 1"
        case .lineInFolder(let entry):
            return "'\(entry)': a line selects in a feature file, not in a folder (give FILE.feature:LINE, or the folder alone)"
        case .badRerunFile(let path, let reason):
            return "cannot read rerun file \(path): \(reason)"
        case .notAFeatureFile(let path, let hasGherkin):
            if hasGherkin {
                return "\(path): Markdown with Gherkin must be named *.feature.md; rename it and run it again"
            }
            return "\(path): a Markdown document with neither Gherkin nor Given/When/Then criteria in it, so nothing to run "
                + "(specrun runs .feature files, Markdown with Gherkin named *.feature.md, and story documents' Given/When/Then blocks)"
        }
    }
}

/// Multi-line reasons (a Cucumber Expression error shows the expression and a caret under the column)
/// folded into one line: the caret and echo lines dropped, the rest joined.
func singleLine(_ text: String) -> String {
    let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    guard lines.count > 1 else { return text }
    var kept: [String] = []
    for (index, line) in lines.enumerated() where !line.isEmpty {
        if line.allSatisfy({ $0 == "^" || $0 == "-" || $0 == " " }) { continue }
        if index + 1 < lines.count, lines[index + 1].allSatisfy({ $0 == "^" || $0 == "-" || $0 == " " }),
            !lines[index + 1].isEmpty
        {
            continue
        }
        kept.append(line)
    }
    return kept.joined(separator: " ")
}
