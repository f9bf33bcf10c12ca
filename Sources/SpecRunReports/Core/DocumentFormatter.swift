import Messages

/// A report written in one piece when the run finishes (JSON, JUnit, HTML, rerun, GitHub, usage, summary):
/// it indexes the whole stream, then `document` turns the run into the report's text.
final class DocumentFormatter: EnvelopeFormatter {
    private let sink: any TextSink
    private let index = RunIndex()
    private let document: (RunIndex) -> String

    init(sink: any TextSink, document: @escaping (RunIndex) -> String) {
        self.sink = sink
        self.document = document
    }

    func handle(_ envelope: Envelope) { index.handle(envelope) }

    func finish() throws {
        sink.write(document(index))
        try sink.close()
    }
}
