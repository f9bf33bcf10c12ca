import Foundation
import Messages
import SpecRunReportCore

/// `--format usage-json[:FILE]`, the shape of cucumber-js's: an array of step definitions, slowest first then the
/// unused ones, each with its pattern, pattern type, `uri` and `line`, its mean duration, and every step it matched
/// (text, `uri`, `line`, duration) — what a dashboard or a script needs to find slow or unused definitions.
struct UsageJSONWriter {
    let index: RunIndex

    func document() -> String {
        let usages = UsageWriter(index: index, style: ConsoleStyle(colors: false)).usages()
        let ordered = usages.filter { $0.matches > 0 }.sorted { $0.mean > $1.mean } + usages.filter { $0.matches == 0 }
        let entries: [[String: Any]] = ordered.map { usage in
            var entry: [String: Any] = [
                "pattern": usage.definition.pattern.source,
                "patternType": usage.definition.pattern.type.rawValue,
                "matches": usage.steps.map { step -> [String: Any] in
                    var match: [String: Any] = ["text": step.text, "uri": step.uri]
                    if let line = step.line { match["line"] = line }
                    if let duration = step.duration { match["duration"] = Self.duration(duration) }
                    return match
                },
            ]
            if let uri = usage.definition.sourceReference.uri { entry["uri"] = Self.relative(usage.location, uri) }
            if let line = usage.definition.sourceReference.location?.line { entry["line"] = line }
            if !usage.durations.isEmpty { entry["meanDuration"] = Self.duration(usage.mean) }
            return entry
        }
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: entries, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return "[]\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// `{"seconds": 0, "nanos": 123000000}`, as the messages write a duration.
    static func duration(_ nanos: Int64) -> [String: Any] {
        ["seconds": nanos / 1_000_000_000, "nanos": nanos % 1_000_000_000]
    }

    /// The uri as the text report shows it (relative to the project when the stream holds an absolute path).
    private static func relative(_ location: String, _ uri: String) -> String {
        guard let colon = location.lastIndex(of: ":"), location[location.index(after: colon)...].allSatisfy(\.isNumber) else {
            return location.isEmpty ? uri : location
        }
        return String(location[..<colon])
    }
}
