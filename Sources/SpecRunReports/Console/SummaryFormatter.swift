import Messages

/// Only the end of a run: the scenarios that did not pass (`path:line # name`), run-level problems,
/// the counts per status and the duration.
final class SummaryFormatter: EnvelopeFormatter {
    private let sink: any TextSink
    private let index = RunIndex()
    private let text: ConsoleText

    init(sink: any TextSink, options: ReportOptions) {
        self.sink = sink
        text = ConsoleText(index: index, style: ConsoleStyle(colors: options.colors), options: options)
    }

    func handle(_ envelope: Envelope) { index.handle(envelope) }

    func finish() throws {
        var out = text.failingScenarios()
        if !out.isEmpty { out += "\n" }
        out += text.runProblems()
        out += text.summary()
        sink.write(out)
        try sink.close()
    }
}
