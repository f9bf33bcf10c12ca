/// The JSON of a worker's control lines, `{"specrunWorker":{…}}`: one object of strings, numbers, booleans and
/// arrays of strings. Read and written here, by hand: the lines are specrun's own and few.
enum ControlJSON {
    enum Value: Equatable {
        case string(String)
        case number(Double)
        case bool(Bool)
        case strings([String])
    }

    struct Writer {
        private var bytes = Array(#"{"specrunWorker":{"#.utf8)
        private var first = true

        mutating func member(_ key: String, _ value: Bool) { name(key); append(value ? "true" : "false") }
        mutating func member(_ key: String, _ value: Int) { name(key); append(String(value)) }
        mutating func member(_ key: String, _ value: Double) { name(key); append(value.isFinite ? "\(value)" : "0") }
        mutating func member(_ key: String, _ value: String) { name(key); quote(value) }

        mutating func member(_ key: String, _ values: [String]) {
            name(key)
            bytes.append(UInt8(ascii: "["))
            for (position, value) in values.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                quote(value)
            }
            bytes.append(UInt8(ascii: "]"))
        }

        /// The line, with its newline.
        var line: [UInt8] { bytes + Array("}}\n".utf8) }

        private mutating func name(_ key: String) {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            quote(key)
            bytes.append(UInt8(ascii: ":"))
        }

        private mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

        private mutating func quote(_ text: String) {
            bytes.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
                case 0x0A: append("\\n")
                case ..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    append("\\u00"); bytes.append(hex[Int(byte >> 4)]); bytes.append(hex[Int(byte & 0xF)])
                default: bytes.append(byte)
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// The members of a control line's object; nil when the line is not one.
    static func object(_ line: [UInt8]) -> [String: Value]? {
        var reader = Reader(bytes: line)
        guard reader.expect("{"), case .string("specrunWorker")? = reader.string().map(Value.string), reader.expect(":"),
              reader.expect("{") else { return nil }
        var members: [String: Value] = [:]
        if reader.peek("}") { return reader.expect("}") && reader.expect("}") && reader.atEnd ? members : nil }
        repeat {
            guard let key = reader.string(), reader.expect(":"), let value = reader.value() else { return nil }
            members[key] = value
        } while reader.expect(",")
        return reader.expect("}") && reader.expect("}") && reader.atEnd ? members : nil
    }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        var atEnd: Bool {
            mutating get { skipSpace(); return position == bytes.count || (position == bytes.count - 1 && bytes[position] == 0x0A) }
        }

        mutating func skipSpace() {
            while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x0D { position += 1 }
        }

        mutating func peek(_ character: Unicode.Scalar) -> Bool {
            skipSpace()
            return position < bytes.count && bytes[position] == UInt8(ascii: character)
        }

        mutating func expect(_ character: Unicode.Scalar) -> Bool {
            guard peek(character) else { return false }
            position += 1
            return true
        }

        mutating func value() -> Value? {
            skipSpace()
            guard position < bytes.count else { return nil }
            switch bytes[position] {
            case UInt8(ascii: "\""): return string().map(Value.string)
            case UInt8(ascii: "t"): return word("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return word("false") ? .bool(false) : nil
            case UInt8(ascii: "["):
                position += 1
                var list: [String] = []
                if expect("]") { return .strings(list) }
                repeat {
                    guard let item = string() else { return nil }
                    list.append(item)
                } while expect(",")
                return expect("]") ? .strings(list) : nil
            default:
                let start = position
                while position < bytes.count, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+")
                        || bytes[position] == UInt8(ascii: ".") || bytes[position] | 0x20 == UInt8(ascii: "e")
                        || (bytes[position] >= 0x30 && bytes[position] <= 0x39) { position += 1 }
                return Double(String(decoding: bytes[start..<position], as: UTF8.self)).map(Value.number)
            }
        }

        mutating func word(_ text: String) -> Bool {
            let expected = Array(text.utf8)
            guard bytes.count - position >= expected.count, Array(bytes[position..<position + expected.count]) == expected else { return false }
            position += expected.count
            return true
        }

        /// A JSON string (escapes decoded: \" \\ \/ \b \f \n \r \t \uXXXX, surrogate pairs included).
        mutating func string() -> String? {
            guard expect("\"") else { return nil }
            var out: [UInt8] = []
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                switch byte {
                case UInt8(ascii: "\""): return String(decoding: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard position < bytes.count else { return nil }
                    let escape = bytes[position]
                    position += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        guard var scalar = hex4() else { return nil }
                        if scalar >= 0xD800 && scalar < 0xDC00 {
                            guard word("\\u"), let low = hex4(), low >= 0xDC00 && low < 0xE000 else { return nil }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let character = Unicode.Scalar(scalar) else { return nil }
                        out.append(contentsOf: Array(String(Character(character)).utf8))
                    default: return nil
                    }
                default:
                    guard byte >= 0x20 else { return nil }
                    out.append(byte)
                }
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard bytes.count - position >= 4 else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let digit = Self.hexDigit(bytes[position]) else { return nil }
                value = value << 4 | digit
                position += 1
            }
            return value
        }

        static func hexDigit(_ byte: UInt8) -> UInt32? {
            switch byte {
            case 0x30...0x39: return UInt32(byte - 0x30)
            case 0x61...0x66: return UInt32(byte - 0x61 + 10)
            case 0x41...0x46: return UInt32(byte - 0x41 + 10)
            default: return nil
            }
        }
    }
}
