import Messages
import SpecRunReportCore

/// The rerun report, written when the run finishes. When a file to rerun cannot be named in it (`RerunWriter`),
/// nothing is written and a rerun file of an earlier run at the path is removed: `specrun @rerun.txt` then
/// stops at the missing file instead of replaying a list that is not this run's.
final class RerunFormatter: EnvelopeFormatter {
    private let sink: any TextSink
    private var feed: IndexFeed

    init(sink: any TextSink, feed: IndexFeed) {
        self.sink = sink
        self.feed = feed
    }

    func handle(_ envelope: Envelope) { feed.handle(envelope) }

    func finish() throws {
        let document: String
        do {
            document = try RerunWriter(index: feed.index).document()
        } catch var error as RerunWriter.UnwritableName {
            error.removedEarlier = (sink as? StreamingFileSink)?.removeEarlierReport() ?? false
            throw error
        }
        sink.write(document)
        sink.flush()
        try sink.close()
    }
}
