import Messages
import SpecRunReportCore

/// The `--history` report: when the run ends, its record is added to the history file as the file is then
/// (another run on the same folder may have added its own meanwhile), under the folder's lock: see
/// `RunHistory.record`.
final class HistoryFileFormatter: EnvelopeFormatter {
    private let path: String
    private var feed: IndexFeed
    private let note: @Sendable (String) -> Void

    init(path: String, feed: IndexFeed, note: @escaping @Sendable (String) -> Void) {
        self.path = path
        self.feed = feed
        self.note = note
    }

    func handle(_ envelope: Envelope) { feed.handle(envelope) }

    func finish() throws {
        try RunHistory.record(HistoryRun.make(from: feed.index), in: path, note: note)
    }
}
