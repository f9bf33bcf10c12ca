import Messages
import SpecRunReportCore

/// The living documentation: one self-contained HTML file (inline CSS and JS, data embedded as JSON and
/// rendered with DOM APIs, a strict Content-Security-Policy) written when the run finishes.
enum HTMLPage {
    /// Writes the whole page: the template with the title and the data inserted, the data one feature at a time.
    static func write(
        index: RunIndex, extras: HTMLGherkinExtras, title: String, history: RunHistory? = nil,
        parseErrorWords: (@Sendable (ParseError) -> String)? = nil, to output: DocumentOutput
    ) {
        var head = HTMLTemplate.head
        head += "<title>" + escape(title) + "</title>\n"
        head += "<style>\n" + HTMLResources.css + "</style>\n</head>\n"
        head += HTMLTemplate.body(firstScreen(index: index, title: title, history: history))
            .replacingOccurrences(of: "<body>\n", with: "<body>\n" + incompleteBanner(index))
        head += "<script type=\"application/json\" id=\"report-data\">"
        output.write(head)
        var model = HTMLModel(index: index, extras: extras, title: title, history: history)
        model.parseErrorWords = parseErrorWords
        model.write(to: output)
        output.write("</script>\n<script>" + scriptElementText + "</script>\n</body>\n</html>\n")
    }

    /// The first screen, written as HTML before the data (see `HTMLFirstScreen`).
    static func firstScreen(index: RunIndex, title: String, history: RunHistory?) -> HTMLFirstScreen {
        let coverage = RequirementsCoverage.make(from: index)
        let criteria = Set(coverage?.stories.flatMap { $0.criteria.map(\.id) } ?? [])
        let view = history == nil ? nil : HistoryView(history: history, current: HistoryRun.make(from: index, coverage: coverage))
        var first = HTMLFirstScreen(
            index: index, title: title, criterionIds: criteria, newFailures: view.map { Set($0.newFailures) } ?? [],
            history: view?.firstScreen ?? ([:], []))
        first.gate = ReleaseGate(coverage: coverage)
        first.criteriaHistory = HTMLCriteriaHistory(view: view).html
        return first
    }

    /// The text of the page's one script element, exactly: the Content-Security-Policy allows it by its hash.
    static let scriptElementText = "\n" + HTMLResources.script

    /// A run that did not finish (a killed run's stream, a stream cut short) or whose stream is in doubt says so
    /// at the top of the page, without script.
    static func incompleteBanner(_ index: RunIndex) -> String {
        guard let reason = index.incompleteReason else { return "" }
        return "<p class=\"incomplete\" role=\"alert\" style=\"margin:0;padding:.75em 1em;background:#b00020;color:#fff;font-weight:bold\">"
            + escape(reason) + "</p>\n"
    }

    /// Text for HTML element content or attribute values.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
