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
        // Each element written where it is: `for element in self` copies it first, a retain and a release for
        // every string and array in it (two fifths of writing a pickle or a document).
        withUnsafeBufferPointer { elements in
            for index in elements.indices {
                if index > 0 { writer.byte(",") }
                elements[index].writeJSON(to: &writer)
            }
        }
        writer.byte("]")
    }
}
