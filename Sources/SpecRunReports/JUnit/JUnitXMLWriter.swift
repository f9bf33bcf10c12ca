import Foundation
import Messages
import SpecRunReportCore

/// JUnit XML exactly as cucumber/junit-xml-formatter writes it: one `<testsuite>`, one `<testcase>` per pickle
/// (the last attempt of a retried one), the pickle steps and their statuses in `<system-out>`.
struct JUnitXMLWriter {
    let index: RunIndex
    let options: ReportOptions
    /// The `uri:line` of the scenarios failing now that did not fail in the previous run (`--history`).
    var newFailures: Set<String> = []

    /// Writes the report, one test case at a time.
    func write(to output: DocumentOutput) {
        let attempts = index.reportedAttempts(mergedRuns: options.mergedRuns)
        // A test case without step results counts as passed, as in Cucumber's formatter; any other status
        // than PASSED and SKIPPED (UNKNOWN included: one that never finished) is a failure.
        var skipped = 0, failures = 0
        for attempt in attempts {
            let status = index.outcomeStatus(of: attempt)
            if status == .skipped { skipped += 1 } else if status != .passed { failures += 1 }
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuite name=\"\(XML.attribute(options.junitSuiteName))\" time=\"\(Self.seconds(index.runDuration))\""
        // An unparsable feature file is an error test case, so a dashboard reading JUnit never shows green while
        // specrun exits 3 (Cucumber's formatter leaves parse errors out).
        let parseErrors = index.parseErrors
        // So are a failing BeforeAll/AfterAll, a run that did not finish and a stream in doubt: run-level error
        // test cases, never `tests="0" failures="0"` for a run that exited 1.
        let runErrors = runLevelErrors(failedAttempts: failures)
        let errors = parseErrors.count + runErrors.count
        out += " tests=\"\(attempts.count + errors)\" skipped=\"\(skipped)\" failures=\"\(failures)\""
        out += " errors=\"\(errors)\""
        if let start = index.runStart { out += " timestamp=\"\(Self.isoSeconds(start))\"" }
        out += ">\n"
        output.write(out)
        testcases(attempts, to: output)
        for error in parseErrors {
            parseErrorCase(error, into: &output.bytes)
            output.flushIfFull()
        }
        for error in runErrors {
            runErrorCase(error, into: &output.bytes)
            output.flushIfFull()
        }
        output.write("</testsuite>\n")
    }

    /// The test cases, in order: runs of them rendered on several threads when there are many (they only read the
    /// index, which no longer changes), written in order with at most a few runs ahead of the output.
    private func testcases(
        _ attempts: [RunIndex.Attempt], to output: DocumentOutput,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
        let runLength = 256
        let runs = (attempts.count + runLength - 1) / runLength
        guard threads > 1, runs > 1 else {
            for attempt in attempts {
                testcase(attempt, into: &output.bytes)
                output.flushIfFull()
            }
            return
        }
        let inputs = UncheckedSendable((writer: self, attempts: attempts))
        let rendered = OrderedParallelMap(count: runs, window: 4 * threads, workers: threads) { number in
            let (writer, attempts) = inputs.value
            var bytes: [UInt8] = []
            bytes.reserveCapacity(256 * 1024)
            for attempt in attempts[number * runLength..<min(attempts.count, (number + 1) * runLength)] {
                writer.testcase(attempt, into: &bytes)
            }
            return bytes
        }
        for number in 0..<runs { output.write(utf8: rendered.take(number)) }
    }

    private func parseErrorCase(_ error: ParseError, into out: inout [UInt8]) {
        let uri = error.source.uri ?? "?"
        out.append(contentsOf: "<testcase classname=\"".utf8)
        XML.appendAttribute(uri, to: &out)
        out.append(contentsOf: "\" name=\"".utf8)
        XML.appendAttribute("Parse error at \(error.locationText)", to: &out)
        out.append(contentsOf: "\" time=\"0\">\n<error type=\"ParseError\" message=\"".utf8)
        // As the console says it (file:line:column, what was expected, the hint), not in the parser's tokens.
        let line = options.parseErrorLine(error)
        XML.appendAttribute(line, to: &out)
        out.append(contentsOf: "\">\n".utf8)
        XML.appendCData(line, to: &out)
        out.append(contentsOf: "\n</error>\n</testcase>\n".utf8)
    }

    /// A run-level problem shown as an error test case: its name, the error's type, message and text.
    struct RunError {
        let name: String
        let type: String
        let message: String
        let body: String?
    }

    /// Failing BeforeAll/AfterAll hooks, then a run that did not finish (or a stream in doubt), then a run that
    /// failed for a reason nothing else shows.
    func runLevelErrors(failedAttempts: Int) -> [RunError] {
        var errors: [RunError] = []
        for (finished, hook) in index.failedRunHooks {
            let result = finished.result
            let message = result.exception?.message ?? result.message ?? result.status.lowercased
            errors.append(
                RunError(
                    name: index.runHookLabel(hook), type: result.exception?.type ?? result.status.rawValue,
                    message: message, body: result.exception?.stackTrace ?? result.message))
        }
        if let reason = index.incompleteReason {
            let doubt = index.runFinished.contains { $0.exception?.type == RunProblemType.inconsistentStream }
            errors.append(
                RunError(
                    name: doubt ? "the message stream is inconsistent" : "the run did not finish",
                    type: doubt ? RunProblemType.inconsistentStream : RunProblemType.incomplete,
                    message: reason, body: index.runFinished.compactMap(\.message).joined(separator: "\n")))
        } else if let failure = index.unexplainedRunFailure(failedAttempts: failedAttempts) {
            errors.append(RunError(name: "the run failed", type: "RunFailed", message: failure, body: nil))
        }
        return errors
    }

    private func runErrorCase(_ error: RunError, into out: inout [UInt8]) {
        out.append(contentsOf: "<testcase classname=\"".utf8)
        XML.appendAttribute(options.junitSuiteName, to: &out)
        out.append(contentsOf: "\" name=\"".utf8)
        XML.appendAttribute(error.name, to: &out)
        out.append(contentsOf: "\" time=\"0\">\n<error type=\"".utf8)
        XML.appendAttribute(error.type, to: &out)
        out.append(contentsOf: "\" message=\"".utf8)
        XML.appendAttribute(error.message, to: &out)
        if let body = error.body, !body.isEmpty {
            out.append(contentsOf: "\">\n".utf8)
            XML.appendCData(body, to: &out)
            out.append(contentsOf: "\n</error>\n</testcase>\n".utf8)
        } else {
            out.append(contentsOf: "\"/>\n</testcase>\n".utf8)
        }
    }

    private func testcase(_ attempt: RunIndex.Attempt, into out: inout [UInt8]) {
        let record = index.record(of: attempt)
        var view = record.flatMap { index.pickleSlot(id: $0.testCase.pickleId) }.map { PickleView(index: index, slot: $0) }
        let lineage = view?.lineage
        let className = options.junitClassName ?? lineage?.tree.feature.name ?? view?.uri ?? ""
        out.append(contentsOf: "<testcase classname=\"".utf8)
        XML.appendAttribute(className, to: &out)
        out.append(contentsOf: "\" name=\"".utf8)
        if let view { appendName(view, lineage, to: &out) }
        out.append(contentsOf: "\" time=\"\(Self.seconds(index.duration(of: attempt)))\">\n".utf8)
        nonPassed(attempt, into: &out)
        if let record { systemOut(attempt, record, &view, into: &out) }
        out.append(contentsOf: "</testcase>\n".utf8)
    }

    private func nonPassed(_ attempt: RunIndex.Attempt, into out: inout [UInt8]) {
        guard let worst = index.worstOutcome(of: attempt), worst.status != .passed else {
            // Started and never finished, every step it has passed (a stream cut, a test case left open).
            if attempt.finished == nil, index.outcomeStatus(of: attempt) == .unknown {
                out.append(contentsOf: "<failure type=\"Unfinished\" message=\"the scenario started and never finished\"/>\n".utf8)
            }
            return
        }
        let result = worst.testStepResult
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
        var body = result.exception?.stackTrace ?? result.message
        if !isSkipped, !newFailures.isEmpty, let pickle = index.pickle(of: attempt),
            newFailures.contains(HistoryRun.key(of: pickle, in: index))
        {
            body = "New failure: it did not fail in the previous run.\n" + (body ?? "")
        }
        guard let body else {
            out.append(contentsOf: "/>\n".utf8)
            return
        }
        out.append(contentsOf: ">\n".utf8)
        XML.appendCData(body, to: &out)
        out.append(contentsOf: "\n</\(element)>\n".utf8)
    }

    private func systemOut(_ attempt: RunIndex.Attempt, _ record: CaseRecord, _ view: inout PickleView?, into out: inout [UInt8]) {
        // Straight into the output, piece by piece (this runs for every step of the run): no piece boundary can
        // split a `]]>`, so escaping each piece escapes the whole.
        var opened = false
        let steps = record.testCase.testSteps
        for position in steps.indices {
            guard let finished = attempt.outcome(at: position), let pickleStepId = steps[position].pickleStepId else { continue }
            // The pickle step: found in the pickle by position (test steps run its steps in order), else looked up.
            let keyword: String, text: String
            if let stepPosition = view?.position(of: pickleStepId) {
                keyword = view!.keyword(at: stepPosition)
                text = view!.steps[stepPosition].text
            } else if let stepText = index.text(of: steps[position]) {
                keyword = stepText.keyword
                text = stepText.text
            } else {
                continue
            }
            if !opened {
                out.append(contentsOf: "<system-out><![CDATA[".utf8)
                opened = true
            }
            out.append(UInt8(ascii: "\n"))
            let keywordIsASCII = XML.appendCDataContent(keyword, to: &out)
            let textIsASCII = XML.appendCDataContent(text, to: &out)
            let width = keywordIsASCII && textIsASCII ? keyword.utf8.count + text.utf8.count : TerminalText.characters(keyword + text)
            Self.appendDots(after: width, to: &out)
            out.append(contentsOf: finished.status.lowercased.utf8)
        }
        if opened { out.append(contentsOf: "\n]]></system-out>\n".utf8) }
    }

    private static let dots = [UInt8](repeating: UInt8(ascii: "."), count: 128)

    /// `Given a step......passed`: the text padded with dots to column 76, with at least two dots.
    static func padded(_ text: String, _ status: String) -> String {
        var dots: [UInt8] = []
        appendDots(after: TerminalText.characters(text), to: &dots)
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

    /// The test case's name, escaped for an attribute: the pickle's, or by `junitNaming` the feature's, rule's,
    /// scenario's and examples' names and the row's number, the non-empty ones joined by ` - `.
    func appendName(_ pickle: PickleView, _ lineage: Lineage?, to out: inout [UInt8]) {
        guard let lineage, options.junitNaming != .short, let scenarioName = lineage.scenarioName else {
            XML.appendAttribute(pickle.name, to: &out)
            return
        }
        var first = true
        func separate() {
            if !first { out.append(contentsOf: " - ".utf8) }
            first = false
        }
        func part(_ text: String) {
            guard !text.isEmpty else { return }
            separate()
            XML.appendAttribute(text, to: &out)
        }
        if options.junitNaming == .longWithFeature { part(lineage.tree.feature.name) }
        if let rule = lineage.ruleName { part(rule) }
        part(scenarioName)
        if let examplesIndex = lineage.examplesIndex, let rowIndex = lineage.rowIndex, let examples = lineage.examplesName {
            part(examples)
            // `#examples.row`, and for a "parameterized" outline (its name has placeholders, so its pickles'
            // names differ from it) `: ` and the pickle's name.
            separate()
            out.append(UInt8(ascii: "#"))
            JSONText.append(Int64(examplesIndex + 1), to: &out)
            out.append(UInt8(ascii: "."))
            JSONText.append(Int64(rowIndex + 1), to: &out)
            if pickle.name != scenarioName {
                out.append(contentsOf: ": ".utf8)
                XML.appendAttribute(pickle.name, to: &out)
            }
        }
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
