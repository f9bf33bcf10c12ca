import Messages

/// Only the end of a run: the scenarios that did not pass (`path:line # name`), run-level problems,
/// the counts per status and the duration.
struct SummaryWriter {
    let text: ConsoleText

    func document() -> String {
        var out = text.failingScenarios()
        if !out.isEmpty { out += "\n" }
        out += text.runProblems()
        out += text.summary()
        return out
    }
}
