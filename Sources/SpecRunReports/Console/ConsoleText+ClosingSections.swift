import Foundation
import Messages
import SpecRunReportCore

/// The sections closing a run on the console: snippets not shown yet, run-level problems, the summary and the
/// failing scenarios.
extension ConsoleText {
    /// Snippets of undefined steps not shown yet, once each.
    /// `finals`: the index's final attempts, when the caller has them already.
    func remainingSnippets(printed: PrintedSnippets, finals: [RunIndex.Attempt]? = nil) -> String {
        // No suggestion in the run, or every snippet suggested printed already: none to look for under every step.
        guard index.hasSuggestions, printed.count < index.snippetCodes.count else { return "" }
        var seen = printed
        var codes: [Int32] = []
        for attempt in finals ?? index.finalAttempts() {
            index.forEachOutcome(of: attempt) { step, outcome in
                guard outcome.status == .undefined else { return }
                index.forEachSuggestedCode(step.pickleStepId) { code in
                    if seen.insert(code) { codes.append(code) }
                }
            }
        }
        guard !codes.isEmpty else { return "" }
        var out = style.paint("You can implement the undefined steps with these snippets:", .yellow) + "\n\n"
        for code in codes { out += indented(index.snippetCodes[code], "", color: .yellow) + "\n" }
        return out
    }

    /// Run-level problems: parse errors, failing BeforeAll/AfterAll hooks, a run that ended with an exception.
    func runProblems() -> String {
        var out = ""
        for error in index.parseErrors where options.listParseErrors {
            out += style.paint("Parse error: \(options.parseErrorLine(error))", .red) + "\n"
        }
        for finished in index.runHookFinished where finished.result.status != .passed {
            let hook = index.runHookStarted[finished.testRunHookStartedId].flatMap { index.hooks[$0.hookId] }
            var label = hookLabel(hook)
            if let reference = hook?.sourceReference, let location = index.location(of: reference) { label += " (\(location))" }
            out += style.paint("\(label) \(finished.result.status.lowercased)", finished.result.status) + "\n"
            if let text = finished.result.exception?.stackTrace ?? finished.result.message {
                out += indented(text, "  ", color: ConsoleStyle.color(finished.result.status))
            }
        }
        if index.runFinished.isEmpty, !index.runStarted.isEmpty, let reason = index.incompleteReason {
            out += style.paint(reason, .red) + "\n"
        }
        for finished in index.runFinished {
            if let exception = finished.exception, exception.type == RunProblemType.incomplete {
                out +=
                    style.paint("The run did not finish: \(exception.message ?? "no testRunFinished"); these results are partial", .red)
                    + "\n"
            } else if let exception = finished.exception, exception.type == RunProblemType.inconsistentStream {
                out += style.paint("The message stream contradicts itself; these results are in doubt:", .red) + "\n"
                out += indented(exception.message ?? "", "  ", color: .red)
            } else if let exception = finished.exception {
                out += style.paint("The run failed: \(exception.type)\(exception.message.map { ": \($0)" } ?? "")", .red) + "\n"
            } else if let message = finished.message, !message.isEmpty {
                out += style.paint("The run failed: \(message)", .red) + "\n"
            }
        }
        return out
    }

    /// `12 scenarios (1 failed, 1 undefined, 10 passed)`, `57 steps (…)`, `9 criteria (8 proven, 1 failing)` when
    /// the run carried requirements, `0m0.123s`.
    func summary(finals: [RunIndex.Attempt]? = nil) -> String {
        let attempts = finals ?? index.finalAttempts()
        // Counted by severity (one slot per status), not in a dictionary: this runs for every step of the run.
        var scenarioBySeverity = [Int](repeating: 0, count: Self.summaryOrder.count)
        var stepBySeverity = [Int](repeating: 0, count: Self.summaryOrder.count)
        var stepTotal = 0
        for attempt in attempts {
            scenarioBySeverity[index.status(of: attempt).severity] += 1
            index.forEachStepStatus(of: attempt) { status, count in
                stepBySeverity[status.severity] += count
                stepTotal += count
            }
        }
        func counts(_ bySeverity: [Int]) -> [TestStepResultStatus: Int] {
            var counts: [TestStepResultStatus: Int] = [:]
            for status in Self.summaryOrder where bySeverity[status.severity] > 0 { counts[status] = bySeverity[status.severity] }
            return counts
        }
        let scenarioCounts = counts(scenarioBySeverity), stepCounts = counts(stepBySeverity)
        var out = countLine(attempts.count, "scenario", scenarioCounts) + "\n"
        let flaky = attempts.filter { $0.started.attempt > 0 && index.status(of: $0) == .passed }.count
        if flaky > 0 {
            out += style.paint("\(flaky) flaky scenario\(flaky == 1 ? "" : "s") (passed after a retry)", .yellow) + "\n"
        }
        out += countLine(stepTotal, "step", stepCounts) + "\n"
        out += criteriaLine()
        out += historyLine()
        out += Self.minutesAndSeconds(index.runDuration) + "\n"
        return out
    }

    private func countLine(_ total: Int, _ noun: String, _ counts: [TestStepResultStatus: Int]) -> String {
        var line = "\(total) \(noun)\(total == 1 ? "" : "s")"
        let parts = Self.summaryOrder.compactMap { status -> String? in
            guard let count = counts[status], count > 0 else { return nil }
            return style.paint("\(count) \(status.lowercased)", status)
        }
        if !parts.isEmpty { line += " (" + parts.joined(separator: ", ") + ")" }
        return line
    }

    /// `path:line # name` for every scenario that did not pass (failed, undefined, pending, ambiguous).
    func failingScenarios(finals: [RunIndex.Attempt]? = nil) -> String {
        let failing = index.problemAttempts(finals: finals)
        guard !failing.isEmpty else { return "" }
        // As bytes, piece by piece: a first run of new features lists every scenario here.
        var out = ConsoleBuffer(capacity: 64 * failing.count)
        out.paint("Failing scenarios:", .red, style)
        out.append(byte: 0x0A)
        for attempt in failing {
            // Its name and location only: the pickle as stored, its steps not restored.
            guard let pickle = index.storedPickle(of: attempt) else { continue }
            // `pickleLocation`, then the name.
            out.start(.red, style)
            out.append(pickle.uri)
            out.append(byte: 0x3A)
            out.append(number: pickle.location?.line ?? index.lineage(of: pickle)?.scenario?.location.line ?? 0)
            out.end(style)
            out.start(.grey, style)
            out.append(" # ")
            out.append(pickle.name)
            out.end(style)
            out.append(byte: 0x0A)
        }
        return out.text
    }
}
