/// Why a line could not be read as an envelope, with the path of the field at fault.
/// Thrown by `JSONReader` and the generated decoders; `NDJSON.decode` turns it into `NDJSON.Error.reason`.
struct JSONFailure: Error, Equatable {
    enum Kind: Equatable {
        /// Not JSON at all: what was expected and what was found, at a 1-based column (in Unicode scalars).
        case syntax(String, column: Int)
        /// A required field is absent (the field is the last path component).
        case missing
        /// A value of another JSON type than the field's.
        case wrongType(expected: String, found: String)
        /// A string that is none of the enum's values.
        case invalidValue(String, expected: [String])
        /// A key the object already had (the last path component), at the 1-based column of its second one: JSON
        /// readers disagree on which value counts, so the text is refused rather than read one way.
        case duplicateKey(column: Int)
        /// An envelope with a second message (of another kind: the last path component), at its key's column.
        case secondMessage(column: Int)
    }

    enum Component: Equatable {
        case key(String)
        case index(Int)
    }

    var kind: Kind
    /// Innermost component first (each decoding level appends its own on the way out).
    var reversedPath: [Component] = []

    static func missing(_ key: String) -> JSONFailure {
        JSONFailure(kind: .missing, reversedPath: [.key(key)])
    }

    func under(_ component: Component) -> JSONFailure {
        var copy = self
        copy.reversedPath.append(component)
        return copy
    }

    /// The column of a duplicate key (other failures name theirs in `reason`, or have none).
    var column: Int? {
        switch kind {
        case .duplicateKey(let column), .secondMessage(let column): return column
        default: return nil
        }
    }

    /// `steps[0].text` style: the path a person would type.
    var path: String {
        var result = ""
        for component in reversedPath.reversed() {
            switch component {
            case .key(let key): result += result.isEmpty ? key : "." + key
            case .index(let index): result += "[\(index)]"
            }
        }
        return result
    }

    /// The reason given by `NDJSON.Error`, in the same words as the JSONDecoder-based decoder it replaces.
    var reason: String {
        switch kind {
        case .syntax(let message, let column):
            return "invalid JSON (column \(column): \(message))"
        case .missing:
            return "missing field '\(path)'"
        case .wrongType(let expected, let found):
            let at = reversedPath.isEmpty ? "the top level" : "'\(path)'"
            return "wrong type at \(at): expected \(expected), found \(found)"
        case .invalidValue(let value, let expected):
            return "invalid value \"\(value)\" at '\(path)': expected one of \(expected.joined(separator: ", "))"
        case .duplicateKey:
            return
                "the key '\(path)' comes twice; JSON readers disagree on which value counts (the first or the last), so the line is refused"
        case .secondMessage:
            return "a second message, '\(path)', in one envelope; an envelope holds one message, so the line is refused"
        }
    }
}
