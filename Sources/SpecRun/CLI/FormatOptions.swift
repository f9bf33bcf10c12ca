import Foundation
import SpecRunCore
import SpecRunEditor
import SpecRunReportCore
import SpecRunReports

/// `--format-options JSON` (as cucumber-js): per-format options, merged when given several times.
///
///     --format-options '{"html": {"title": "Release 4.2"}, "junit": {"suiteName": "acceptance", "className": "specs"}}'
struct FormatOptions: Equatable {
    var htmlTitle: String?
    /// `status.report`: the report the status card links into.
    var statusReport: String?
    var junitSuiteName: String?
    var junitClassName: String?
    var showLocations: Bool?
    var colors: Bool?
    var snippetInterface: RunConfiguration.SnippetInterface?
    /// `snippets.library`: false leaves out the step library of the undefined steps at the end of a run.
    var snippetsLibrary: Bool?
    /// The options of the formats the spec executable registered, by format name (each value as text).
    var custom: [String: [String: String]] = [:]

    static let keys = [
        "html.title", "junit.suiteName", "junit.className", "console.showLocations", "console.colors",
        "snippets.interface", "snippets.library", "status.report",
    ]

    /// Reads one `--format-options` value into these options; unknown keys and wrong types are usage errors
    /// that name the key (with a suggestion).
    mutating func merge(json text: String) throws {
        guard let data = text.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else {
            throw UsageError(
                message: "--format-options: expected a JSON object such as '{\"html\": {\"title\": \"Release 4.2\"}}', got '\(text)'")
        }
        for (format, value) in object {
            guard let fields = value as? [String: Any] else {
                throw Self.unknown(format, hint: format)
            }
            if CustomFormats.named(format) != nil {
                for (field, value) in fields { custom[format, default: [:]][field] = Self.text(value) }
                continue
            }
            for (field, value) in fields {
                let key = "\(format).\(field)"
                switch key {
                case "html.title": htmlTitle = try Self.string(value, key)
                case "status.report":
                    let link = try Self.string(value, key)
                    guard Self.isReportLink(link) else {
                        throw UsageError(
                            message: "--format-options: status.report: expected a relative path or an http(s) address, got '\(link)'")
                    }
                    statusReport = link
                case "junit.suiteName": junitSuiteName = try Self.string(value, key)
                case "junit.className": junitClassName = try Self.string(value, key)
                case "console.showLocations":
                    guard let flag = value as? Bool else { throw Self.wrongType(key, "true or false") }
                    showLocations = flag
                case "console.colors":
                    guard let flag = value as? Bool else { throw Self.wrongType(key, "true or false") }
                    colors = flag
                case "snippets.library":
                    guard let flag = value as? Bool else { throw Self.wrongType(key, "true or false") }
                    snippetsLibrary = flag
                case "snippets.interface":
                    guard let text = value as? String, let interface = RunConfiguration.SnippetInterface(rawValue: text) else {
                        throw Self.wrongType(key, "\"synchronous\" or \"async-await\"")
                    }
                    snippetInterface = interface
                default: throw Self.unknown(key, hint: key)
                }
            }
        }
    }

    /// A value of a registered format's options as text: a string as it is, anything else as its JSON.
    static func text(_ value: Any) -> String {
        if let string = value as? String { return string }
        if let number = value as? NSNumber, String(cString: number.objCType) == "c" { return number.boolValue ? "true" : "false" }
        guard JSONSerialization.isValidJSONObject([value]),
            let data = try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys, .withoutEscapingSlashes])
        else { return "\(value)" }
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }

    func apply(to options: inout ReportOptions) {
        if let htmlTitle { options.htmlTitle = htmlTitle }
        if let statusReport { options.statusReport = statusReport }
        if let junitSuiteName { options.junitSuiteName = junitSuiteName }
        if let junitClassName { options.junitClassName = junitClassName }
        if let showLocations { options.showLocations = showLocations }
    }

    /// A relative path (no scheme) or an http(s) address: what the status card may link to.
    static func isReportLink(_ link: String) -> Bool {
        let lower = link.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return true }
        guard !link.isEmpty, !link.hasPrefix("//"), !link.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 32 } == true })
        else { return false }
        let schemeEnd = link.firstIndex { $0 == ":" || $0 == "/" || $0 == "?" || $0 == "#" }
        return schemeEnd.map { link[$0] != ":" } ?? true
    }

    private static func string(_ value: Any, _ key: String) throws -> String {
        guard let text = value as? String else { throw wrongType(key, "a string") }
        return text
    }

    private static func wrongType(_ key: String, _ expected: String) -> UsageError {
        UsageError(message: "--format-options: \(key) must be \(expected)")
    }

    private static func unknown(_ key: String, hint: String) -> UsageError {
        let suggestion = Suggestions.closest(to: hint, among: keys).map { " (did you mean '\($0)'?)" } ?? ""
        return UsageError(message: "--format-options: unknown option '\(key)'\(suggestion); known: \(keys.joined(separator: ", "))")
    }
}
