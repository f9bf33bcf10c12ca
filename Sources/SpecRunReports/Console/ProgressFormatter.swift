import Messages
import SpecRunReportCore

/// One character per step (`.` passed, `F` failed, `U` undefined, `P` pending, `A` ambiguous, `-` skipped),
/// then the scenarios that did not pass with their errors, the snippets and the summary.
final class ProgressFormatter: EnvelopeFormatter {
    private let sink: any TextSink
    private var feed: IndexFeed
    private var index: RunIndex { feed.index }
    private let text: ConsoleText
    private var printedAny = false

    init(sink: any TextSink, feed: IndexFeed, options: ReportOptions) {
        self.sink = sink
        self.feed = feed
        var options = options
        options.showLocations = true
        text = ConsoleText(index: feed.index, style: ConsoleStyle(colors: options.colors), options: options)
    }

    func handle(_ envelope: Envelope) {
        feed.handle(envelope)
        guard let finished = envelope.testStepFinished else { return }
        // The steps before it the stream left unsaid, which passed or were skipped (`RunIndex.stepsUnsaid`).
        let filled = index.pickleStepsFilled
        for _ in 0..<filled.count {
            printedAny = true
            sink.write(text.style.paint(ConsoleStyle.progressCharacter(filled.status), filled.status))
        }
        guard let isHook = index.isHook(testStepId: finished.testStepId, attemptId: finished.testCaseStartedId) else { return }
        let status = finished.testStepResult.status
        // Hooks show only when they did not pass.
        if isHook && (status == .passed || status == .skipped) { return }
        printedAny = true
        sink.write(text.style.paint(ConsoleStyle.progressCharacter(status), status))
    }

    func finish() throws {
        var out = printedAny ? "\n\n" : ""
        let finals = index.finalAttempts()
        let failing = index.problemAttempts(finals: finals)
        var printedSnippets = PrintedSnippets()
        if !failing.isEmpty {
            out += text.style.paint("Failures:", .red) + "\n\n"
            for (number, attempt) in failing.enumerated() {
                out += "\(number + 1)) " + text.scenarioHeader(attempt, indent: "", tags: false)
                for (step, finished) in index.results(of: attempt) {
                    out += text.stepBlock(attempt, step, finished, indent: "   ", printedSnippets: &printedSnippets)
                }
                out += "\n"
            }
        }
        out += text.remainingSnippets(printed: printedSnippets, finals: finals)
        out += text.runProblems()
        out += text.summary(finals: finals)
        sink.write(out)
        try sink.close()
    }
}
