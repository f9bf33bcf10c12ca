import Messages

/// A report written when the run finishes (JSON, JUnit, HTML, rerun, GitHub, usage, summary): it reads the
/// shared index of the run, then `document` writes the report in pieces to the output.
package final class DocumentFormatter: EnvelopeFormatter {
    private let sink: any TextSink
    #if DEBUG  // checked in tests; unchecked in release, named by callgrind (c10k, reports): every envelope, per report
    private var feed: IndexFeed
    #else
    @exclusivity(unchecked) private var feed: IndexFeed
    #endif
    private let document: (RunIndex, DocumentOutput) -> Void
    /// For a report made as one string: how, and the string once `prepare` made it.
    private let text: ((RunIndex) -> String)?
    private var prepared: String?

    package init(sink: any TextSink, feed: IndexFeed, document: @escaping (RunIndex, DocumentOutput) -> Void) {
        self.sink = sink
        self.feed = feed
        self.document = document
        text = nil
    }

    /// A report written as one string.
    package init(sink: any TextSink, feed: IndexFeed, text: @escaping (RunIndex) -> String) {
        self.sink = sink
        self.feed = feed
        self.text = text
        document = { index, output in output.write(text(index)) }
    }

    package func handle(_ envelope: Envelope) { feed.handle(envelope) }

    /// Makes the string of a report made as one (it is made whole either way, so making it early holds no more).
    package func prepare() {
        if let text, prepared == nil { prepared = text(feed.index) }
    }

    package func finish() throws {
        let output = DocumentOutput(sink: sink)
        if let prepared {
            output.write(prepared)
            self.prepared = nil
        } else {
            document(feed.index, output)
        }
        output.flush()
        try sink.close()
    }
}
