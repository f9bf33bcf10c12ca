import Messages
final class HTMLFormatter: EnvelopeFormatter { init(sink: any TextSink, options: ReportOptions) {}; func handle(_ envelope: Envelope) {}; func finish() throws {} }
