/// The living documentation: one self-contained HTML file (inline CSS and JS, data embedded as JSON and
/// rendered with DOM APIs, a strict Content-Security-Policy) written when the run finishes.
enum HTMLPage {
    /// Writes the whole page: the template with the title and the data inserted, the data one feature at a time.
    static func write(index: RunIndex, extras: HTMLGherkinExtras, title: String, history: RunHistory? = nil, to output: DocumentOutput) {
        var head = HTMLTemplate.head
        head += "<title>" + escape(title) + "</title>\n"
        head += "<style>\n" + HTMLResources.css + "</style>\n</head>\n"
        head += HTMLTemplate.body
        head += "<script type=\"application/json\" id=\"report-data\">"
        output.write(head)
        HTMLModel(index: index, extras: extras, title: title, history: history).write(to: output)
        output.write("</script>\n<script>\n" + HTMLResources.script + "</script>\n</body>\n</html>\n")
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
