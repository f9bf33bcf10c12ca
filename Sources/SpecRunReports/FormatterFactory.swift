import Foundation
import Messages
import SpecRunReportCore

/// Makes the reports of one run. The reports it makes share one index of the run (the whole-document
/// reports and the console ones), so a run with JUnit, JSON and HTML reports is indexed once, not three times.
/// Feed every report it made the same envelopes, in the same order.
package final class FormatterFactory {
    private let shared = SharedRunIndex()
    /// Where the reports meant for standard output go (`ReportOutput.stdout`, a path naming `/dev/stdout`).
    private let standardOutput: Int32

    /// `sharedAtSource`: the stream the reports will see shares its repeated parts already — one string for each
    /// distinct step text, one `stepDefinitionIds` array for each definition — as a run's does (specrun's compiler
    /// and planner make them so), not one read back from files (`specrun report`); the index then keeps them as they
    /// are rather than looking each step's up to share it again.
    ///
    /// `standardOutput`: the descriptor the reports meant for standard output write to — 1, unless a run in this
    /// process gave them one of their own, so that what steps print (sent to stderr then) cannot forge or cut a
    /// report on stdout.
    package init(sharedAtSource: Bool = false, standardOutput: Int32 = STDOUT_FILENO) {
        self.standardOutput = standardOutput
        // Until a report that prints them is made (see `makeFormatter`).
        shared.index.keepsStepArguments = false
        shared.index.keepsScenarioTags = false
        // A run's own stream plans one test case per pickle: once passed and printed, its steps can go, unless a
        // report reads them at the end (`makeFormatter`). A stream read back from files may name a pickle again
        // (runs merged), so its pickles keep their steps.
        shared.index.keepsPassedSteps = !sharedAtSource
        shared.index.sharesRepeatedParts = !sharedAtSource
    }

    /// Whether the shared index shares the stream's repeated parts itself (see `init(sharedAtSource:)`).
    var indexSharesRepeatedParts: Bool { shared.index.sharesRepeatedParts }
    /// Makes the shared index keep all it can let go of (before any envelope): what every report writes then is
    /// what each writes from an index keeping only what `ListenerNeeds` declares (`RunIndexPassedStepsTests`).
    func keepEverything() {
        shared.index.keepsStepArguments = true
        shared.index.keepsPassedSteps = true
        shared.index.keepsScenarioTags = true
    }

    /// Tells the shared index (before any envelope) that the stream leaves passed or skipped steps unsaid before a later
    /// step of their attempt and status (`RunIndex.stepsUnsaid`): a run whose workers send passed steps as a count,
    /// a run in this process that says the last of its skipped steps in a row (`SpecRunner.collapsesSkippedSteps`).
    package func leavesStepsUnsaid(_ status: TestStepResultStatus) {
        shared.index.stepsUnsaid = status
    }

    /// Whether the shared index keeps a test case message's steps array as it is (`RunIndex.keepsTestStepsAsSent`:
    /// no report made reads match arguments).
    package var indexKeepsTestStepsAsSent: Bool { shared.index.keepsTestStepsAsSent }

    /// Whether the shared index keeps the documents' scenarios' own tags (a report made reads them).
    var indexKeepsScenarioTags: Bool { shared.index.keepsScenarioTags }

    /// Keeps the run's index allocated until the process exits: freeing the index of a 50,000-scenario run
    /// takes most of a second that a command about to exit does not need to spend. For a command-line run
    /// once its reports are finished; a host program that makes many runs should not call it.
    package func keepIndexUntilExit() {
        _ = Unmanaged.passRetained(shared)
    }

    /// Works out what the index keeps on first asking (each finished attempt's status), so the reports it made
    /// can then be finished on several threads at once, each only reading the index.
    package func settleIndex() {
        shared.index.settleStatuses()
    }

    /// The formatter for a format, writing to stdout or to a file (a temporary file renamed into place on `finish`).
    package func makeFormatter(_ format: ReportFormat, output: ReportOutput, options: ReportOptions) -> any EnvelopeFormatter {
        if format == .htmlSite, case .file(let folder) = output {
            keep(whatReadBy: format)
            return HTMLSiteFormatter(folder: folder, feed: IndexFeed(shared), title: options.htmlTitle, history: options.history)
        }
        if format == .status, case .file(let path) = output {
            keep(whatReadBy: format)
            return StatusCardFormatter(path: path, sink: nil, feed: IndexFeed(shared), options: options)
        }
        return makeFormatter(format, sink: makeSink(output, standardOutput: standardOutput), options: options)
    }

    /// The history report of `--history`: this run added to the file at `path` when the run ends, under the
    /// folder's lock (`RunHistory.record`); `note` is told of a file set aside.
    package func makeHistoryFormatter(path: String, note: @escaping @Sendable (String) -> Void) -> any EnvelopeFormatter {
        keep(whatReadBy: .history)
        return HistoryFileFormatter(path: path, feed: IndexFeed(shared), note: note)
    }

    /// The formatter for a format, writing its text through `write` as it goes (stdout of a host program).
    package func makeFormatter(_ format: ReportFormat, write: @escaping (String) -> Void, options: ReportOptions) -> any EnvelopeFormatter {
        makeFormatter(format, sink: WriterSink(write), options: options)
    }

    /// The same, with a writer for text the formatter has as UTF-8 bytes (the pretty console's scenario blocks),
    /// which would otherwise be made a `String` first.
    package func makeFormatter(
        _ format: ReportFormat, write: @escaping (String) -> Void,
        writeBytes: @escaping (UnsafeBufferPointer<UInt8>) -> Void,
        options: ReportOptions
    ) -> any EnvelopeFormatter {
        makeFormatter(format, sink: WriterSink(write, bytes: writeBytes), options: options)
    }

    /// Makes the shared index keep what a report of `format` reads (`ListenerNeeds`), for every report made.
    private func keep(whatReadBy format: ReportFormat) {
        let needs = ListenerNeeds(formats: [format])
        if needs.stepArguments { shared.index.keepsStepArguments = true }
        if needs.passedSteps { shared.index.keepsPassedSteps = true }
        if needs.scenarioTags { shared.index.keepsScenarioTags = true }
    }

    func makeFormatter(_ format: ReportFormat, sink given: any TextSink, options: ReportOptions) -> any EnvelopeFormatter {
        let sink = format.escapesControlCharacters ? EscapingSink(given, keepColors: options.colors) : given
        let feed = IndexFeed(shared)
        keep(whatReadBy: format)
        switch format {
        case .pretty: return PrettyFormatter(sink: sink, feed: feed, options: options)
        case .progress: return ProgressFormatter(sink: sink, feed: feed, options: options)
        case .message: return MessageFormatter(sink: sink)
        case .summary:
            return DocumentFormatter(
                sink: sink, feed: feed,
                text: { index in
                    SummaryWriter(text: ConsoleText(index: index, style: ConsoleStyle(colors: options.colors), options: options)).document()
                })
        case .junit:
            return DocumentFormatter(sink: sink, feed: feed) { index, output in
                let newFailures =
                    HistoryView(history: options.history, current: HistoryRun.make(from: index, criteria: false)).map {
                        Set($0.newFailures)
                    } ?? []
                JUnitXMLWriter(index: index, options: options, newFailures: newFailures).write(to: output)
            }
        case .json:
            return DocumentFormatter(sink: sink, feed: feed) { CucumberJSONWriter(index: $0, mergedRuns: options.mergedRuns).write(to: $1) }
        // A folder report without a folder (the library's stdout) is the one-file report.
        case .html, .htmlSite:
            return HTMLFormatter(
                sink: sink, feed: feed, title: options.htmlTitle, history: options.history, note: options.note,
                parseErrorWords: options.parseErrorWords)
        case .rerun: return RerunFormatter(sink: sink, feed: feed)
        case .status: return StatusCardFormatter(path: nil, sink: sink, feed: feed, options: options)
        case .usage:
            return DocumentFormatter(
                sink: sink, feed: feed, text: { UsageWriter(index: $0, style: ConsoleStyle(colors: options.colors)).document() })
        case .usageJSON: return DocumentFormatter(sink: sink, feed: feed, text: { UsageJSONWriter(index: $0).document() })
        case .github:
            return DocumentFormatter(
                sink: sink, feed: feed, text: { GitHubWriter(index: $0, parseErrorLine: options.parseErrorLine).document() })
        case .requirements:
            return DocumentFormatter(sink: sink, feed: feed, text: { RequirementsMarkdownWriter(coverage: .make(from: $0)).document() })
        case .requirementsJSON:
            return DocumentFormatter(sink: sink, feed: feed, text: { RequirementsJSONWriter(coverage: .make(from: $0)).document() })
        case .history:
            return DocumentFormatter(
                sink: sink, feed: feed, text: { (options.history ?? RunHistory()).adding(HistoryRun.make(from: $0)).encoded() })
        }
    }
}
