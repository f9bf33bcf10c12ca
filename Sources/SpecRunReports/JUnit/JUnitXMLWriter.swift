import Foundation
import Messages

/// JUnit XML exactly as cucumber/junit-xml-formatter writes it: one `<testsuite>`, one `<testcase>` per pickle
/// (the last attempt of a retried one), the pickle steps and their statuses in `<system-out>`.
struct JUnitXMLWriter {
    let index: RunIndex
    let options: ReportOptions

    /// Writes the report, one test case at a time.
    func write(to output: DocumentOutput) {
        let attempts = index.reportedAttempts(mergedRuns: options.mergedRuns)
        // A test case without step results counts as passed, as in Cucumber's formatter; any other status
        // than PASSED and SKIPPED (UNKNOWN included) is a failure.
        var skipped = 0, failures = 0
        for attempt in attempts {
            let status = index.worstResult(of: attempt)?.status ?? .passed
            if status == .skipped { skipped += 1 } else if status != .passed { failures += 1 }
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuite name=\"\(XML.attribute(options.junitSuiteName))\" time=\"\(Self.seconds(index.runDuration))\""
        // An unparsable feature file is an error test case, so a dashboard reading JUnit never shows green while
        // specrun exits 3 (Cucumber's formatter leaves parse errors out).
        let parseErrors = index.parseErrors
        out += " tests=\"\(attempts.count + parseErrors.count)\" skipped=\"\(skipped)\" failures=\"\(failures)\""
        out += " errors=\"\(parseErrors.count)\""
        if let start = index.runStart { out += " timestamp=\"\(Self.isoSeconds(start))\"" }
        out += ">\n"
        output.write(out)
        for attempt in attempts {
            testcase(attempt, into: &output.bytes)
            output.flushIfFull()
        }
        for error in parseErrors {
            parseErrorCase(error, into: &output.bytes)
            output.flushIfFull()
        }
        output.write("</testsuite>\n")
    }

    private func parseErrorCase(_ error: ParseError, into out: inout [UInt8]) {
        let uri = error.source.uri ?? "?"
        out.append(contentsOf: "<testcase classname=\"".utf8)
        XML.appendAttribute(uri, to: &out)
        out.append(contentsOf: "\" name=\"".utf8)
        XML.appendAttribute("Parse error at \(error.locationText)", to: &out)
        out.append(contentsOf: "\" time=\"0\">\n<error type=\"ParseError\" message=\"".utf8)
        XML.appendAttribute(error.messageWithoutLocation, to: &out)
        out.append(contentsOf: "\">\n".utf8)
        XML.appendCData("\(error.locationText): \(error.messageWithoutLocation)", to: &out)
        out.append(contentsOf: "\n</error>\n</testcase>\n".utf8)
    }

    private func testcase(_ attempt: RunIndex.Attempt, into out: inout [UInt8]) {
        let pickle = index.pickle(of: attempt)
        let lineage = pickle.flatMap { index.lineage(of: $0) }
        let className = options.junitClassName ?? lineage?.feature.name ?? pickle?.uri ?? ""
        out.append(contentsOf: "<testcase classname=\"".utf8)
        XML.appendAttribute(className, to: &out)
        out.append(contentsOf: "\" name=\"".utf8)
        XML.appendAttribute(name(pickle, lineage), to: &out)
        out.append(contentsOf: "\" time=\"\(Self.seconds(index.duration(of: attempt)))\">\n".utf8)
        nonPassed(attempt, into: &out)
        systemOut(attempt, pickle, into: &out)
        out.append(contentsOf: "</testcase>\n".utf8)
    }

    private func nonPassed(_ attempt: RunIndex.Attempt, into out: inout [UInt8]) {
        guard let result = index.worstResult(of: attempt), result.status != .passed else { return }
        let isSkipped = result.status == .skipped
        let element = isSkipped ? "skipped" : "failure"
        out.append(contentsOf: "<\(element)".utf8)
        if !isSkipped, let exception = result.exception {
            out.append(contentsOf: " type=\"".utf8)
            XML.appendAttribute(exception.type, to: &out)
            out.append(UInt8(ascii: "\""))
            if let message = exception.message {
                out.append(contentsOf: " message=\"".utf8)
                XML.appendAttribute(message, to: &out)
                out.append(UInt8(ascii: "\""))
            }
        }
        guard let body = result.exception?.stackTrace ?? result.message else {
            out.append(contentsOf: "/>\n".utf8)
            return
        }
        out.append(contentsOf: ">\n".utf8)
        XML.appendCData(body, to: &out)
        out.append(contentsOf: "\n</\(element)>\n".utf8)
    }

    private func systemOut(_ attempt: RunIndex.Attempt, _ pickle: Pickle?, into out: inout [UInt8]) {
        // Straight into the output, piece by piece (this runs for every step of the run): no piece boundary can
        // split a `]]>`, so escaping each piece escapes the whole.
        var opened = false
        for (step, finished) in index.results(of: attempt) {
            guard let stepText = pickle.flatMap({ index.text(of: step, in: $0) }) ?? index.text(of: step) else { continue }
            if !opened {
                out.append(contentsOf: "<system-out><![CDATA[".utf8)
                opened = true
            }
            out.append(UInt8(ascii: "\n"))
            XML.appendCDataContent(stepText.keyword, to: &out)
            XML.appendCDataContent(stepText.text, to: &out)
            let width = Self.isASCII(stepText.keyword) && Self.isASCII(stepText.text)
                ? stepText.width : ConsoleText.width(stepText.keyword + stepText.text)
            Self.appendDots(after: width, to: &out)
            out.append(contentsOf: finished.testStepResult.status.lowercased.utf8)
        }
        if opened { out.append(contentsOf: "\n]]></system-out>\n".utf8) }
    }

    private static let dots = [UInt8](repeating: UInt8(ascii: "."), count: 128)

    private static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }

    /// `Given a step......passed`: the text padded with dots to column 76, with at least two dots.
    static func padded(_ text: String, _ status: String) -> String {
        var dots: [UInt8] = []
        appendDots(after: ConsoleText.width(text), to: &dots)
        return text + String(decoding: dots, as: UTF8.self) + status
    }

    /// The dots after a step text `width` characters wide: up to column 76, two at least.
    static func appendDots(after width: Int, to out: inout [UInt8]) {
        var count = max(76 - width, 2)
        while count > 0 {
            let piece = min(count, dots.count)
            out.append(contentsOf: dots[..<piece])
            count -= piece
        }
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
