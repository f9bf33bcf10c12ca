import Foundation

/// Splitting NDJSON into lines and decoding one line: the fast generated decoder first, `JSONDecoder` only for
/// a line it refuses.
extension NDJSON {
    static func decode(utf8 text: UnsafeBufferPointer<UInt8>, uri: String) throws -> [Envelope] {
        var result: [Envelope] = []
        result.reserveCapacity(newlineCount(text) + 1)
        var reader = JSONReader(UnsafeBufferPointer(start: nil, count: 0))
        try forEachLine(of: text) { line, lineNumber in
            if let envelope = try decode(line: line, uri: uri, lineNumber: lineNumber, reader: &reader) { result.append(envelope) }
        }
        return result
    }

    /// Calls `body` with every line that is not blank (space, tab, CR) and its 1-based number.
    static func forEachLine(
        of text: UnsafeBufferPointer<UInt8>,
        _ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void
    ) throws {
        let count = text.count
        guard let base = text.baseAddress, count > 0 else { return }
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
            if !isBlank(line) { try body(line, lineNumber) }
            lineStart = lineEnd + 1
        }
    }

    private static func newlineCount(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var lines = 0
        for byte in text where byte == 0x0A { lines += 1 }
        return lines
    }

    private static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// The envelope on a line, or nil when the line is only (Unicode) whitespace.
    static func decode(line: UnsafeBufferPointer<UInt8>, uri: String, lineNumber: Int) throws -> Envelope? {
        var reader = JSONReader(line)
        return try decode(line: line, uri: uri, lineNumber: lineNumber, reader: &reader)
    }

    /// The same with the reader of the stream, reset to the line (see `JSONReader.reset`).
    static func decode(
        line: UnsafeBufferPointer<UInt8>, uri: String, lineNumber: Int,
        reader: inout JSONReader
    ) throws -> Envelope? {
        reader.reset(line)
        do {
            let envelope = try Envelope(json: &reader)
            try reader.finish()
            return envelope
        } catch {
            return try recover(line: line, failure: error, uri: uri, lineNumber: lineNumber)
        }
    }

    /// The slow path, only for lines the fast path refused: what `JSONDecoder` accepts on the trimmed line is
    /// accepted (the old behaviour) — except a line with a key twice, refused — otherwise the error names the first syntax error, or else the field at fault.
    private static func recover(
        line: UnsafeBufferPointer<UInt8>, failure: JSONFailure, uri: String,
        lineNumber: Int
    ) throws -> Envelope? {
        let trimmed = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return nil }
        // A key twice is refused, not read as `JSONDecoder` would (first wins) where others read the last.
        if let column = failure.column { throw Error(uri: uri, line: lineNumber, reason: failure.reason, column: column) }
        if let envelope = try? JSONDecoder().decode(Envelope.self, from: Data(trimmed.utf8)) { return envelope }
        var reported = failure
        if case .syntax = failure.kind {
        } else {
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
