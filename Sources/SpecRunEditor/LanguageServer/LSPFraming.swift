import Foundation

/// The Language Server Protocol's base protocol: `Content-Length: N\r\n\r\n` then N bytes of JSON.
/// Bytes go in as they arrive (any split); whole message bodies come out.
///
/// A badly framed message costs that message only: the reader resynchronises on the next well-framed one. Bytes
/// that are not a header (garbage, the rest of a body shorter than its Content-Length said, a header without its
/// blank line) are skipped up to the next `Content-Length:`; a Content-Length longer than its message is found out
/// when the next header follows a complete JSON value inside the announced body (the reader does not wait for
/// bytes that will never come). Each skip is one `invalid` frame, which the server answers with a parse error.
package struct LSPFrameReader {
    private var buffer: [UInt8] = []
    /// How far into the body being received the search for a next header has looked (so a large body arriving in
    /// many chunks is scanned once).
    private var scannedBody = 0

    package init() {}
    /// The largest body accepted (a bigger one is skipped, and reported as an error by the server).
    static let maximumBody = 64 << 20
    /// The longest header kept while waiting for its end.
    static let maximumHeader = 65_536

    package enum Frame: Equatable {
        case body(Data)
        /// A header without a usable Content-Length, a body too large, bytes that are no frame: skipped.
        case invalid(String)
    }

    package mutating func append(_ bytes: some Sequence<UInt8>) { buffer.append(contentsOf: bytes) }

    /// The bytes received but not yet returned as a frame (kept across a restart).
    package var pending: [UInt8] { buffer }

    private static let separator: [UInt8] = [13, 10, 13, 10]
    private static let headerName = Array("content-length:".utf8)

    /// The next whole frame, or nil until more bytes come.
    package mutating func next() -> Frame? {
        // Blank lines between messages are no error.
        let blanks = buffer.prefix { $0 == 13 || $0 == 10 }.count
        if blanks > 0 {
            buffer.removeFirst(blanks)
            scannedBody = 0
        }
        guard let end = Self.find(Self.separator, in: buffer[...]) else {
            guard buffer.count > Self.maximumHeader else { return nil }
            // No header end in 64 KiB: keep what may be the start of the next header, skip the rest.
            let keep = Self.lastHeaderStart(in: buffer[...], after: 0) ?? buffer.count
            buffer.removeFirst(keep)
            scannedBody = 0
            return .invalid("\(keep) bytes without a message header skipped")
        }
        let header = buffer[..<end]
        let parsed = Self.contentLength(header)
        guard case .length(let length) = parsed else {
            // Not a header: skip to a Content-Length further on (garbage, the rest of a body, a missing blank line).
            if parsed == .notAHeader, let start = Self.lastHeaderStart(in: header, after: 0) {
                let skipped = String(decoding: buffer[..<min(start, 80)], as: UTF8.self)
                buffer.removeFirst(start)
                scannedBody = 0
                return .invalid("\(start) bytes that are not a message header skipped: '\(skipped)'")
            }
            let text = String(decoding: header.prefix(80), as: UTF8.self)
            buffer.removeFirst(end + Self.separator.count)
            scannedBody = 0
            return .invalid("no valid Content-Length in header '\(text)'")
        }
        let bodyStart = end + Self.separator.count
        let available = buffer.count - bodyStart
        // A next header right after a complete JSON value inside the announced body: the length was too long.
        let scanEnd = bodyStart + min(length, available)
        if let next = nextHeader(from: bodyStart, to: scanEnd) {
            buffer.removeFirst(next)
            scannedBody = 0
            return .invalid(
                "Content-Length \(length) is longer than its message: the next message's header comes after \(next - bodyStart) bytes")
        }
        guard available >= length else { return nil }
        let body = Data(buffer[bodyStart..<(bodyStart + length)])
        buffer.removeFirst(bodyStart + length)
        scannedBody = 0
        return .body(body)
    }

    private enum Header: Equatable {
        case length(Int)
        /// Lines that are `Name: value`, with no Content-Length, two, or one that is no number up to `maximumBody`.
        case badLength
        /// A line that is no header line, or a Content-Length that does not start its line: bytes before a header.
        case notAHeader
    }

    /// The Content-Length of a header whose every line is `Name: value` and that has exactly one Content-Length
    /// of 0 to `maximumBody`.
    private static func contentLength(_ header: ArraySlice<UInt8>) -> Header {
        var length: Int?
        var bad = false
        var lineStart = header.startIndex
        while lineStart < header.endIndex {
            var lineEnd = lineStart
            while lineEnd < header.endIndex && !(header[lineEnd] == 13 && lineEnd + 1 < header.endIndex && header[lineEnd + 1] == 10) {
                lineEnd += 1
            }
            let line = header[lineStart..<lineEnd]
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                line[..<colon].allSatisfy(isTokenByte), !line.contains(where: { $0 < 0x20 && $0 != 0x09 })
            else { return .notAHeader }
            if startsWithHeaderName(header, at: lineStart) {
                let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                if length == nil, value.allSatisfy(\.isASCII), let number = Int(value), number >= 0, number <= maximumBody {
                    length = number
                } else {
                    bad = true
                }
            } else if lastHeaderStart(in: line, after: 0) != nil {
                return .notAHeader  // `garbageContent-Length: 5`
            }
            lineStart = lineEnd + 2
        }
        guard let length, !bad else { return .badLength }
        return .length(length)
    }

    /// The position of a `Content-Length:` between `from` and `to` that follows a complete JSON value starting at
    /// `from` (the body of a message whose length was said too long); searched once per byte.
    private mutating func nextHeader(from: Int, to: Int) -> Int? {
        var position = max(from + 1, from + scannedBody)
        while position + Self.headerName.count <= to {
            if Self.startsWithHeaderName(buffer[...], at: position), Self.endsAnObject(buffer[from..<position]),
                (try? JSONSerialization.jsonObject(with: Data(buffer[from..<position]), options: [.fragmentsAllowed])) != nil
            {
                return position
            }
            position += 1
        }
        scannedBody = max(0, position - from)
        return nil
    }

    /// Whether the bytes end with `}` (whitespace aside): the end of a JSON-RPC message, maybe.
    private static func endsAnObject(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.last { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D } == UInt8(ascii: "}")
    }

    /// The start of the last `Content-Length:` after `after` (case-insensitive), other than at `after` itself.
    private static func lastHeaderStart(in bytes: ArraySlice<UInt8>, after: Int) -> Int? {
        var position = bytes.endIndex - headerName.count
        while position > bytes.startIndex + after {
            if startsWithHeaderName(bytes, at: position) { return position }
            position -= 1
        }
        return nil
    }

    @inline(__always)
    private static func startsWithHeaderName(_ bytes: ArraySlice<UInt8>, at position: Int) -> Bool {
        guard position >= bytes.startIndex, position + headerName.count <= bytes.endIndex else { return false }
        for offset in 0..<headerName.count {
            let byte = bytes[position + offset]
            if (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) != headerName[offset] { return false }
        }
        return true
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default: return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in haystack.startIndex...(haystack.endIndex - needle.count) where haystack[i] == needle[0] {
            if haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
        }
        return nil
    }

    /// A message ready to write: its header and its JSON body.
    package static func encode(_ message: [String: Any]) -> Data {
        frame(
            LSPJSON.encode(message)
                ?? (try? JSONSerialization.data(withJSONObject: message, options: [.sortedKeys])) ?? Data("{}".utf8))
    }

    /// A body with its header.
    package static func frame(_ body: Data) -> Data {
        var data = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        data.append(body)
        return data
    }
}
