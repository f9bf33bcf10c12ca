import Foundation

/// Reading an NDJSON file in fixed-size chunks: one line in memory at a time (plus the chunk), so a stream of
/// hundreds of megabytes costs a few megabytes to read.
extension NDJSON {
    /// A file that cannot be read at all.
    public struct FileError: Swift.Error, CustomStringConvertible, Equatable {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// How a file ended: after a complete line, or in the middle of its last line (a run killed while writing).
    public enum Ending: Equatable, Sendable {
        case complete
        /// The last line has no newline and is not a whole envelope: it was cut off (the lines before it were read).
        case truncated(line: Int)
    }

    /// Calls `body` with every line of the file that is not blank (space, tab, CR), its 1-based number, and
    /// whether a newline ended it (false only for a last line without one).
    public static func forEachLine(
        inFile path: String, chunkSize: Int = 1 << 20,
        _ body: (UnsafeBufferPointer<UInt8>, Int, Bool) throws -> Void
    ) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw FileError(path: path, reason: "cannot open: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: max(chunkSize, 16))
        var filled = 0
        var lineNumber = 0
        while true {
            if filled == buffer.count { buffer = doubled(buffer) }
            let count = buffer.withUnsafeMutableBytes { raw in read(descriptor, raw.baseAddress! + filled, raw.count - filled) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, reason: "cannot read: \(String(cString: strerror(errno)))")
            }
            let atEnd = count == 0
            filled += count
            let consumed = try buffer.withUnsafeBufferPointer { all in
                try forEachWholeLine(
                    of: UnsafeBufferPointer(rebasing: all[0..<filled]), atEnd: atEnd,
                    lineNumber: &lineNumber, body)
            }
            if consumed > 0 {
                buffer.withUnsafeMutableBytes { raw in
                    if filled > consumed { memmove(raw.baseAddress!, raw.baseAddress! + consumed, filled - consumed) }
                }
                filled -= consumed
            }
            if atEnd { return }
        }
    }

    /// `buffer` twice as long, the new half zeros: memcpy and memset (appending a `repeatElement` went element by
    /// element, unspecialised in a debug build: a 100 MB line took minutes to read).
    private static func doubled(_ buffer: [UInt8]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: buffer.count * 2) { grown, count in
            buffer.withUnsafeBufferPointer { old in
                if let from = old.baseAddress, let to = grown.baseAddress { memcpy(to, from, old.count) }
            }
            if let to = grown.baseAddress { memset(to + buffer.count, 0, buffer.count) }
            count = buffer.count * 2
        }
    }

    /// The lines that end in `text` (all of them at the end of the file); returns how many bytes were used.
    private static func forEachWholeLine(
        of text: UnsafeBufferPointer<UInt8>, atEnd: Bool, lineNumber: inout Int,
        _ body: (UnsafeBufferPointer<UInt8>, Int, Bool) throws -> Void
    ) throws -> Int {
        guard let base = text.baseAddress else { return 0 }
        var lineStart = 0
        while lineStart < text.count {
            guard let newline = memchr(base + lineStart, 0x0A, text.count - lineStart) else {
                if !atEnd { return lineStart }
                lineNumber += 1
                let line = UnsafeBufferPointer(rebasing: text[lineStart..<text.count])
                if !isBlankLine(line) { try body(line, lineNumber, false) }
                return text.count
            }
            let lineEnd = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
            lineNumber += 1
            let line = UnsafeBufferPointer(rebasing: text[lineStart..<lineEnd])
            if !isBlankLine(line) { try body(line, lineNumber, true) }
            lineStart = lineEnd + 1
        }
        return lineStart
    }

    static func isBlankLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// Hands over each envelope of an NDJSON file in order, reading it in chunks. A line that is not an envelope
    /// throws `NDJSON.Error` naming it — including a JSON object with none of the envelope's keys (foreign JSON) —
    /// except a last line cut off without its newline after at least one envelope: then the envelopes before it
    /// count, and the result says so.
    ///
    /// `unknownKind`, when given, receives the kind and line number of each line that is an object of one key
    /// holding an object — an envelope of a kind this version does not know (a newer protocol) — which is then
    /// skipped rather than stopping the read.
    public static func forEachEnvelope(
        inFile path: String, uri: String? = nil, chunkSize: Int = 1 << 20,
        unknownKind: ((String, Int) -> Void)? = nil,
        _ body: (Envelope) throws -> Void
    ) throws -> Ending {
        let uri = uri ?? path
        var ending = Ending.complete
        var envelopes = 0
        var reader = JSONReader(UnsafeBufferPointer(start: nil, count: 0))
        try forEachLine(inFile: path, chunkSize: chunkSize) { line, lineNumber, terminated in
            let envelope: Envelope?
            do {
                envelope = try decode(line: line, uri: uri, lineNumber: lineNumber, reader: &reader)
            } catch  where !terminated && envelopes > 0 {  // a file of one broken line is no stream cut short
                ending = .truncated(line: lineNumber)
                return
            }
            guard let envelope else { return }
            if envelope == Envelope() {
                if let unknownKind, let kind = unknownEnvelopeKind(line) { unknownKind(kind, lineNumber); return }
                throw foreignObject(line, uri: uri, lineNumber: lineNumber)
            }
            envelopes += 1
            try body(envelope)
        }
        return ending
    }

    /// The first envelope of an NDJSON file (nil when it has no non-blank line), read by the rules of
    /// `forEachEnvelope` without reading further: a quick check that a file is a message stream at all.
    public static func firstEnvelope(inFile path: String, uri: String? = nil) throws -> Envelope? {
        struct Stop: Swift.Error {}
        var first: Envelope?
        do {
            try forEachLine(inFile: path, chunkSize: 1 << 16) { line, lineNumber, _ in
                guard let envelope = try decode(line: line, uri: uri ?? path, lineNumber: lineNumber) else { return }
                if envelope == Envelope() { throw foreignObject(line, uri: uri ?? path, lineNumber: lineNumber) }
                first = envelope
                throw Stop()
            }
        } catch is Stop {}
        return first
    }

    /// The key of a JSON object of one key whose value is an object (`{"newKind":{…}}`): how an envelope of a
    /// kind added by a later protocol version looks.
    static func unknownEnvelopeKind(_ line: UnsafeBufferPointer<UInt8>) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(buffer: line)) as? [String: Any],
            object.count == 1, let (key, value) = object.first, value is [String: Any]
        else { return nil }
        return key
    }

    /// A JSON object that decodes to no message: name its keys.
    static func foreignObject(_ line: UnsafeBufferPointer<UInt8>, uri: String, lineNumber: Int) -> NDJSON.Error {
        let object = try? JSONSerialization.jsonObject(with: Data(buffer: line)) as? [String: Any]
        let keys = (object?.keys.sorted() ?? []).prefix(5).map { "'\($0)'" }
        let found = keys.isEmpty ? "an empty object" : "key\(keys.count == 1 ? "" : "s") \(keys.joined(separator: ", "))"
        return NDJSON.Error(
            uri: uri, line: lineNumber,
            reason: "\(found), none of a message's (meta, source, pickle, testCase, …); is this file a message stream (--format message)?")
    }
}
