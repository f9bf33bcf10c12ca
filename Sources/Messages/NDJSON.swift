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
        return writer.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends the JSON line of an envelope (without its newline) to `bytes`: no intermediate `String`.
    public static func encode(_ envelope: Envelope, into bytes: inout [UInt8]) {
        // Under glibc's per-thread cache limit (1032 bytes): most envelopes of a run fit, at the cost of a cached
        // allocation and a copy; larger ones grow the buffer.
        var writer = JSONWriter(capacity: 1000)
        envelope.writeJSON(to: &writer)
        writer.withBytes { bytes.append(contentsOf: $0) }
    }

    /// The NDJSON of `envelopes`, each line with its newline, written into one buffer. `line` may give the line
    /// of an envelope itself (a caller's variant of the encoding); nil keeps the standard one.
    public static func encodeLines(
        _ envelopes: [Envelope], capacity: Int = 4096,
        line: (Envelope) throws -> String?
    ) rethrows -> [UInt8] {
        var writer = JSONWriter(capacity: capacity)
        for envelope in envelopes {
            if var text = try line(envelope) {
                text.withUTF8 { writer.raw(bytes: $0) }
            } else {
                envelope.writeJSON(to: &writer)
            }
            writer.byte("\n")
        }
        return writer.bytes
    }

    /// Every envelope of an NDJSON text; blank lines are ignored. Throws `NDJSON.Error` naming the line.
    public static func decode(_ text: String, uri: String = "<ndjson>") throws -> [Envelope] {
        var text = text
        return try text.withUTF8 { try decode(utf8: $0, uri: uri) }
    }

    /// Every envelope of NDJSON bytes (UTF-8, as read from a file); blank lines are ignored.
    public static func decode(_ data: Data, uri: String = "<ndjson>") throws -> [Envelope] {
        try data.withUnsafeBytes { raw in try decode(utf8: raw.bindMemory(to: UInt8.self), uri: uri) }
    }

    /// Hands over each envelope of NDJSON bytes in order without keeping them all (for reports over large
    /// streams). Throws `NDJSON.Error` at the first line that is not an envelope, after the lines before it.
    /// With `keepingJSON`, each envelope keeps the line it came from (`Envelope.json`), for a stream that is
    /// written out again unchanged: only for lines specrun itself encoded (a foreign producer's key order and
    /// spacing would pass through).
    public static func forEachEnvelope(
        in data: Data, uri: String = "<ndjson>", keepingJSON: Bool = false,
        _ body: (Envelope) throws -> Void
    ) throws {
        try data.withUnsafeBytes { raw in
            try forEachEnvelope(in: raw.bindMemory(to: UInt8.self), uri: uri, keepingJSON: keepingJSON, body)
        }
    }

    /// The same over bytes in memory, without copying them into a `Data` first.
    public static func forEachEnvelope(
        in bytes: UnsafeBufferPointer<UInt8>, uri: String = "<ndjson>", keepingJSON: Bool = false,
        _ body: (Envelope) throws -> Void
    ) throws {
        var reader = JSONReader(UnsafeBufferPointer(start: nil, count: 0))
        try forEachEnvelope(in: bytes, uri: uri, keepingJSON: keepingJSON, reader: &reader, body)
    }

    /// The same with a reader that may outlive the call (`StreamDecoder`).
    static func forEachEnvelope(
        in bytes: UnsafeBufferPointer<UInt8>, uri: String, keepingJSON: Bool,
        reader: inout JSONReader, _ body: (Envelope) throws -> Void
    ) throws {
        try forEachLine(of: bytes) { line, lineNumber in
            guard var envelope = try decode(line: line, uri: uri, lineNumber: lineNumber, reader: &reader) else { return }
            if keepingJSON, line.first == UInt8(ascii: "{"), line.last == UInt8(ascii: "}") {
                envelope.keepJSON(Array(line))
            }
            try body(envelope)
        }
    }

    public struct Error: Swift.Error, CustomStringConvertible, Equatable {
        public let uri: String
        public let line: Int
        public let reason: String
        /// The 1-based column at fault, when the reason has one of its own to name (a duplicate key).
        public var column: Int? = nil

        public init(uri: String, line: Int, reason: String, column: Int? = nil) {
            self.uri = uri
            self.line = line
            self.reason = reason
            self.column = column
        }

        public var description: String {
            "\(uri):\(line)\(column.map { ":\($0)" } ?? ""): not a Cucumber Messages envelope: \(reason)"
        }
    }
}
