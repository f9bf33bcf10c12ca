import Foundation

/// Encodes and decodes Cucumber Messages as newline-delimited JSON: one envelope per line.
public enum NDJSON {
    /// One line of JSON (no trailing newline) for an envelope.
    public static func encode(_ envelope: Envelope) throws -> String {
        let data = try makeEncoder().encode(envelope)
        return String(decoding: data, as: UTF8.self)
    }

    /// Every envelope of an NDJSON text; blank lines are ignored. Throws `NDJSON.Error` naming the line.
    public static func decode(_ text: String, uri: String = "<ndjson>") throws -> [Envelope] {
        let decoder = JSONDecoder()
        var result: [Envelope] = []
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { continue }
            do {
                result.append(try decoder.decode(Envelope.self, from: Data(trimmed.utf8)))
            } catch {
                throw Error(uri: uri, line: lineNumber, reason: describe(error))
            }
        }
        return result
    }

    public struct Error: Swift.Error, CustomStringConvertible, Equatable {
        public let uri: String
        public let line: Int
        public let reason: String
        public var description: String { "\(uri):\(line): not a Cucumber Messages envelope: \(reason)" }
    }

    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]  // sorted: byte-reproducible output
        return encoder
    }

    private static func describe(_ error: Swift.Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            return "invalid JSON (\(context.debugDescription))"
        case DecodingError.keyNotFound(let key, let context):
            return "missing field '\((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "wrong type at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
        default:
            return "\(error)"
        }
    }
}
