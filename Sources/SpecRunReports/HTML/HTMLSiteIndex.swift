import SpecRunReportCore

/// The index of an `html-site` folder: the first screen (`HTMLFirstScreen`, its failures linking to their
/// feature's page), the requirements and the features grouped by folder with their counts. All HTML, no script:
/// it reads at once whatever the suite's size (a line per feature).
struct HTMLSiteIndex {
    struct Row {
        let uri: String
        let name: String
        let file: String
        let counts: [String: Int]
        let total: Int
    }

    let first: HTMLFirstScreen
    let rows: [Row]
    let coverage: RequirementsCoverage?
    /// Each feature's page, by uri.
    let pageOf: [String: String]
    let banner: String
    /// With a history: the scenarios fixed since the previous run and those flaky across the last runs, each
    /// `(uri:line, name)`.
    var changes: (fixed: [(key: String, name: String)], flaky: [(key: String, name: String)]) = ([], [])

    /// No script at all; the stylesheet is the pages' shared one.
    static let csp =
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'self' 'unsafe-inline'; "
        + "script-src 'none'; img-src data:; base-uri 'none'; form-action 'none'\">"

    /// Failing stories opened with their failing criteria on the index.
    static let openStories = 20

    func html() -> String {
        var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n" + Self.csp + "\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"generator\" content=\"specrun\">\n"
        html += "<title>" + first.titleHTML + "</title>\n<link rel=\"stylesheet\" href=\"assets/report.css\">\n</head>\n<body>\n" + banner
        html +=
            "<header class=\"top\">\n<h1 id=\"title\">" + first.titleHTML + "</h1>\n<p class=\"meta\" id=\"run-meta\">" + first.metaHTML
            + "</p>\n"
        html += "<p class=\"headline " + first.headlineClass + "\" id=\"headline\">" + first.headlineHTML + "</p>\n"
        html +=
            "<p class=\"steps-line\" id=\"steps-line\">" + first.totalsHTML + " \u{00B7} " + HTMLFirstScreen.plural(rows.count, "feature")
            + "</p>\n</header>\n<main>\n"
        html +=
            "<section id=\"problems\" aria-label=\"Needs attention\""
            + (first.needsAttention || !changes.fixed.isEmpty || !changes.flaky.isEmpty ? "" : " hidden") + ">"
            + first.problemsHTML(more: { "and \($0) more on their features' pages (below)." }) + failuresLinkHTML + changesHTML()
            + "</section>\n" + first.criteriaHistory
        html += requirementsHTML()
        html += featuresHTML()
        return html + "</main>\n</body>\n</html>\n"
    }

    private func escape(_ text: String) -> String { HTMLPage.escape(text) }

    /// A real link to every failure: `failures.html` lists them all, each linking to its feature's page.
    private var failuresLinkHTML: String {
        guard first.failureCount > 0 else { return "" }
        return "<p class=\"every-failure\"><a href=\"failures.html\">Every failure, worst first \u{2192}</a></p>\n"
    }

    /// The fixed and flaky scenarios as static lists, each linking to its feature's page (the first 200 of each).
    private func changesHTML() -> String {
        var html = ""
        for (list, title, className) in [
            (changes.fixed, "fixed since the previous run", "fixed-list"),
            (changes.flaky, "flaky across the last runs (passed and failed in turn)", "flaky-runs"),
        ] where !list.isEmpty {
            html +=
                "<details class=\"fold " + className + "\"><summary>" + HTMLFirstScreen.plural(list.count, "scenario") + " " + title
                + "</summary>\n<ul class=\"lines\">\n"
            for (key, name) in list.prefix(200) {
                let uri = key.lastIndex(of: ":").map { String(key[..<$0]) } ?? key
                let link = pageOf[uri].map { escape($0) + "#" + escape(HTMLFirstScreen.percentEncoded(key)) }
                html +=
                    "<li>" + (link.map { "<a href=\"" + $0 + "\">" + escape(name) + "</a>" } ?? escape(name))
                    + " <span class=\"mono where\">" + escape(key) + "</span></li>\n"
            }
            html += "</ul></details>\n"
        }
        return html
    }

    /// The criteria the index has an anchor for: the broken ones of the first `openStories` stories with one.
    static func anchoredCriteria(_ coverage: RequirementsCoverage?) -> Set<String> {
        let opened = (coverage?.stories ?? []).filter { $0.criteria.contains(where: \.isBroken) }.prefix(openStories)
        return Set(opened.flatMap { $0.criteria.filter(\.isBroken).map(\.id) })
    }

    private func requirementsHTML() -> String {
        guard let coverage, !coverage.stories.isEmpty else { return "" }
        var html =
            "<section id=\"requirements\" aria-label=\"Requirements\">\n<h2>Requirements</h2>\n<p class=\"steps-line\">"
            + "\(coverage.proven) of " + HTMLFirstScreen.plural(coverage.total, "criterion", "criteria") + " proven"
            + (coverage.outside > 0 ? " \u{00B7} \(coverage.outside) outside this run" : "") + "</p>\n"
        // The first failing stories open to their failing criteria; every other story is one line (the index
        // stays small at any size: its feature pages show the rest).
        var opened = 0
        var lines: [String] = []
        for story in coverage.stories {
            let failing = story.criteria.filter(\.isBroken)
            guard !failing.isEmpty, opened < Self.openStories else {
                lines.append(
                    "<li><span class=\"mono\">" + escape(story.id) + "</span> " + escape(story.title)
                        + " \u{00B7} \(story.proven) of \(story.total) proven" + (failing.isEmpty ? "" : ", \(failing.count) failing")
                        + "</li>\n")
                continue
            }
            opened += 1
            html +=
                "<details class=\"story\" open><summary><span class=\"mono\">" + escape(story.id) + "</span> "
                + escape(story.title) + " \u{00B7} \(story.proven) of \(story.total) proven</summary>\n<ul class=\"lines\">\n"
            for criterion in failing {
                html +=
                    "<li class=\"criterion\" id=\"criterion-" + escape(criterion.id) + "\" data-status=\"" + criterion.status.rawValue
                    + "\">"
                    + "<span class=\"mono\">" + escape(criterion.id) + "</span> " + escape(criterion.title) + " \u{00B7} "
                    + (criterion.status == .failing ? "failing" : "not proven: steps to write or pending")
                let pages = criterion.scenarios.compactMap { scenario in pageOf[scenario.uri].map { ($0, scenario) } }
                for (file, scenario) in pages.prefix(3) {
                    html +=
                        " <a href=\"" + escape(file) + "#" + escape(HTMLFirstScreen.percentEncoded("\(scenario.uri):\(scenario.line)"))
                        + "\">"
                        + escape("\(scenario.uri):\(scenario.line)") + "</a>"
                }
                html += "</li>\n"
            }
            if story.criteria.count > failing.count {
                html += "<li class=\"empty\">and \(story.criteria.count - failing.count) more, not failing</li>\n"
            }
            html += "</ul></details>\n"
        }
        if !lines.isEmpty {
            html +=
                "<details class=\"story\"><summary>" + (opened > 0 ? "The other \(lines.count) stories" : "\(lines.count) stories")
                + "</summary>\n<ul class=\"lines\">\n" + lines.joined() + "</ul></details>\n"
        }
        return html + "</section>\n"
    }

    private func featuresHTML() -> String {
        var html = "<section id=\"features\" aria-labelledby=\"features-title\">\n<h2 id=\"features-title\">Features</h2>\n"
        html += "<p class=\"steps-line\">Each feature opens on a page of its own, its scenarios loaded then.</p>\n"
        var folders: [String: [Row]] = [:]
        for row in rows { folders[Self.folder(of: row.uri), default: []].append(row) }
        for folder in folders.keys.sorted() {
            html +=
                "<h3 class=\"folder-title\">" + escape(folder.isEmpty ? "(top folder)" : folder + "/")
                + "</h3>\n<ul class=\"lines site-features\">\n"
            for row in folders[folder]!.sorted(by: { $0.uri < $1.uri }) {
                let worst =
                    row.counts.filter { $0.value > 0 }.keys.max { HTMLFirstScreen.status(named: $0) < HTMLFirstScreen.status(named: $1) }
                    ?? "passed"
                let counts = HTMLFirstScreen.statusOrder.compactMap { status in
                    row.counts[status].flatMap {
                        $0 > 0 ? "\(HTMLFirstScreen.icons[status] ?? "") \($0) \(HTMLFirstScreen.labels[status] ?? status)" : nil
                    }
                }
                html +=
                    "<li class=\"s-" + worst + "\"><span class=\"icon s-" + worst + "\" aria-hidden=\"true\">"
                    + (HTMLFirstScreen.icons[worst] ?? "")
                    + "</span> <a href=\"" + escape(row.file) + "\">" + escape(row.name) + "</a> <span class=\"mono where\">"
                    + escape(row.uri)
                    + "</span> <span class=\"mini-counts\">" + counts.joined(separator: " \u{00B7} ") + "</span></li>\n"
            }
            html += "</ul>\n"
        }
        return html + "</section>\n"
    }

    static func folder(of uri: String) -> String {
        guard let slash = uri.lastIndex(of: "/") else { return "" }
        return String(uri[..<slash])
    }
}
