import Messages

/// The Cucumber Messages stream as NDJSON: one envelope per line.
final class MessageFormatter: EnvelopeFormatter {
    private let sink: any TextSink

    init(sink: any TextSink) { self.sink = sink }

    func handle(_ envelope: Envelope) {
        guard let line = try? NDJSON.encode(envelope) else { return }
        sink.write(line + "\n")
    }

    func finish() throws { try sink.close() }
}
