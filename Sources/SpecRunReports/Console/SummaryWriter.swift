import Messages
import SpecRunReportCore

/// Only the end of a run: the scenarios that did not pass (`path:line # name`), run-level problems,
/// the counts per status and the duration.
struct SummaryWriter {
    let text: ConsoleText

    func document() -> String {
        let finals = text.index.finalAttempts()
        var out = text.failingScenarios(finals: finals)
        if !out.isEmpty { out += "\n" }
        out += text.runProblems()
        out += text.summary(finals: finals)
        return out
    }
}
