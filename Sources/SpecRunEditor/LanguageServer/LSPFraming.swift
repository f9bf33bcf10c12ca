import Foundation

/// The Language Server Protocol's base protocol: `Content-Length: N\r\n\r\n` then N bytes of JSON.
/// Bytes go in as they arrive (any split); whole message bodies come out.
package struct LSPFrameReader {
    private var buffer: [UInt8] = []

    package init() {}
    /// The largest body accepted (a bigger one is skipped, and reported as an error by the server).
    static let maximumBody = 64 << 20

    package enum Frame: Equatable {
        case body(Data)
        /// A header without a usable Content-Length, or a body too large: skipped.
        case invalid(String)
    }

    package mutating func append(_ bytes: some Sequence<UInt8>) { buffer.append(contentsOf: bytes) }

    /// The bytes received but not yet returned as a frame (kept across a restart).
    package var pending: [UInt8] { buffer }

    /// The next whole frame, or nil until more bytes come.
    package mutating func next() -> Frame? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = Self.find(separator, in: buffer) else {
            if buffer.count > 65_536 { buffer.removeAll(); return .invalid("a header longer than 64 KiB") }
            return nil
        }
        let header = String(decoding: buffer[..<end], as: UTF8.self)
        var length: Int?
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "content-length" {
                length = Int(parts[1].trimmingCharacters(in: .whitespaces))
            }
        }
        let bodyStart = end + separator.count
        guard let length, length >= 0, length <= Self.maximumBody else {
            buffer.removeFirst(bodyStart)
            return .invalid("no valid Content-Length in header '\(header.prefix(80))'")
        }
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Data(buffer[bodyStart..<(bodyStart + length)])
        buffer.removeFirst(bodyStart + length)
        return .body(body)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
            if Array(haystack[i..<(i + needle.count)]) == needle { return i }
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
