import Foundation

/// Encodes and decodes Cucumber Messages as newline-delimited JSON: one envelope per line.
///
/// Both directions use the generated hand-rolled coders (Messages+JSON.generated.swift): the output is
/// byte-identical to `JSONEncoder` with sorted keys and unescaped slashes, and the decoder yields the same
/// values as `JSONDecoder` (a line it rejects is retried with `JSONDecoder`, so nothing it accepted is refused).
public enum NDJSON {
    /// One line of JSON (no trailing newline) for an envelope. (Never throws; `throws` is kept for source compatibility.)
    public static func encode(_ envelope: Envelope) throws -> String {
        var writer = JSONWriter(capacity: 512)
        envelope.writeJSON(to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Appends the JSON line of an envelope (without its newline) to `bytes`: no intermediate `String`.
    public static func encode(_ envelope: Envelope, into bytes: inout [UInt8]) {
        var writer = JSONWriter(capacity: 0)
        swap(&writer.bytes, &bytes)
        envelope.writeJSON(to: &writer)
        swap(&writer.bytes, &bytes)
    }

    /// Every envelope of an NDJSON text; blank lines are ignored. Throws `NDJSON.Error` naming the line.
    public static func decode(_ text: String, uri: String = "<ndjson>") throws -> [Envelope] {
        var text = text
        return try text.withUTF8 { try decode(utf8: $0, uri: uri) }
    }

    /// Every envelope of NDJSON bytes (UTF-8, as read from a file); blank lines are ignored.
    public static func decode(_ data: Data, uri: String = "<ndjson>") throws -> [Envelope] {
        try data.withUnsafeBytes { raw in
            try decode(utf8: UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self),
                                                 count: raw.count), uri: uri)
        }
    }

    public struct Error: Swift.Error, CustomStringConvertible, Equatable {
        public let uri: String
        public let line: Int
        public let reason: String
        public var description: String { "\(uri):\(line): not a Cucumber Messages envelope: \(reason)" }
    }

    /// The reference coder: the fast path's output must equal it byte for byte.
    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]  // sorted: byte-reproducible output
        return encoder
    }

    // MARK: - Decoding lines

    private static func decode(utf8 text: UnsafeBufferPointer<UInt8>, uri: String) throws -> [Envelope] {
        let count = text.count
        guard let base = text.baseAddress, count > 0 else { return [] }
        // An Envelope is a large value (one optional per message): reserve once instead of regrowing.
        var result: [Envelope] = []
        result.reserveCapacity(newlineCount(text) + 1)
        var lineNumber = 0
        var lineStart = 0
        while lineStart <= count {
            let lineEnd: Int
            if lineStart < count, let newline = memchr(base + lineStart, 0x0A, count - lineStart) {
                lineEnd = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
            } else {
                lineEnd = count
            }
            lineNumber += 1
            let line = UnsafeBufferPointer(rebasing: text[lineStart..<lineEnd])
            if !isBlank(line) { try decode(line: line, uri: uri, lineNumber: lineNumber, into: &result) }
            lineStart = lineEnd + 1
        }
        return result
    }

    private static func newlineCount(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var lines = 0
        for byte in text where byte == 0x0A { lines += 1 }
        return lines
    }

    private static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// Appends the envelope on a line (none when the line is only Unicode whitespace).
    private static func decode(line: UnsafeBufferPointer<UInt8>, uri: String, lineNumber: Int,
                               into result: inout [Envelope]) throws {
        var reader = JSONReader(line)
        let count = result.count
        do {
            result.append(try Envelope(json: &reader))  // in place: an Envelope is large
            try reader.finish()
        } catch {
            if result.count > count { result.removeLast() }
            if let envelope = try recover(line: line, failure: error, uri: uri, lineNumber: lineNumber) {
                result.append(envelope)
            }
        }
    }

    /// The slow path, only for lines the fast path refused: what `JSONDecoder` accepts on the trimmed line is
    /// accepted (the old behaviour); otherwise the error names the first syntax error, or else the field at fault.
    private static func recover(line: UnsafeBufferPointer<UInt8>, failure: JSONFailure, uri: String,
                                lineNumber: Int) throws -> Envelope? {
        let trimmed = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return nil }
        if let envelope = try? JSONDecoder().decode(Envelope.self, from: Data(trimmed.utf8)) { return envelope }
        var reported = failure
        if case .syntax = failure.kind {} else {
            var validator = JSONReader(line)
            do {
                try validator.skipValue()
                try validator.finish()
            } catch {
                reported = error
            }
        }
        throw Error(uri: uri, line: lineNumber, reason: reported.reason)
    }
}
