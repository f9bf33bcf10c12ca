/// Small JSON texts outside the Messages schema — the CLI's worker control lines — read and written by the same
/// reader and writer as the messages: an object of strings, numbers, booleans, arrays of strings and objects.
public enum JSONLine {
    public indirect enum Value: Equatable, Sendable {
        case string(String)
        case number(Double)
        case bool(Bool)
        case strings([String])
        case object([String: Value])
    }

    /// The object a text holds; nil when it holds anything else (or a value of a kind not listed above).
    public static func object<C: Collection>(_ text: C) -> [String: Value]? where C.Element == UInt8 {
        Array(text).withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer)
            do {
                let members = try readObject(&reader)
                try reader.finish()
                return members
            } catch {
                return nil
            }
        }
    }

    /// The object as JSON, its keys sorted (no newline).
    public static func text(_ object: [String: Value]) -> [UInt8] {
        var writer = JSONWriter()
        write(object, to: &writer)
        return writer.bytes
    }

    private static func readObject(_ reader: inout JSONReader) throws(JSONFailure) -> [String: Value] {
        try reader.beginObject()
        var members: [String: Value] = [:]
        var first = true
        while let key = try reader.nextKeyText(&first) {
            // A key twice is refused (readers disagree on which value counts): the text is then no object.
            guard members[key] == nil else { throw reader.syntax("the key '\(key)' a second time") }
            members[key] = try readValue(&reader)
        }
        return members
    }

    private static func readValue(_ reader: inout JSONReader) throws(JSONFailure) -> Value {
        reader.skipWhitespace()
        switch reader.peek {
        case UInt8(ascii: "\""): return .string(try reader.readString())
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool(try reader.readBool())
        case UInt8(ascii: "{"): return .object(try readObject(&reader))
        case UInt8(ascii: "["):
            try reader.beginArray()
            var items: [String] = []
            var first = true
            while try reader.nextElement(&first) { items.append(try reader.readString()) }
            return .strings(items)
        default:
            return .number(try reader.readDouble())
        }
    }

    private static func write(_ object: [String: Value], to writer: inout JSONWriter) {
        writer.byte("{")
        for (position, key) in object.keys.sorted().enumerated() {
            if position > 0 { writer.byte(",") }
            writer.string(key)
            writer.byte(":")
            switch object[key]! {
            case .string(let text): writer.string(text)
            case .number(let number): writer.double(number)
            case .bool(let flag): writer.bool(flag)
            case .object(let members): write(members, to: &writer)
            case .strings(let items):
                writer.byte("[")
                for (index, item) in items.enumerated() {
                    if index > 0 { writer.byte(",") }
                    writer.string(item)
                }
                writer.byte("]")
            }
        }
        writer.byte("}")
    }
}
