import Foundation
import SpecRunReportCore

/// `failures.html` of an `html-site` folder: every scenario that did not pass, worst first, each read as its Then
/// and what the app did, linking to its feature's page (the index shows the first ones and links here). HTML
/// only, no script, as the index.
struct HTMLSiteFailures {
    let first: HTMLFirstScreen
    let banner: String

    func html() -> String {
        var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n" + HTMLSiteIndex.csp + "\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"generator\" content=\"specrun\">\n"
        html +=
            "<title>Every failure \u{00B7} " + first.titleHTML
            + "</title>\n<link rel=\"stylesheet\" href=\"assets/report.css\">\n</head>\n<body>\n"
            + banner
        html += "<p class=\"site-nav\"><a href=\"index.html\">\u{2190} The run</a></p>\n"
        html +=
            "<header class=\"top\">\n<h1 id=\"title\">" + first.titleHTML + "</h1>\n<p class=\"meta\" id=\"run-meta\">" + first.metaHTML
            + "</p>\n<p class=\"headline " + first.headlineClass + "\" id=\"headline\">" + first.headlineHTML + "</p>\n</header>\n<main>\n"
        html +=
            "<section id=\"problems\" aria-label=\"Every scenario that did not pass\">"
            // The criteria are on the index.
            + (first.needsAttention
                ? first.problemsHTML(more: { "and \($0) more" }).replacingOccurrences(
                    of: "href=\"#criterion-", with: "href=\"index.html#criterion-")
                : "<p>Every scenario passed.</p>\n")
            + "</section>\n"
        return html + "</main>\n</body>\n</html>\n"
    }
}
