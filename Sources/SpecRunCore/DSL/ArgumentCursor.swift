import Foundation

/// Converts the raw values of a match, one by one, into the types a step closure asks for.
final class ArgumentCursor {
    private let raw: [RawArgument]
    private let definition: StepDefinitionDescription
    private var index = 0

    init(_ raw: [RawArgument], definition: StepDefinitionDescription) {
        self.raw = raw
        self.definition = definition
    }

    func next<T>(_ type: T.Type) throws -> T {
        defer { index += 1 }
        let argument = raw[index]
        if case .docString(let docString) = argument, T.self != DocString.self, T.self != String.self,
            let transformer = DocStringTypes.shared.transformer(for: type, mediaType: docString.mediaType)
        {
            do {
                if let value = try transformer(docString.content) as? T { return value }
            } catch {
                throw ArgumentMismatch(
                    description: "\(definition): argument \(index + 1) is a \(T.self) made by its DocString type"
                        + "\(docString.mediaType.map { " (\($0))" } ?? ""), which failed: \(error)")
            }
        }
        if let value = Self.convert(argument, to: type) { return value }
        if let value = try Self.decode(argument, as: type, position: index + 1, definition: definition) { return value }
        throw ArgumentMismatch.type(
            definition: definition, position: index + 1,
            expected: String(describing: type), provided: argument)
    }

    static func convert<T>(_ argument: RawArgument, to type: T.Type) -> T? {
        switch argument {
        case .match(let boxed, let text, _):
            if let value = unboxed(boxed) as? T { return value }
            guard let text else { return nil }
            if let string = text as? T { return string }
            if T.self == Decimal.self { return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) as? T }
            if let convertible = T.self as? any LosslessStringConvertible.Type {
                return convertible.init(text) as? T
            }
            return nil
        case .dataTable(let table):
            if let table = table as? T { return table }
            return table.rows as? T
        case .docString(let docString):
            if let docString = docString as? T { return docString }
            return docString.content as? T
        }
    }
}

extension ArgumentCursor {
    /// A match's value, out of its `TransformedValue` when a custom parameter type made it.
    static func unboxed(_ value: (any Sendable)?) -> Any? {
        if let boxed = value as? TransformedValue { return boxed.value }
        return value
    }

    /// Typed arguments: a `Decodable` parameter receives a DocString's JSON decoded, or a DataTable's data rows
    /// decoded (`[Item]`, the header row naming the properties; see `DataTable.rows(as:)`).
    static func decode<T>(
        _ argument: RawArgument, as type: T.Type, position: Int,
        definition: StepDefinitionDescription
    ) throws -> T? {
        switch argument {
        case .docString(let docString):
            guard let decodable = T.self as? any Decodable.Type else { return nil }
            do {
                return try JSONDecoder().decode(decodable, from: Data(docString.content.utf8)) as? T
            } catch {
                throw ArgumentMismatch(
                    description: "\(definition): argument \(position) is a \(T.self) decoded from the DocString's JSON, "
                        + "which does not fit: \(Self.reason(error))")
            }
        case .dataTable(let table):
            guard let rows = T.self as? any DecodableArray.Type else { return nil }
            return try rows.decodeRows(table) as? T
        case .match:
            return nil
        }
    }

    static func reason(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): return "no '\(key.stringValue)'"
        case DecodingError.typeMismatch(let type, let context):
            return "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' is not \(type)"
        case DecodingError.valueNotFound(let type, let context):
            return "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' is null, expected \(type)"
        case DecodingError.dataCorrupted(let context): return context.debugDescription
        default: return "\(error)"
        }
    }
}

/// An array of `Decodable` elements, decoded from a DataTable's rows.
protocol DecodableArray {
    static func decodeRows(_ table: DataTable) throws -> Any
}

extension Array: DecodableArray where Element: Decodable {
    static func decodeRows(_ table: DataTable) throws -> Any { try table.rows(as: Element.self) }
}

/// The step's values do not fit the closure of the step definition.
struct ArgumentMismatch: Error, CustomStringConvertible {
    let description: String

    static func arity(definition: StepDefinitionDescription, expected: [String], provided: [RawArgument]) -> ArgumentMismatch {
        let what = provided.map(\.summary).joined(separator: ", ")
        return ArgumentMismatch(
            description:
                "\(definition) takes \(expected.count) argument(s) (\(expected.joined(separator: ", "))) "
                + "but the step provides \(provided.count)\(provided.isEmpty ? "" : " (\(what))"); "
                + "change the closure's parameters to match the expression and the step's DataTable/DocString")
    }

    static func type(definition: StepDefinitionDescription, position: Int, expected: String, provided: RawArgument) -> ArgumentMismatch {
        ArgumentMismatch(
            description:
                "\(definition): argument \(position) is declared as \(expected) but the step provides \(provided.summary); "
                + "declare the parameter with the type the expression produces")
    }
}

extension RawArgument {
    var summary: String {
        switch self {
        case .match(let value, let text, let parameterType):
            // A {string}'s text keeps its quotes: shown as written, not quoted twice.
            let shown = text.map { Self.isQuoted($0) ? $0 : "\"\($0)\"" } ?? "nil"
            let kind = parameterType.map { "{\($0)}" } ?? "capture"
            let valueType = ArgumentCursor.unboxed(value).map { " → \(type(of: $0))" } ?? ""
            return "\(shown) from \(kind)\(valueType)"
        case .dataTable: return "a DataTable"
        case .docString: return "a DocString"
        }
    }

    private static func isQuoted(_ text: String) -> Bool {
        text.count >= 2 && (text.first == "\"" && text.last == "\"" || text.first == "'" && text.last == "'")
    }
}
