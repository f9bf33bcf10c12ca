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
        // By index, each element written where it is: `for element in self` copies it out first (a retain and a
        // release for each of its strings and arrays).
        for index in indices {
            if index > 0 { writer.byte(",") }
            self[index].writeJSON(to: &writer)
        }
        writer.byte("]")
    }
}

extension MessageBox where Value: JSONWritable {
    /// The message written from its box: `box.value.writeJSON(to:)` copies the message out of the box first.
    func writeJSON(to writer: inout JSONWriter) { value.writeJSON(to: &writer) }
}
