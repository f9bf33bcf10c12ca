import Messages
import SpecRunReportCore

/// GitHub Actions workflow commands: an `::error` annotation at every parse error of a feature file (the run exits 3
/// for it) and on the feature file line of every failed, undefined or ambiguous step (and failing hook), a
/// `::warning` for pending ones. GitHub shows at most 10 errors
/// and 10 warnings of a workflow step: the first ones are annotated, and a closing `::notice` gives the totals and
/// says how many more there are.
struct GitHubWriter {
    let index: RunIndex
    /// A parse error as the console says it (`ReportOptions.parseErrorLine`).
    var parseErrorLine: (ParseError) -> String = { ReportOptions().parseErrorLine($0) }
    static let limitPerKind = 10

    func document() -> String {
        var out = ""
        var written: [String: Int] = [:], omitted = 0
        for error in index.parseErrors {
            guard written["error", default: 0] < Self.limitPerKind else { omitted += 1; continue }
            written["error", default: 0] += 1
            out += Self.parseErrorCommand(error, parseErrorLine(error))
        }
        for attempt in index.finalAttempts() {
            guard let pickle = index.pickle(of: attempt) else { continue }
            let scenarioLine = pickle.location?.line ?? 0
            for (step, finished) in index.results(of: attempt) {
                let result = finished.testStepResult
                guard result.status.isProblem else { continue }
                let stepText = index.text(of: step)
                let line = stepText?.line ?? scenarioLine
                let what = stepText.map { "\($0.keyword)\($0.text)" } ?? TerminalText.hookLabel(index.hook(of: step))
                let command = result.status == .pending ? "warning" : "error"
                let title: String
                var message: String
                switch result.status {
                case .undefined:
                    title = "Undefined step in \(pickle.name)"
                    message = "Undefined step: \(what)"
                    if let code = index.firstSnippet(step.pickleStepId) {
                        message += "\nImplement it with:\n\(code)"
                    }
                case .ambiguous:
                    title = "Ambiguous step in \(pickle.name)"
                    let candidates = (step.stepDefinitionIds ?? []).compactMap { index.stepDefinitions[$0] }.map {
                        "\($0.pattern.source) (\(index.location(of: $0.sourceReference) ?? "?"))"
                    }
                    message = "Ambiguous step: \(what)\nMatching step definitions:\n" + candidates.joined(separator: "\n")
                case .pending:
                    title = "Pending step in \(pickle.name)"
                    message = "Pending: \(what)" + (result.message.map { "\n\($0)" } ?? "")
                default:
                    title = "Failed: \(pickle.name)"
                    message = "\(what)\n" + (result.exception?.stackTrace ?? result.message ?? result.exception?.message ?? "failed")
                }
                guard written[command, default: 0] < Self.limitPerKind else { omitted += 1; continue }
                written[command, default: 0] += 1
                out += "::\(command) file=\(Self.property(pickle.uri)),line=\(line),title=\(Self.property(title))::\(Self.data(message))\n"
            }
        }
        guard !written.isEmpty else { return out }
        let scenarios = index.finalAttempts().count
        var summary =
            "\(scenarios) scenario\(scenarios == 1 ? "" : "s"): \(written["error", default: 0] + written["warning", default: 0] + omitted) problem(s)"
        if omitted > 0 {
            summary +=
                "; \(omitted) more not annotated (GitHub shows \(Self.limitPerKind) errors and \(Self.limitPerKind) warnings a step): see the other reports"
        }
        out += "::notice title=specrun::\(Self.data(summary))\n"
        return out
    }

    /// `::error file=F,line=L,col=C,title=Parse error::LINE` for a feature file that could not be parsed, `LINE` as
    /// the console says it (`F:L:C: expected …, got '…' (did you mean …?)`).
    static func parseErrorCommand(_ error: ParseError, _ line: String) -> String {
        var properties = "file=\(property(error.source.uri ?? "?"))"
        if let location = error.source.location {
            properties += ",line=\(location.line)"
            if let column = location.column { properties += ",col=\(column)" }
        }
        return "::error \(properties),title=Parse error::\(data(line))\n"
    }

    /// Escaping of a workflow command's message.
    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escaping of a workflow command's property value.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
