/// A value the generated code can read from JSON; every message type conforms (Messages+JSON.generated.swift).
protocol JSONReadable {
    init(json reader: inout JSONReader) throws(JSONFailure)
}

extension String: JSONReadable {
    init(json reader: inout JSONReader) throws(JSONFailure) { self = try reader.readString() }
}

extension Int: JSONReadable {
    init(json reader: inout JSONReader) throws(JSONFailure) { self = try reader.readInt() }
}

extension Bool: JSONReadable {
    init(json reader: inout JSONReader) throws(JSONFailure) { self = try reader.readBool() }
}

extension Double: JSONReadable {
    init(json reader: inout JSONReader) throws(JSONFailure) { self = try reader.readDouble() }
}

extension Array: JSONReadable where Element: JSONReadable {
    init(json reader: inout JSONReader) throws(JSONFailure) {
        self = try reader.readArray(of: Element.self)
    }
}
