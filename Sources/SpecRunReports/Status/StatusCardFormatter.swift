import Messages
import SpecRunReportCore

/// `--format status:FILE`: the status card at FILE and its SVG badge beside it (`FILE` less `.html`, plus `.svg`).
/// To stdout (no file): the card only.
final class StatusCardFormatter: EnvelopeFormatter {
    private let path: String?
    private let sink: (any TextSink)?
    private var feed: IndexFeed
    private let title: String
    private let history: RunHistory?
    private let report: String

    init(path: String?, sink: (any TextSink)?, feed: IndexFeed, options: ReportOptions) {
        self.path = path
        self.sink = sink
        self.feed = feed
        self.title = options.htmlTitle
        self.history = options.history
        self.report = options.statusReport
    }

    func handle(_ envelope: Envelope) { feed.handle(envelope) }

    func finish() throws {
        let card = StatusCard(index: feed.index, title: title, history: history, report: report)
        if let path {
            let page = StreamingFileSink(path: path)
            page.write(card.html())
            try page.close()
            let badge = StreamingFileSink(path: StatusCard.badgePath(of: path))
            badge.write(card.badge())
            try badge.close()
        } else if let sink {
            sink.write(card.html())
            try sink.close()
        }
    }
}
