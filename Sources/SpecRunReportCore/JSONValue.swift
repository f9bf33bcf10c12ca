/// A JSON value with ordered object keys, so reports come out in a stable, readable order.
package indirect enum JSONValue: Equatable {
    case string(String)
    case int(Int64)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.render() == rhs.render() }

    /// Compact JSON (`pretty: false`) or indented by two spaces. `escapeForHTML` writes `<`, `>`, `&`
    /// as `\u003c`… so the text can sit inside a `<script>` element.
    package func render(pretty: Bool = false, escapeForHTML: Bool = false) -> String {
        var out: [UInt8] = []
        write(into: &out, pretty: pretty, html: escapeForHTML, depth: 0)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the JSON text as UTF-8, as `render` writes it for a value nested `depth` levels deep.
    package func write(into out: inout [UInt8], pretty: Bool, html: Bool, depth: Int) {
        switch self {
        case .string(let text): JSONText.quote(text, into: &out, html: html)
        case .int(let value): JSONText.append(value, to: &out)
        case .double(let value): out.append(contentsOf: (value.isFinite ? "\(value)" : "null").utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        case .array(let items):
            if items.isEmpty { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (offset, item) in items.enumerated() {
                if offset > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { JSONText.newline(&out, depth + 1) }
                item.write(into: &out, pretty: pretty, html: html, depth: depth + 1)
            }
            if pretty { JSONText.newline(&out, depth) }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (offset, member) in members.enumerated() {
                if offset > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { JSONText.newline(&out, depth + 1) }
                JSONText.quote(member.0, into: &out, html: html)
                if pretty {
                    out.append(UInt8(ascii: ":"))
                    out.append(UInt8(ascii: " "))
                } else {
                    out.append(UInt8(ascii: ":"))
                }
                member.1.write(into: &out, pretty: pretty, html: html, depth: depth + 1)
            }
            if pretty { JSONText.newline(&out, depth) }
            out.append(UInt8(ascii: "}"))
        }
    }
}
