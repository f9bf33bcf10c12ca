import Foundation

/// A pull parser over the UTF-8 bytes of one JSON text (one NDJSON line), for the generated decoders
/// (Messages+JSON.generated.swift): they walk objects key by key and read each field straight into its
/// Swift type, without building an intermediate tree. Unknown keys are skipped (validated, not kept).
///
/// Reading past the end yields the byte 0, which no JSON construct accepts, so every loop ends with an error
/// instead of a bounds check.
///
/// Non-copyable: it owns the element stack of the arrays being read (JSONReader+Arrays.swift), freed with it.
struct JSONReader: ~Copyable {
    private(set) var input: UnsafeBufferPointer<UInt8>
    var index = 0
    /// `JSONBytes.keyHash` of the last key read; the generated code switches on it, then confirms with `keyIs`.
    private(set) var keyHash: UInt64 = 0
    private var keyStart = 0
    private var keyEnd = 0
    private var keyIsInScratch = false
    /// Whether the last key read was the one guessed (`nextKey(_:guess:_:)`): its hash then names it exactly (the
    /// generator checks that a type's keys have distinct hashes), and `keyIs` need not compare.
    private var keyIsGuessed = false
    /// Objects and arrays open around the position: bounded, so that hostile input cannot exhaust the stack.
    private var depth = 0
    /// Decoded bytes of the last string or key that contained escapes.
    var scratch: [UInt8] = []
    /// The element stack: raw memory (allocated on the first array of two elements or more) holding the elements
    /// read so far of the arrays being read, up to byte `stackTop`.
    var stackBase: UnsafeMutableRawPointer?
    var stackCapacity = 0
    var stackTop = 0

    init(_ input: UnsafeBufferPointer<UInt8>) {
        self.input = input
    }

    deinit { stackBase?.deallocate() }

    /// Starts over on another text (the next line of a stream), keeping the element stack and the scratch buffer:
    /// allocated once per stream, not once per line (a 4 KiB stack per line also made glibc consolidate its
    /// free lists on each).
    mutating func reset(_ input: UnsafeBufferPointer<UInt8>) {
        self.input = input
        index = 0
        depth = 0
        keyIsInScratch = false
        keyIsGuessed = false
        stackTop = 0
    }

    static let maximumDepth = 512

    @inline(__always)
    var peek: UInt8 { index < input.count ? input[index] : 0 }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < input.count {
            switch input[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    // MARK: - Objects and arrays

    /// Consumes `{` (after whitespace), or throws a type error naming what is there instead.
    mutating func beginObject() throws(JSONFailure) {
        skipWhitespace()
        guard peek == UInt8(ascii: "{") else { throw typeMismatch(expected: "an object") }
        try enterContainer()
    }

    /// Consumes the `{` or `[` at the position, counting the depth.
    mutating func enterContainer() throws(JSONFailure) {
        guard depth < Self.maximumDepth else { throw syntax("nesting deeper than \(Self.maximumDepth) levels") }
        depth += 1
        index += 1
    }

    /// Moves to the next key of the object (reading it and its `:`), or past the closing `}`: returns false.
    mutating func nextKey(_ first: inout Bool) throws(JSONFailure) -> Bool {
        guard try nextMember(closing: UInt8(ascii: "}"), &first) else { return false }
        skipWhitespace()
        guard peek == UInt8(ascii: "\"") else { throw syntax("expected a key in quotes") }
        try readKey()
        skipWhitespace()
        guard peek == UInt8(ascii: ":") else { throw syntax("expected ':' after the key") }
        index += 1
        return true
    }

    /// A key of a message type as its writer puts it (`"key":`), and its `keyHash`.
    struct Key {
        let quoted: StaticString
        let hash: UInt64

        init(_ quoted: StaticString, _ hash: UInt64) {
            self.quoted = quoted
            self.hash = hash
        }
    }

    /// `nextKey`, first trying the key the writer puts next: `keys` are the type's, in the writer's (sorted) order,
    /// and `guess` the index of the one expected. When the bytes there are that key, it is taken with one comparison,
    /// without scanning and hashing it; otherwise the key is read as usual and the guess moves past it. Lines from
    /// specrun's own writer (a worker's) mostly take the first way.
    @inline(__always)
    mutating func nextKey(_ first: inout Bool, guess: inout Int, _ keys: [Key]) throws(JSONFailure) -> Bool {
        guard try nextMember(closing: UInt8(ascii: "}"), &first) else { return false }
        skipWhitespace()
        if guess < keys.count, let base = input.baseAddress {
            let key = keys[guess]
            let length = key.quoted.utf8CodeUnitCount
            if length <= input.count &- index && JSONBytes.equal(base + index, key.quoted.utf8Start, count: length) {
                keyStart = index &+ 1
                keyEnd = index &+ length &- 2
                keyIsInScratch = false
                keyIsGuessed = true
                keyHash = key.hash
                index &+= length
                guess &+= 1
                return true
            }
        }
        guard peek == UInt8(ascii: "\"") else { throw syntax("expected a key in quotes") }
        try readKey()
        skipWhitespace()
        guard peek == UInt8(ascii: ":") else { throw syntax("expected ':' after the key") }
        index += 1
        let hash = keyHash
        if let found = keys.firstIndex(where: { $0.hash == hash }) { guess = found &+ 1 }
        return true
    }

    /// Consumes `[` (after whitespace), or throws a type error naming what is there instead.
    mutating func beginArray() throws(JSONFailure) {
        skipWhitespace()
        guard peek == UInt8(ascii: "[") else { throw typeMismatch(expected: "an array") }
        try enterContainer()
    }

    /// Moves to the next member of the object and returns its key as text (reading its `:`), or nil past the
    /// closing `}`: for objects whose keys are data, not a schema's (see `JSONLine`).
    mutating func nextKeyText(_ first: inout Bool) throws(JSONFailure) -> String? {
        guard try nextMember(closing: UInt8(ascii: "}"), &first) else { return nil }
        let key = try readString()
        skipWhitespace()
        guard peek == UInt8(ascii: ":") else { throw syntax("expected ':' after the key") }
        index += 1
        return key
    }

    /// True when another element follows (positioned before it), false after the closing `]`.
    mutating func nextElement(_ first: inout Bool) throws(JSONFailure) -> Bool {
        try nextMember(closing: UInt8(ascii: "]"), &first)
    }

    /// Past the container's closing byte (false), or past the `,` before a member that is not the first (true).
    @inline(__always)
    private mutating func nextMember(closing: UInt8, _ first: inout Bool) throws(JSONFailure) -> Bool {
        skipWhitespace()
        if peek == closing {
            index += 1
            depth -= 1
            return false
        }
        if first {
            first = false
        } else {
            guard peek == UInt8(ascii: ",") else { throw syntax("expected ',' or '\(Character(Unicode.Scalar(closing)))'") }
            index += 1
        }
        return true
    }

    /// After the value: only whitespace may remain on the line.
    mutating func finish() throws(JSONFailure) {
        skipWhitespace()
        guard index == input.count else { throw syntax("expected the end of the line after the JSON value") }
    }

    // MARK: - Keys

    private mutating func readKey() throws(JSONFailure) {
        index += 1  // the opening quote
        keyStart = index
        keyIsInScratch = false
        keyIsGuessed = false
        // A plain key: eight bytes at a time to its closing quote, hashed from the words loaded.
        if let base = input.baseAddress {
            let (end, found) = JSONBytes.firstSpecial(base, from: keyStart, end: input.count)
            if found && base[end] == UInt8(ascii: "\"") {
                let length = end &- keyStart
                keyEnd = end
                index = end &+ 1
                if length >= 8 {
                    keyHash = JSONBytes.keyHash(
                        first: JSONBytes.word(base, keyStart), last: JSONBytes.word(base, end &- 8),
                        length: length)
                } else {  // found in the first word loaded: the key's bytes are its low ones
                    let first = JSONBytes.word(base, keyStart) & ((1 &<< (UInt64(length) &* 8)) &- 1)
                    keyHash = JSONBytes.keyHash(first: first, last: 0, length: length)
                }
                return
            }
        }
        // Near the end of the line, or a key with escapes or control characters: byte by byte.
        while true {
            let byte = peek
            if byte == UInt8(ascii: "\"") {
                keyEnd = index
                index += 1
                keyHash = JSONBytes.keyHash(of: UnsafeBufferPointer(rebasing: input[keyStart..<keyEnd]))
                return
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw invalidStringByte(byte) }
            index += 1
        }
        // A key with escapes: decode it into the scratch buffer, hash the decoded bytes.
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: input[keyStart..<index]))
        try decodeEscapedTail()
        keyIsInScratch = true
        keyHash = scratch.withUnsafeBufferPointer { JSONBytes.keyHash(of: $0) }
    }

    /// Whether the last key read is exactly `name` (after a `keyHash` match).
    @inline(__always)
    func keyIs(_ name: StaticString) -> Bool {
        if keyIsGuessed { return true }
        return name.withUTF8Buffer { expected in
            if keyIsInScratch { return scratch.elementsEqual(expected) }
            guard keyEnd - keyStart == expected.count else { return false }
            guard let start = input.baseAddress, let name = expected.baseAddress else { return expected.isEmpty }
            return memcmp(start + keyStart, name, expected.count) == 0
        }
    }

    // MARK: - Errors

    func syntax(_ expectation: String) -> JSONFailure {
        JSONFailure(kind: .syntax("\(expectation), found \(describeFound())", column: column))
    }

    func invalidStringByte(_ byte: UInt8) -> JSONFailure {
        if index >= input.count {
            return JSONFailure(kind: .syntax("unterminated string, found the end of the line", column: column))
        }
        let hex = String(byte, radix: 16)
        return JSONFailure(
            kind: .syntax(
                "control character U+\(String(repeating: "0", count: 4 - hex.count))\(hex) in a string (escape it)",
                column: column))
    }

    /// The last key read (`key`) came a second time in its object: refused, at the column of its opening quote.
    /// `secondMessage`: the key is another message of an envelope that has one already.
    func duplicateKey(_ key: StaticString, secondMessage: Bool = false) -> JSONFailure {
        var scalars = 1
        for byte in UnsafeBufferPointer(rebasing: input[..<min(max(keyStart - 1, 0), input.count)]) where byte & 0xC0 != 0x80 {
            scalars += 1
        }
        return JSONFailure(
            kind: secondMessage ? .secondMessage(column: scalars) : .duplicateKey(column: scalars), reversedPath: [.key(key.description)])
    }

    /// The 1-based column of the current position, in characters (Unicode scalars) as an editor shows it.
    var column: Int {
        var scalars = 1
        for byte in UnsafeBufferPointer(rebasing: input[..<min(index, input.count)]) where byte & 0xC0 != 0x80 {
            scalars += 1
        }
        return scalars
    }

    /// What kind of JSON value starts here, for "expected a string, found a number".
    func typeMismatch(expected: String) -> JSONFailure {
        let found: String
        switch peek {
        case UInt8(ascii: "\""): found = "a string"
        case UInt8(ascii: "{"): found = "an object"
        case UInt8(ascii: "["): found = "an array"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): found = "a boolean"
        case UInt8(ascii: "n"): found = "null"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): found = "a number"
        default: return syntax("expected a value")
        }
        return JSONFailure(kind: .wrongType(expected: expected, found: found))
    }

    private func describeFound() -> String {
        guard index < input.count else { return "the end of the line" }
        let byte = input[index]
        if byte < 0x20 || byte == 0x7F { return "the control character 0x\(String(byte, radix: 16))" }
        if byte < 0x80 { return "'\(Character(Unicode.Scalar(byte)))'" }
        var end = index + 1
        while end < input.count && end < index + 4 && input[end] & 0xC0 == 0x80 { end += 1 }
        return "'\(String(decoding: UnsafeBufferPointer(rebasing: input[index..<end]), as: UTF8.self))'"
    }
}
