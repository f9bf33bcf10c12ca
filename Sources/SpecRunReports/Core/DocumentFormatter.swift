import Messages

/// A report written when the run finishes (JSON, JUnit, HTML, rerun, GitHub, usage, summary): it reads the
/// shared index of the run, then `document` writes the report in pieces to the output.
final class DocumentFormatter: EnvelopeFormatter {
    private let sink: any TextSink
    private var feed: IndexFeed
    private let document: (RunIndex, DocumentOutput) -> Void

    init(sink: any TextSink, feed: IndexFeed, document: @escaping (RunIndex, DocumentOutput) -> Void) {
        self.sink = sink
        self.feed = feed
        self.document = document
    }

    /// A report written as one string.
    convenience init(sink: any TextSink, feed: IndexFeed, text: @escaping (RunIndex) -> String) {
        self.init(sink: sink, feed: feed) { index, output in output.write(text(index)) }
    }

    func handle(_ envelope: Envelope) { feed.handle(envelope) }

    func finish() throws {
        let output = DocumentOutput(sink: sink)
        document(feed.index, output)
        output.flush()
        try sink.close()
    }
}
