import Foundation

/// The JSON of the messages the server writes, without Foundation's bridging of every dictionary and array
/// (most of the time of a keystroke's diagnostics in a debug build). Only what the server builds itself: strings,
/// integers, booleans, null, arrays and dictionaries (keys sorted); anything else (a number read from the client)
/// makes `encode` return nil, and the message goes through `JSONSerialization`.
enum LSPJSON {
    static func encode(_ value: Any) -> Data? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        return write(value, to: &bytes) ? Data(bytes) : nil
    }

    /// JSON already written (a keystroke's diagnostics, which would otherwise be a dictionary each).
    struct Raw {
        var bytes: [UInt8] = []
    }

    /// A `publishDiagnostics` list: each diagnostic's range (0-based lines, UTF-16 characters), severity and message.
    static func diagnostics(_ items: [(start: [String: Int], end: [String: Int], severity: Int, message: String)]) -> Raw {
        var raw = Raw()
        raw.bytes.append(UInt8(ascii: "["))
        for (n, item) in items.enumerated() {
            if n > 0 { raw.bytes.append(UInt8(ascii: ",")) }
            raw.bytes += "{\"message\":".utf8
            write(string: item.message, to: &raw.bytes)
            raw.bytes += ",\"range\":{\"end\":{\"character\":\(item.end["character"] ?? 0),\"line\":\(item.end["line"] ?? 0)}".utf8
            raw.bytes += ",\"start\":{\"character\":\(item.start["character"] ?? 0),\"line\":\(item.start["line"] ?? 0)}}".utf8
            raw.bytes += ",\"severity\":\(item.severity),\"source\":\"specrun\"}".utf8
        }
        raw.bytes.append(UInt8(ascii: "]"))
        return raw
    }

    private static func write(_ value: Any, to bytes: inout [UInt8]) -> Bool {
        let type = type(of: value)
        if type == Raw.self {
            bytes += (value as! Raw).bytes
        } else if type == String.self {
            write(string: value as! String, to: &bytes)
        } else if type == Int.self {
            bytes += String(value as! Int).utf8
        } else if type == Bool.self {
            bytes += ((value as! Bool) ? "true" : "false").utf8
        } else if type == NSNull.self {
            bytes += "null".utf8
        } else if let object = value as? [String: Any] {
            bytes.append(UInt8(ascii: "{"))
            for (n, key) in object.keys.sorted().enumerated() {
                if n > 0 { bytes.append(UInt8(ascii: ",")) }
                write(string: key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                guard write(object[key]!, to: &bytes) else { return false }
            }
            bytes.append(UInt8(ascii: "}"))
        } else if let array = value as? [Any] {
            bytes.append(UInt8(ascii: "["))
            for (n, element) in array.enumerated() {
                if n > 0 { bytes.append(UInt8(ascii: ",")) }
                guard write(element, to: &bytes) else { return false }
            }
            bytes.append(UInt8(ascii: "]"))
        } else {
            return false
        }
        return true
    }

    private static func write(string: String, to bytes: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [92, byte]
            case 92: bytes += [92, 92]
            case 10: bytes += [92, UInt8(ascii: "n")]
            case 13: bytes += [92, UInt8(ascii: "r")]
            case 9: bytes += [92, UInt8(ascii: "t")]
            case 0..<32: bytes += [92, UInt8(ascii: "u"), 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
