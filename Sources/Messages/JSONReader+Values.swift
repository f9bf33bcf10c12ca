import Foundation

/// Strings, numbers, literals and skipping, with JSON's grammar (RFC 8259) enforced.
extension JSONReader {
    // MARK: - Strings

    mutating func readString() throws(JSONFailure) -> String {
        skipWhitespace()
        guard peek == UInt8(ascii: "\"") else { throw typeMismatch(expected: "a string") }
        index += 1
        let start = index
        // The plain run of bytes up to the closing quote, eight at a time, then byte by byte over the raw pointer
        // (a debug build pays per byte for each accessor, and a 50 MB attachment is one string).
        if let base = input.baseAddress {
            let end = input.count
            var (scan, found) = JSONBytes.firstSpecial(base, from: index, end: end)
            if !found {
                while scan < end {
                    let byte = base[scan]
                    if byte < 0x20 || byte == 0x22 || byte == 0x5C { break }
                    scan += 1
                }
            }
            index = scan
        }
        while true {
            let byte = peek
            if byte == UInt8(ascii: "\"") {
                let bytes = UnsafeBufferPointer(rebasing: input[start..<index])
                let text = String(decoding: bytes, as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw invalidStringByte(byte) }
            index += 1
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<index]))
        try decodeEscapedTail()
        return String(decoding: scratch, as: UTF8.self)
    }

    /// Reads a string that must be one of `values` (an enum's raw values, in order) and returns its index. A plain
    /// string is compared as bytes; only one with escapes, or none of the values (an error), is made a `String`.
    mutating func readEnumIndex(_ values: [StaticString]) throws(JSONFailure) -> Int {
        skipWhitespace()
        guard peek == UInt8(ascii: "\""), let base = input.baseAddress else { throw typeMismatch(expected: "a string") }
        let start = index &+ 1
        var end = start
        while end < input.count {
            let byte = base[end]
            if byte < 0x20 || byte == 0x22 || byte == 0x5C { break }
            end &+= 1
        }
        if end < input.count && base[end] == UInt8(ascii: "\"") {
            let length = end &- start
            for (position, value) in values.enumerated()
            where value.utf8CodeUnitCount == length && memcmp(value.utf8Start, base + start, length) == 0 {
                index = end &+ 1
                return position
            }
        }
        let text = try readString()
        for (position, value) in values.enumerated()
        where text.utf8.elementsEqual(UnsafeBufferPointer(start: value.utf8Start, count: value.utf8CodeUnitCount)) {
            return position
        }
        throw JSONFailure(kind: .invalidValue(text, expected: values.map(\.description)))
    }

    /// From a backslash inside a string to past its closing quote, appending the decoded bytes to `scratch`.
    mutating func decodeEscapedTail() throws(JSONFailure) {
        var runStart = index  // unescaped bytes are copied a run at a time
        while true {
            if let base = input.baseAddress { index = JSONBytes.firstSpecial(base, from: index, end: input.count).position }
            let byte = peek
            if byte != UInt8(ascii: "\\") && byte != UInt8(ascii: "\"") {
                if byte < 0x20 { throw invalidStringByte(byte) }
                index += 1
                continue
            }
            if runStart < index { scratch.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<index])) }
            index += 1
            if byte == UInt8(ascii: "\"") { return }
            let escape = peek
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escape)
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "u"):
                try appendUnicodeEscape()
                runStart = index
                continue
            default:
                throw syntax("expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX) after the backslash")
            }
            index += 1
            runStart = index
        }
    }

    /// At the `u` of `\uXXXX` (possibly the first half of a surrogate pair); leaves the index after it.
    private mutating func appendUnicodeEscape() throws(JSONFailure) {
        index += 1
        let unit = try readHex4()
        var scalarValue = UInt32(unit)
        if (0xD800..<0xDC00).contains(unit) {
            guard peek == UInt8(ascii: "\\"), index + 1 < input.count, input[index + 1] == UInt8(ascii: "u") else {
                throw syntax(
                    "expected the low surrogate (\\uDC00-\\uDFFF) after the high surrogate \\u\(String(unit, radix: 16, uppercase: true))")
            }
            index += 2
            let low = try readHex4()
            guard (0xDC00..<0xE000).contains(low) else {
                throw syntax("expected a low surrogate (\\uDC00-\\uDFFF) after the high surrogate")
            }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        } else if (0xDC00..<0xE000).contains(unit) {
            throw syntax("unpaired low surrogate \\u\(String(unit, radix: 16, uppercase: true))")
        }
        appendUTF8(scalarValue)
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case ..<0x80:
            scratch.append(UInt8(scalar))
        case ..<0x800:
            scratch.append(0xC0 | UInt8(scalar >> 6))
            scratch.append(0x80 | UInt8(scalar & 0x3F))
        case ..<0x10000:
            scratch.append(0xE0 | UInt8(scalar >> 12))
            scratch.append(0x80 | UInt8((scalar >> 6) & 0x3F))
            scratch.append(0x80 | UInt8(scalar & 0x3F))
        default:
            scratch.append(0xF0 | UInt8(scalar >> 18))
            scratch.append(0x80 | UInt8((scalar >> 12) & 0x3F))
            scratch.append(0x80 | UInt8((scalar >> 6) & 0x3F))
            scratch.append(0x80 | UInt8(scalar & 0x3F))
        }
    }

    private mutating func readHex4() throws(JSONFailure) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = peek
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw syntax("expected 4 hexadecimal digits after \\u")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    // MARK: - Numbers

    /// Scans a number (the index must be on `-` or a digit); returns whether it is integral in form (no `.`/exponent).
    private mutating func scanNumber() throws(JSONFailure) -> Bool {
        var integral = true
        if peek == UInt8(ascii: "-") { index += 1 }
        switch peek {
        case UInt8(ascii: "0"): index += 1
        case UInt8(ascii: "1")...UInt8(ascii: "9"): while isDigit(peek) { index += 1 }
        default: throw syntax("expected a digit")
        }
        if peek == UInt8(ascii: ".") {
            integral = false
            index += 1
            guard isDigit(peek) else { throw syntax("expected a digit after the decimal point") }
            while isDigit(peek) { index += 1 }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            integral = false
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard isDigit(peek) else { throw syntax("expected a digit in the exponent") }
            while isDigit(peek) { index += 1 }
        }
        return integral
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    private func numberText(from start: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: input[start..<index]), as: UTF8.self)
    }

    mutating func readInt() throws(JSONFailure) -> Int {
        skipWhitespace()
        let start = index
        // Most integers (lines, columns, seconds, nanoseconds): up to 18 digits without sign, fraction or exponent,
        // read in one pass; anything else takes the general path below.
        if let base = input.baseAddress {
            var position = start
            var value = 0
            while position < input.count && position &- start < 18 {
                let digit = base[position] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                value = value &* 10 &+ Int(digit)
                position &+= 1
            }
            let digits = position &- start
            let next = position < input.count ? base[position] : 0
            if digits > 0 && (digits == 1 || base[start] != UInt8(ascii: "0")) && !isDigit(next)
                && next != UInt8(ascii: ".") && next != UInt8(ascii: "e") && next != UInt8(ascii: "E")
            {
                index = position
                return value
            }
        }
        guard peek == UInt8(ascii: "-") || isDigit(peek) else { throw typeMismatch(expected: "an integer") }
        let integral = try scanNumber()
        if integral {
            let negative = input[start] == UInt8(ascii: "-")
            var magnitude: UInt64 = 0
            var overflow = false
            for position in (negative ? start + 1 : start)..<index {
                let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(UInt64(input[position] - UInt8(ascii: "0")))
                magnitude = sum
                overflow = overflow || o1 || o2
            }
            if !overflow {
                if negative, magnitude <= UInt64(Int64.max) + 1 { return Int(truncatingIfNeeded: 0 &- magnitude) }
                if !negative, magnitude <= UInt64(Int64.max) { return Int(magnitude) }
            }
        } else if let value = Double(numberText(from: start)), value.rounded(.towardZero) == value,
            let exact = Int(exactly: value)
        {
            return exact  // as JSONDecoder, 1.0 or 1e3 is accepted for an integer
        }
        throw JSONFailure(kind: .wrongType(expected: "an integer", found: "the number \(numberText(from: start))"))
    }

    mutating func readDouble() throws(JSONFailure) -> Double {
        skipWhitespace()
        let start = index
        guard peek == UInt8(ascii: "-") || isDigit(peek) else { throw typeMismatch(expected: "a number") }
        _ = try scanNumber()
        guard let value = Double(numberText(from: start)), value.isFinite else {
            throw JSONFailure(kind: .wrongType(expected: "a finite number", found: "the number \(numberText(from: start))"))
        }
        return value
    }

    // MARK: - Literals

    mutating func readBool() throws(JSONFailure) -> Bool {
        skipWhitespace()
        switch peek {
        case UInt8(ascii: "t"): try literal("true"); return true
        case UInt8(ascii: "f"): try literal("false"); return false
        default: throw typeMismatch(expected: "a boolean")
        }
    }

    /// Consumes `null` and returns true when it comes next (after whitespace).
    mutating func readNull() throws(JSONFailure) -> Bool {
        skipWhitespace()
        guard peek == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    private mutating func literal(_ word: StaticString) throws(JSONFailure) {
        let matches = word.withUTF8Buffer { expected in
            index + expected.count <= input.count
                && UnsafeBufferPointer(rebasing: input[index..<index + expected.count]).elementsEqual(expected)
        }
        guard matches else { throw syntax("expected '\(word)'") }
        index += word.utf8CodeUnitCount
    }

    // MARK: - Skipping

    /// Skips any value (validating it): unknown keys, and the syntax check of a line that failed to decode.
    mutating func skipValue() throws(JSONFailure) {
        skipWhitespace()
        switch peek {
        case UInt8(ascii: "\""):
            index += 1
            while true {
                let byte = peek
                if byte == UInt8(ascii: "\"") { index += 1; return }
                if byte == UInt8(ascii: "\\") {
                    scratch.removeAll(keepingCapacity: true)
                    try decodeEscapedTail()
                    return
                }
                if byte < 0x20 { throw invalidStringByte(byte) }
                index += 1
            }
        case UInt8(ascii: "{"):
            try enterContainer()
            var first = true
            while try nextKey(&first) { try skipValue() }
        case UInt8(ascii: "["):
            try enterContainer()
            var first = true
            while try nextElement(&first) { try skipValue() }
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try scanNumber()
        default: throw syntax("expected a value")
        }
    }

    // MARK: - Fields (used by the generated decoders)

    /// Reads a required field's value; a failure inside it is reported under `key`.
    @inline(__always)
    mutating func required<T: JSONReadable>(_ key: StaticString, _ type: T.Type) throws(JSONFailure) -> T {
        do { return try T(json: &self) } catch { throw error.under(.key(key.description)) }
    }

    /// Reads an optional field's value: `null` is absent, as with `decodeIfPresent`.
    @inline(__always)
    mutating func optional<T: JSONReadable>(_ key: StaticString, _ type: T.Type) throws(JSONFailure) -> T? {
        do {
            if try readNull() { return nil }
            return try T(json: &self)
        } catch { throw error.under(.key(key.description)) }
    }
}
