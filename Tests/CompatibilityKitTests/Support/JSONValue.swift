import Foundation

/// A JSON tree, to compare message streams field by field whatever Swift type produced them.
enum JSONValue: Equatable, Decodable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Parses one JSON text (one NDJSON line).
    static func parse(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    subscript(key: String) -> JSONValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }

    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// Compact JSON with sorted keys, so two renderings can be compared by eye.
    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .string(let text): return Self.quote(text)
        case .array(let items): return "[" + items.map(\.description).joined(separator: ",") + "]"
        case .object(let fields):
            return "{"
                + fields.keys.sorted().map { Self.quote($0) + ":" + fields[$0]!.description }
                .joined(separator: ",") + "}"
        }
    }

    private static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    /// The first place where two trees differ, as a JSON-pointer-like path ("/testCase/testSteps/0/…").
    static func firstDifference(_ expected: JSONValue, _ actual: JSONValue, path: String = "") -> String? {
        switch (expected, actual) {
        case (.object(let left), .object(let right)):
            for key in Set(left.keys).union(right.keys).sorted() {
                guard let l = left[key] else { return "\(path)/\(key) (unexpected in actual)" }
                guard let r = right[key] else { return "\(path)/\(key) (missing in actual)" }
                if let difference = firstDifference(l, r, path: "\(path)/\(key)") { return difference }
            }
            return nil
        case (.array(let left), .array(let right)):
            for (index, pair) in zip(left, right).enumerated() {
                if let difference = firstDifference(pair.0, pair.1, path: "\(path)/\(index)") { return difference }
            }
            return left.count == right.count ? nil : "\(path) (expected \(left.count) items, actual \(right.count))"
        default:
            return expected == actual ? nil : "\(path) (expected \(expected), actual \(actual))"
        }
    }
}
