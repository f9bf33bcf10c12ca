import Messages

/// The living documentation: one self-contained HTML file (inline CSS and JS, data embedded as JSON and
/// rendered with DOM APIs, a strict Content-Security-Policy) written when the run finishes.
enum HTMLPage {
    static func document(index: RunIndex, title: String) -> String {
        render(title: title, data: HTMLModel(index: index, title: title).json().render(escapeForHTML: true))
    }

    /// The whole page: the template with the title and the data inserted.
    static func render(title: String, data: String) -> String {
        var page = HTMLTemplate.head
        page += "<title>" + escape(title) + "</title>\n"
        page += "<style>\n" + HTMLTemplate.css + "</style>\n</head>\n"
        page += HTMLTemplate.body
        page += "<script type=\"application/json\" id=\"report-data\">" + data + "</script>\n"
        page += "<script>\n" + HTMLTemplate.script + "</script>\n</body>\n</html>\n"
        return page
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
