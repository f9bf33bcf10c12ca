import Messages
import SpecRunReportCore

/// `html-site:DIR`, the living documentation as a folder for suites too large for one file: `index.html` (the
/// first screen, the totals, the requirements and the list of features, all HTML, no script), one page per
/// feature under `features/` (its data only, loaded when it is opened) and the pages' shared script and
/// stylesheet under `assets/`. It opens from the file system, without a server.
final class HTMLSiteFormatter: EnvelopeFormatter {
    private let folder: String
    private var feed: IndexFeed
    private let title: String
    private let extras = HTMLGherkinExtras()
    private let history: RunHistory?

    init(folder: String, feed: IndexFeed, title: String, history: RunHistory? = nil) {
        self.folder = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        self.feed = feed
        self.title = title
        self.history = history
    }

    func handle(_ envelope: Envelope) {
        feed.handle(envelope)
        if let document = envelope.gherkinDocument { extras.handle(document) }
    }

    func finish() throws {
        // (Refused before a page is written: a file where the site, its pages or its assets go.)
        try FileInTheWay.check([folder, folder + "/features", folder + "/assets"], for: folder)
        let index = feed.index
        let model = HTMLModel(index: index, extras: extras, title: title, history: history)
        let attempts = model.attempts()
        let features = model.featureSlots(attempts)
        let coverage = RequirementsCoverage.make(from: index)
        let criteria = Set(coverage?.stories.flatMap { $0.criteria.map(\.id) } ?? [])
        let view = history == nil ? nil : HistoryView(history: history, current: HistoryRun.make(from: index, coverage: coverage))
        let newFailures = view.map { Set($0.newFailures) } ?? []
        let facts = view?.firstScreen ?? ([:], [])
        let history = view.map(HTMLHistory.init(view:))
        let historyOf = history?.byFeature() ?? [:]
        try write("assets/report.js", HTMLResources.script)
        try write("assets/report.css", HTMLResources.css)
        var pages: [String: String] = [:]
        var rows: [HTMLSiteIndex.Row] = []
        for (number, feature) in features.enumerated() {
            let file = Self.pageName(number)
            pages[feature.uri] = file
            let finals = feature.slots.compactMap { attempts.bySlot[$0].final }
            let name = index.documents[feature.uri]?.feature.name ?? feature.uri
            var counts: [String: Int] = [:]
            for attempt in finals { counts[index.outcomeStatus(of: attempt).lowercased, default: 0] += 1 }
            counts["unknown", default: 0] += feature.slots.count - finals.count
            rows.append(HTMLSiteIndex.Row(uri: feature.uri, name: name, file: file, counts: counts, total: feature.slots.count))
            let first = HTMLFirstScreen(
                index: index, title: name, criterionIds: criteria, newFailures: newFailures, history: facts,
                finals: finals, total: feature.slots.count)
            var page = HTMLModel(index: index, extras: extras, title: name + " \u{00B7} " + title)
            page.page = HTMLModel.Page(features: [feature], attempts: attempts)
            page.pageHistory = historyOf[feature.uri] ?? history?.empty()
            let sink = StreamingFileSink(path: folder + "/" + file)
            let output = DocumentOutput(sink: sink)
            HTMLPage.writeSitePage(model: page, firstScreen: first, title: page.title, to: output)
            output.flush()
            try sink.close()
        }
        var first = HTMLFirstScreen(
            index: index, title: title, criterionIds: criteria, newFailures: newFailures, history: facts,
            pageOf: { pages[$0] ?? "" })
        first.gate = ReleaseGate(coverage: coverage)
        first.criteriaHistory = HTMLCriteriaHistory(view: view, anchored: HTMLSiteIndex.anchoredCriteria(coverage)).html
        var page = HTMLSiteIndex(first: first, rows: rows, coverage: coverage, pageOf: pages, banner: HTMLPage.incompleteBanner(index))
        if let view, !view.previous.isEmpty {
            let names = Dictionary(view.current.scenarios.map { ($0.key, $0.name) }, uniquingKeysWith: { first, _ in first })
            page.changes = (view.fixed.map { ($0, names[$0] ?? $0) }, view.flaky.map { ($0, names[$0] ?? $0) })
        }
        try write("index.html", page.html())
        var every = HTMLFirstScreen(
            index: index, title: title, criterionIds: criteria, newFailures: newFailures, history: facts,
            pageOf: { pages[$0] ?? "" }, shown: Int.max)
        every.gate = first.gate
        try write("failures.html", HTMLSiteFailures(first: every, banner: HTMLPage.incompleteBanner(index)).html())
        Self.removeStalePages(in: folder, keeping: Set(pages.values))
    }

    /// `features/0007.html`: numbered in the documents' order (a name from the uri could collide or be long).
    static func pageName(_ number: Int) -> String {
        let digits = String(number)
        return "features/" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".html"
    }

    private func write(_ file: String, _ text: String) throws {
        let sink = StreamingFileSink(path: folder + "/" + file)
        sink.write(text)
        try sink.close()
    }
}
