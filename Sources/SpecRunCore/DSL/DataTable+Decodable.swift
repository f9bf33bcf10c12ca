import Foundation

extension DataTable {
    /// The data rows as values of a `Decodable` type, the header row naming the properties:
    ///
    ///     struct Item: Decodable { let name: String; let count: Int; let price: Double? }
    ///     let items = try table.rows(as: Item.self)      // | name | count | price |
    ///
    /// Cells are text; a property of a numeric or Bool type reads its cell as one. An empty cell is nil for an
    /// optional property. A cell that does not fit fails the step, naming the row and the column.
    public func rows<T: Decodable>(as type: T.Type, file: StaticString = #filePath, line: UInt = #line) throws -> [T] {
        var records: [[String: Any]] = hashes().map { row in row.filter { !$0.value.isEmpty } }
        var converted: [String: Any.Type] = [:]
        while true {
            do {
                let data = try JSONSerialization.data(withJSONObject: records)
                return try JSONDecoder().decode([T].self, from: data)
            } catch let DecodingError.typeMismatch(expected, context) {
                guard let key = context.codingPath.last?.stringValue, converted[key] == nil else {
                    throw ExpectationFailure(
                        Self.describe(DecodingError.typeMismatch(expected, context), T.self), file: "\(file)", line: Int(line))
                }
                converted[key] = expected
                for index in records.indices {
                    guard let text = records[index][key] as? String else { continue }
                    guard let value = Self.value(text, as: expected) else {
                        throw ExpectationFailure(
                            "row \(index + 1) of the table, column '\(key)': '\(text)' is not \(expected) (for \(T.self))",
                            file: "\(file)", line: Int(line))
                    }
                    records[index][key] = value
                }
            } catch {
                throw ExpectationFailure(Self.describe(error, T.self), file: "\(file)", line: Int(line))
            }
        }
    }

    private static func value(_ text: String, as type: Any.Type) -> Any? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch type {
        case is Bool.Type: return ["true": true, "yes": true, "false": false, "no": false][trimmed.lowercased()]
        case is Double.Type, is Float.Type: return Double(trimmed)
        default: return Int(trimmed) ?? Double(trimmed)
        }
    }

    private static func describe(_ error: Error, _ type: Any.Type) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "the table has no column '\(key.stringValue)' for \(type)" + row(context)
        case DecodingError.valueNotFound(_, let context):
            return "an empty cell in column '\(context.codingPath.last?.stringValue ?? "?")' for \(type)" + row(context)
        case DecodingError.typeMismatch(let expected, let context):
            return "column '\(context.codingPath.last?.stringValue ?? "?")' is not \(expected) for \(type)" + row(context)
        default:
            return "the table does not fit \(type): \(error)"
        }
    }

    private static func row(_ context: DecodingError.Context) -> String {
        context.codingPath.first?.intValue.map { " (row \($0 + 1))" } ?? ""
    }
}
