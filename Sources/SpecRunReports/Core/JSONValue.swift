/// A JSON value with ordered object keys, so reports come out in a stable, readable order.
indirect enum JSONValue: Equatable {
    case string(String)
    case int(Int64)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.render() == rhs.render() }

    /// Compact JSON (`pretty: false`) or indented by two spaces. `escapeForHTML` writes `<`, `>`, `&`
    /// as `\u003c`… so the text can sit inside a `<script>` element.
    func render(pretty: Bool = false, escapeForHTML: Bool = false) -> String {
        var out = ""
        write(into: &out, pretty: pretty, html: escapeForHTML, depth: 0)
        return out
    }

    private func write(into out: inout String, pretty: Bool, html: Bool, depth: Int) {
        switch self {
        case .string(let text): JSONValue.quote(text, into: &out, html: html)
        case .int(let value): out += String(value)
        case .double(let value): out += value.isFinite ? "\(value)" : "null"
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (offset, item) in items.enumerated() {
                if offset > 0 { out += "," }
                if pretty { newline(&out, depth + 1) }
                item.write(into: &out, pretty: pretty, html: html, depth: depth + 1)
            }
            if pretty { newline(&out, depth) }
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (offset, member) in members.enumerated() {
                if offset > 0 { out += "," }
                if pretty { newline(&out, depth + 1) }
                JSONValue.quote(member.0, into: &out, html: html)
                out += pretty ? ": " : ":"
                member.1.write(into: &out, pretty: pretty, html: html, depth: depth + 1)
            }
            if pretty { newline(&out, depth) }
            out += "}"
        }
    }

    private func newline(_ out: inout String, _ depth: Int) {
        out += "\n"
        out += String(repeating: "  ", count: depth)
    }

    static func quote(_ text: String, into out: inout String, html: Bool) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<" where html: out += "\\u003c"
            case ">" where html: out += "\\u003e"
            case "&" where html: out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
