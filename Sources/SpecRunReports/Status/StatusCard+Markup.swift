import Foundation

/// The status card's page and badge. Every text of the run is escaped; the only links are into the report.
extension StatusCard {
    private func escape(_ text: String) -> String { HTMLPage.escape(text) }

    static let csp =
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
        + "img-src data:; base-uri 'none'; form-action 'none'\">"

    static let style = """
        body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1b2230;background:#f6f7f9}
        main{max-width:640px;margin:16px auto;padding:16px 20px;background:#fff;border:1px solid #d5dbe4;border-left:6px solid #1a7f37;border-radius:8px}
        main.blocked{border-left-color:#b42318}
        h1{font-size:18px;margin:0 0 2px}.meta{margin:0;color:#4f5a6b;font-size:13px}
        .verdict{font-size:17px;margin:10px 0 4px}.blocked .verdict strong{color:#b42318}.verdict strong{color:#1a7f37}
        .proves{margin:0 0 8px}ul{padding-left:20px;margin:6px 0}li{margin:4px 0}
        .mono{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px}.since{display:block;color:#4f5a6b;font-size:13px}
        a{color:#0b57d0;display:inline-block;min-height:24px;line-height:24px}
        @media (prefers-color-scheme: dark){body{background:#12161d;color:#e4e8ef}main{background:#1a2029;border-color:#323b48}
        .meta,.since{color:#a9b3c2}a{color:#8ab4f8}.blocked .verdict strong{color:#ff8a80}.verdict strong{color:#6fdd8b}}
        """

    func html() -> String {
        var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n" + Self.csp + "\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"generator\" content=\"specrun\">\n"
        html += "<title>" + escape(verdictWord + " \u{00B7} " + title) + "</title>\n<style>" + Self.style + "</style>\n</head>\n<body>\n"
        html += "<main class=\"status-card" + (blocked ? " blocked" : "") + "\">\n"
        html += "<h1>" + escape(title) + "</h1>\n<p class=\"meta\">" + escape(meta) + "</p>\n"
        html +=
            "<p class=\"verdict\"><strong>" + escape(verdictWord) + (verdictDetail.isEmpty ? "" : ":") + "</strong> "
            + escape(verdictDetail)
            + "</p>\n"
        html += "<p class=\"proves\">" + escape(proves) + (partial.map { " \u{00B7} " + escape($0) } ?? "") + "</p>\n"
        if !broken.isEmpty {
            html += "<ul class=\"broken\">\n"
            for line in broken {
                html +=
                    "<li><a class=\"mono\" href=\"" + escape(report + line.anchor) + "\">" + escape(line.id) + "</a> " + escape(line.title)
                    + (line.since.map { "<span class=\"since\">" + escape($0) + "</span>" } ?? "") + "</li>\n"
            }
            html += "</ul>\n"
            if moreBroken > 0 { html += "<p>and \(moreBroken) more in the report.</p>\n" }
        }
        html += "<p><a href=\"" + escape(report) + "\">The whole report \u{2192}</a></p>\n</main>\n</body>\n</html>\n"
        return html
    }

    /// A badge as shields.io draws them: "specs | blocked", "specs | ready · 77 of 77".
    func badge() -> String {
        let label = "specs"
        let message = verdictWord.lowercased() + " \u{00B7} " + proves.replacingOccurrences(of: "Proves ", with: "proves ")
        let colour = blocked ? "#b42318" : "#1a7f37"
        func width(_ text: String) -> Int { text.count * 7 + 12 }
        let left = width(label), right = width(message), total = left + right
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(total)\" height=\"20\" role=\"img\" aria-label=\""
            + escape(label + ": " + message) + "\">"
        svg += "<title>" + escape(label + ": " + message) + "</title>"
        svg +=
            "<rect width=\"\(left)\" height=\"20\" fill=\"#555\"/><rect x=\"\(left)\" width=\"\(right)\" height=\"20\" fill=\"" + colour
            + "\"/>"
        svg += "<g fill=\"#fff\" font-family=\"Verdana,DejaVu Sans,sans-serif\" font-size=\"11\">"
        svg +=
            "<text x=\"6\" y=\"14\">" + escape(label) + "</text><text x=\"\(left + 6)\" y=\"14\">" + escape(message) + "</text></g></svg>\n"
        return svg
    }

    /// The badge's file beside the card: `status.html` → `status.svg`.
    static func badgePath(of path: String) -> String {
        (path.hasSuffix(".html") ? String(path.dropLast(5)) : path) + ".svg"
    }
}
