import Messages
import SpecRunReportCore

/// The HTML report: reads the shared run index, plus what the index leaves out and the page shows (outline
/// templates, Examples tables, Background steps), then writes the page when the run finishes.
final class HTMLFormatter: EnvelopeFormatter {
    private let sink: any TextSink
    #if DEBUG  // checked in tests; unchecked in release, named by callgrind (c10k, reports): every envelope
    private var feed: IndexFeed
    #else
    @exclusivity(unchecked) private var feed: IndexFeed
    #endif
    private let title: String
    private let extras = HTMLGherkinExtras()
    private let history: RunHistory?

    private let note: (@Sendable (String) -> Void)?
    private let parseErrorWords: (@Sendable (ParseError) -> String)?

    /// Past this many scenarios one file stops being practical (about 54 MB and several seconds before the whole
    /// page is ready, docs/html-report.md): specrun says to use `html-site`.
    static let practicalScenarios = 100_000

    private let practical: Int

    init(
        sink: any TextSink, feed: IndexFeed, title: String, history: RunHistory? = nil, note: (@Sendable (String) -> Void)? = nil,
        parseErrorWords: (@Sendable (ParseError) -> String)? = nil, practical: Int = HTMLFormatter.practicalScenarios
    ) {
        self.parseErrorWords = parseErrorWords
        self.note = note
        self.practical = practical
        self.sink = sink
        self.feed = feed
        self.title = title
        self.history = history
    }

    func handle(_ envelope: Envelope) {
        feed.handle(envelope)
        if let document = envelope.gherkinDocument { extras.handle(document) }
    }

    func finish() throws {
        let scenarios = feed.index.allCaseRecords.count
        if scenarios > practical, let note {
            note(
                "the one-file HTML report holds \(scenarios) scenarios, more than a browser opens quickly (past "
                    + "\(practical)); --format html-site:DIR writes the same as a folder whose pages open at once")
        }
        let output = DocumentOutput(sink: sink)
        HTMLPage.write(index: feed.index, extras: extras, title: title, history: history, parseErrorWords: parseErrorWords, to: output)
        output.flush()
        try sink.close()
    }
}
