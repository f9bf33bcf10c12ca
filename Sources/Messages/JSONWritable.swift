/// A value the generated code can write as JSON; every message type conforms (Messages+JSON.generated.swift).
protocol JSONWritable {
    func writeJSON(to writer: inout JSONWriter)
}

extension String: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) { writer.string(self) }
}

extension Int: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) { writer.int(self) }
}

extension Bool: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) { writer.bool(self) }
}

extension Double: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) { writer.double(self) }
}

extension Array: JSONWritable where Element: JSONWritable {
    func writeJSON(to writer: inout JSONWriter) {
        writer.byte("[")
        var first = true
        for element in self {
            if first { first = false } else { writer.byte(",") }
            element.writeJSON(to: &writer)
        }
        writer.byte("]")
    }
}
