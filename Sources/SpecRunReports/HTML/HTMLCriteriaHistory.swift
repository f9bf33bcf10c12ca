import SpecRunReportCore

/// With `--history`, two sections of plain HTML (no script: the one-file report writes them before its data and
/// its script leaves them as they are; the `html-site` index writes the same): what changed in the documentation
/// since the previous run (`DocumentationDiff`, as `specrun report --diff` prints it), and the criteria over the
/// last runs (a row per criterion that was not proven in each of them, a column per run).
struct HTMLCriteriaHistory {
    let changes: (previous: HistoryRun, diff: DocumentationDiff)?
    let runs: [HistoryRun]
    let rows: [(id: String, statuses: [String?])]
    /// The criteria the page has an anchor for (`#criterion-ID`), nil when it has one for each: the others are
    /// named without a link.
    let anchored: Set<String>?

    /// Items listed per kind of change, and rows of the criteria strip (the others are counted).
    static let listed = 50
    static let shownRows = 20

    init(view: HistoryView?, anchored: Set<String>? = nil) {
        self.anchored = anchored
        changes = view?.documentationChanges
        if let overRuns = view?.criteriaOverRuns() {
            runs = overRuns.runs
            rows = overRuns.rows
        } else {
            runs = []
            rows = []
        }
    }

    var html: String { documentationHTML + criteriaHTML }

    private func escape(_ text: String) -> String { HTMLPage.escape(text) }

    /// A document's words, escaped and isolated (`<bdi>`): a right-to-left override in them (U+202E) turns only
    /// them around, not the arrow and the other words of the line.
    private func isolated(_ text: String) -> String { "<bdi>" + escape(text) + "</bdi>" }

    private func criterionLink(_ id: String) -> String {
        if let anchored, !anchored.contains(id) { return "<span class=\"mono\">" + escape(id) + "</span>" }
        return "<a class=\"mono\" href=\"#criterion-" + escape(HTMLFirstScreen.percentEncoded(id)) + "\">" + escape(id) + "</a>"
    }

    /// "What changed in the documentation since the previous run": a list per kind of change; one line when
    /// nothing did.
    var documentationHTML: String {
        guard let (previous, diff) = changes else { return "" }
        var html =
            "<section id=\"documentation-changes\" aria-labelledby=\"documentation-changes-title\">\n"
            + "<h2 id=\"documentation-changes-title\">What changed in the documentation</h2>\n<p class=\"section-line\">Since the previous run ("
            + escape(FailingSince.date(previous.start)) + "): criteria proven " + escape(diff.provenLine) + ".</p>\n"
        if diff.isEmpty { return html + "<p class=\"empty\">No criterion, wording or coverage changed.</p>\n</section>\n" }
        func list(_ title: String, _ className: String, _ items: [String]) {
            guard !items.isEmpty else { return }
            html +=
                "<h3 class=\"doc-change-title\">" + escape(title) + " (\(items.count))</h3>\n<ul class=\"lines doc-changes " + className
                + "\">\n"
            for item in items.prefix(Self.listed) { html += "<li>" + item + "</li>\n" }
            if items.count > Self.listed { html += "<li class=\"empty\">and \(items.count - Self.listed) more</li>\n" }
            html += "</ul>\n"
        }
        list("Criteria added", "added", diff.added.map(criterionLink))
        list("Criteria removed", "removed", diff.removed.map { "<span class=\"mono\">" + escape($0) + "</span>" })
        list(
            "Criteria reworded", "reworded",
            diff.reworded.map {
                criterionLink($0.id) + " <del>\u{201C}" + isolated($0.before) + "\u{201D}</del> \u{2192} <ins>\u{201C}" + isolated($0.after)
                    + "\u{201D}</ins>"
            })
        list("Coverage gained: proven now, not before", "gained", diff.gained.map(criterionLink))
        list("Coverage lost: proven before; failing or without a scenario now", "lost", diff.lost.map(criterionLink))
        list(
            "Not run to a result now: proven before; its scenarios skipped, pending, undefined or not reached", "not-run-now",
            diff.notRunNow.map(criterionLink))
        list(
            "Scenarios newly covering a criterion", "newly-covering",
            diff.newlyCovering.map { criterionLink($0.id) + " \u{2190} " + isolated($0.scenario) })
        list(
            "Scenarios no longer covering a criterion", "no-longer-covering",
            diff.noLongerCovering.map { criterionLink($0.id) + " \u{2190} " + isolated($0.scenario) })
        return html + "</section>\n"
    }

    /// Icon and words of a criterion's status in a run.
    static let statusCells: [String: (icon: String, className: String, words: String)] = [
        "proven": ("\u{2714}", "s-passed", "proven"),
        "failing": ("\u{2718}", "s-failed", "failing"),
        "not-run": ("\u{00B7}", "s-skipped", "not run"),
        "no-scenario": ("\u{2013}", "s-undefined", "no scenario"),
        "outside": ("\u{25CB}", "s-unknown", "outside the run"),
    ]

    /// "Criteria over the last runs": a row per criterion not proven in each of them, broken now first.
    var criteriaHTML: String {
        guard runs.count > 1, !rows.isEmpty else { return "" }
        let unsteady = rows.filter { row in row.statuses.contains { $0 != CoverageStatus.proven.rawValue } }
        // Broken now first: failing, not run or without a scenario in this run (outside it, or no record: not broken).
        let brokenNow: Set<String?> = [CoverageStatus.failing.rawValue, CoverageStatus.notRun.rawValue, CoverageStatus.noScenario.rawValue]
        let ordered =
            unsteady.filter { brokenNow.contains($0.statuses.last ?? nil) }
            + unsteady.filter { !brokenNow.contains($0.statuses.last ?? nil) }
        let steady = rows.count - unsteady.count
        var html =
            "<section id=\"criteria-history\" aria-labelledby=\"criteria-history-title\">\n"
            + "<h2 id=\"criteria-history-title\">Criteria over the last \(runs.count) runs</h2>\n<p class=\"section-line\">"
        if ordered.isEmpty {
            return html + "All " + HTMLFirstScreen.plural(rows.count, "criterion", "criteria")
                + " proven in each of the last \(runs.count) runs.</p>\n</section>\n"
        }
        html +=
            HTMLFirstScreen.plural(ordered.count, "criterion", "criteria") + " not proven in each run, oldest run first"
            + (steady > 0 ? "; \(steady) proven in every one" : "") + ".</p>\n"
        html +=
            "<div class=\"table-scroll\" role=\"region\" aria-label=\"Criteria over the last runs\" tabindex=\"0\">\n"
            + "<table class=\"criteria-runs\">\n<thead><tr><th scope=\"col\">Criterion</th>"
        for (number, run) in runs.enumerated() {
            let label = number == runs.count - 1 ? "this run" : FailingSince.date(run.start)
            html += "<th scope=\"col\" class=\"run-col\">" + escape(label) + "</th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        for row in ordered.prefix(Self.shownRows) {
            html += "<tr><th scope=\"row\">" + criterionLink(row.id) + "</th>"
            for status in row.statuses {
                guard let status, let cell = Self.statusCells[status] else {
                    html += "<td class=\"no-record\"><span class=\"sr-only\">no record</span></td>"
                    continue
                }
                html +=
                    "<td><span class=\"icon " + cell.className + "\" aria-hidden=\"true\">" + cell.icon + "</span><span class=\"sr-only\">"
                    + cell.words + "</span></td>"
            }
            html += "</tr>\n"
        }
        html += "</tbody></table>\n</div>\n<p class=\"legend\">"
        html +=
            ["proven", "failing", "not-run", "no-scenario", "outside"].compactMap { status in
                Self.statusCells[status].map {
                    "<span class=\"icon " + $0.className + "\" aria-hidden=\"true\">" + $0.icon + "</span> " + $0.words
                }
            }.joined(separator: " \u{00B7} ") + " \u{00B7} blank: no record</p>\n"
        if ordered.count > Self.shownRows {
            html += "<p class=\"empty\">and \(ordered.count - Self.shownRows) more criteria not proven in each run</p>\n"
        }
        return html + "</section>\n"
    }
}
