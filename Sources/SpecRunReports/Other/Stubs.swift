import Messages
final class PrettyFormatter: EnvelopeFormatter { init(sink: any TextSink, options: ReportOptions) {}; func handle(_ envelope: Envelope) {}; func finish() throws {} }
final class ProgressFormatter: EnvelopeFormatter { init(sink: any TextSink, options: ReportOptions) {}; func handle(_ envelope: Envelope) {}; func finish() throws {} }
final class SummaryFormatter: EnvelopeFormatter { init(sink: any TextSink, options: ReportOptions) {}; func handle(_ envelope: Envelope) {}; func finish() throws {} }
final class UsageFormatter: EnvelopeFormatter { init(sink: any TextSink, options: ReportOptions) {}; func handle(_ envelope: Envelope) {}; func finish() throws {} }
final class HTMLFormatter: EnvelopeFormatter { init(sink: any TextSink, options: ReportOptions) {}; func handle(_ envelope: Envelope) {}; func finish() throws {} }
final class RerunFormatter: EnvelopeFormatter { init(sink: any TextSink) {}; func handle(_ envelope: Envelope) {}; func finish() throws {} }
final class GitHubFormatter: EnvelopeFormatter { init(sink: any TextSink) {}; func handle(_ envelope: Envelope) {}; func finish() throws {} }
