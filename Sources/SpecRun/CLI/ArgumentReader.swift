import Foundation
import Gherkin
import SpecRunEditor
import SpecRunReportCore
import SpecRunReports
import SpecRunWorkers

/// Reads options and their values; accepts both `--tags X` and `--tags=X`.
struct ArgumentReader {
    private var arguments: ArraySlice<String>
    private var pendingValue: String?

    init(_ arguments: ArraySlice<String>) { self.arguments = arguments }

    mutating func next() -> String? {
        guard let argument = arguments.popFirst() else { return nil }
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            pendingValue = String(argument[argument.index(after: equals)...])
            return String(argument[..<equals])
        }
        return argument
    }

    /// The next argument as it is (after `--`: no more options).
    mutating func rest() -> String? { arguments.popFirst() }

    mutating func value(for option: String) throws -> String {
        if let value = pendingValue { pendingValue = nil; return value }
        guard let value = arguments.popFirst() else {
            throw UsageError(message: "\(option) needs a value, e.g. \(option) \(Self.example(for: option))")
        }
        return value
    }

    private static func example(for option: String) -> String {
        switch option {
        case "-t", "--tags": return "'@smoke and not @slow'"
        case "-n", "--name": return "'^Login'"
        case "-f", "--format": return "html:reports/index.html"
        case "--order": return "random:42"
        case "-j", "--parallel": return "4"
        case "--shard": return "1/3"
        case "--timeout": return "30"
        case "--tag-timeout": return "'@slow=30s'"
        case "--memory-limit": return "512M"
        default: return "VALUE"
        }
    }
}
