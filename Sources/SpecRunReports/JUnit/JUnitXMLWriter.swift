import Foundation
import Messages

/// JUnit XML exactly as cucumber/junit-xml-formatter writes it: one `<testsuite>`, one `<testcase>` per pickle
/// (the last attempt of a retried one), the pickle steps and their statuses in `<system-out>`.
struct JUnitXMLWriter {
    let index: RunIndex
    let options: ReportOptions

    func document() -> String {
        let attempts = index.finalAttempts()
        // A test case without step results counts as passed, as in Cucumber's formatter; any other status
        // than PASSED and SKIPPED (UNKNOWN included) is a failure.
        let statuses = attempts.map { index.worstResult(of: $0)?.status ?? .passed }
        let skipped = statuses.filter { $0 == .skipped }.count
        let failures = statuses.filter { $0 != .passed && $0 != .skipped }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuite name=\"\(XML.attribute(options.junitSuiteName))\" time=\"\(Self.seconds(index.runDuration))\""
        out += " tests=\"\(attempts.count)\" skipped=\"\(skipped)\" failures=\"\(failures)\" errors=\"0\""
        if let start = index.runStart { out += " timestamp=\"\(Self.isoSeconds(start))\"" }
        out += ">\n"
        for attempt in attempts { out += testcase(attempt) }
        out += "</testsuite>\n"
        return out
    }

    private func testcase(_ attempt: RunIndex.Attempt) -> String {
        let pickle = index.pickle(of: attempt)
        let lineage = pickle.flatMap { index.lineage(of: $0) }
        let className = options.junitClassName ?? lineage?.feature.name ?? pickle?.uri ?? ""
        var out = "<testcase classname=\"\(XML.attribute(className))\" name=\"\(XML.attribute(name(pickle, lineage)))\""
        out += " time=\"\(Self.seconds(index.duration(of: attempt)))\">\n"
        out += nonPassed(attempt)
        out += systemOut(attempt)
        out += "</testcase>\n"
        return out
    }

    private func nonPassed(_ attempt: RunIndex.Attempt) -> String {
        guard let result = index.worstResult(of: attempt), result.status != .passed else { return "" }
        let isSkipped = result.status == .skipped
        let element = isSkipped ? "skipped" : "failure"
        var attributes = ""
        if !isSkipped, let exception = result.exception {
            attributes += " type=\"\(XML.attribute(exception.type))\""
            if let message = exception.message { attributes += " message=\"\(XML.attribute(message))\"" }
        }
        guard let body = result.exception?.stackTrace ?? result.message else { return "<\(element)\(attributes)/>\n" }
        return "<\(element)\(attributes)>\n\(XML.cdata(body))\n</\(element)>\n"
    }

    private func systemOut(_ attempt: RunIndex.Attempt) -> String {
        var lines: [String] = []
        for (step, finished) in index.results(of: attempt) {
            guard let text = index.text(of: step) else { continue }
            lines.append(Self.padded(text.keyword + text.text, finished.testStepResult.status.lowercased))
        }
        guard !lines.isEmpty else { return "" }
        return "<system-out>" + XML.cdata("\n" + lines.joined(separator: "\n") + "\n") + "</system-out>\n"
    }

    /// `Given a step......passed`: the text padded with dots to column 76, with at least two dots.
    static func padded(_ text: String, _ status: String) -> String {
        let dots = max(76 - text.count, 2)
        return text + String(repeating: ".", count: dots) + status
    }

    func name(_ pickle: Pickle?, _ lineage: Lineage?) -> String {
        guard let pickle else { return "" }
        guard let lineage, let scenario = lineage.scenario else { return pickle.name }
        if options.junitNaming == .short { return pickle.name }
        var parts: [String] = []
        if options.junitNaming == .longWithFeature { parts.append(lineage.feature.name) }
        if let rule = lineage.rule { parts.append(rule.name) }
        parts.append(scenario.name)
        if let examples = lineage.examples, let examplesIndex = lineage.examplesIndex, let rowIndex = lineage.rowIndex {
            parts.append(examples.name)
            var number = "#\(examplesIndex + 1).\(rowIndex + 1)"
            // "Parameterized": the outline's name has placeholders, so its pickles' names differ from it.
            if pickle.name != scenario.name { number += ": \(pickle.name)" }
            parts.append(number)
        }
        return parts.filter { !$0.isEmpty }.joined(separator: " - ")
    }

    /// Seconds as Java's `Double.toString(millis / 1000.0)` writes them: `0.005`, `0.01`, `1.0`.
    static func seconds(_ nanos: Int64) -> String {
        let millis = nanos / 1_000_000
        return "\(Double(millis) / 1000.0)"
    }

    /// ISO-8601 UTC without a fraction: `1970-01-01T00:00:00Z`.
    static func isoSeconds(_ timestamp: Timestamp) -> String {
        ISOTime.string(seconds: Int64(timestamp.seconds), millis: nil)
    }
}
