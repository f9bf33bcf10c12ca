import Messages

/// Compact JSON written straight into a report's bytes (escaped to sit inside a `<script>` element), with the
/// commas between members and items kept track of: the HTML report's data without building JSON values.
/// Keys come only from `HTMLContract`. The bytes gather in the writer's own buffer (no exclusive access to a
/// class's storage per byte written) and go to the output a chunk at a time.
struct HTMLDataWriter {
    let output: DocumentOutput
    private(set) var bytes: [UInt8] = []
    /// Whether the next member or item needs a comma before it.
    private var comma = false

    init(output: DocumentOutput) {
        self.output = output
        bytes.reserveCapacity(80 * 1024)
    }

    mutating func openObject() { open(UInt8(ascii: "{")) }
    mutating func closeObject() { close(UInt8(ascii: "}")) }
    mutating func openArray() { open(UInt8(ascii: "[")) }
    mutating func closeArray() { close(UInt8(ascii: "]")) }

    /// A key: the contract's keys are plain ASCII letters, written without escaping.
    mutating func key<Key: HTMLKey>(_ name: Key) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var raw = name.rawValue
        raw.withUTF8 { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        comma = false
    }

    mutating func string(_ text: String) {
        separate()
        JSONText.quote(text, into: &bytes, html: true)
        comma = true
    }

    mutating func int(_ value: Int64) {
        separate()
        JSONText.append(value, to: &bytes)
        comma = true
    }

    mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
        comma = true
    }

    mutating func field<Key: HTMLKey>(_ name: Key, _ text: String) { key(name); string(text) }
    mutating func field<Key: HTMLKey>(_ name: Key, _ value: Int64) { key(name); int(value) }
    mutating func field<Key: HTMLKey>(_ name: Key, _ value: Int) { key(name); int(Int64(value)) }
    mutating func field<Key: HTMLKey>(_ name: Key, _ value: Bool) { key(name); bool(value) }

    /// A member only when the text is not empty.
    mutating func optional<Key: HTMLKey>(_ name: Key, _ text: String?) {
        if let text, !text.isEmpty { field(name, text) }
    }

    mutating func strings<Key: HTMLKey>(_ name: Key, _ texts: [String]) {
        key(name)
        openArray()
        for text in texts { string(text) }
        closeArray()
    }

    /// The names of tags, as `strings` writes them (without an array of the names).
    mutating func tagNames<Key: HTMLKey>(_ name: Key, _ tags: [PickleTag]) {
        key(name)
        openArray()
        for tag in tags { string(tag.name) }
        closeArray()
    }

    /// Hands the bytes written so far to the output once they make a chunk (writers call it between pieces).
    mutating func flushIfFull() {
        if bytes.count >= 64 * 1024 { flush() }
    }

    /// Hands the bytes written so far to the output.
    mutating func flush() {
        output.write(utf8: bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        comma = false
    }

    private mutating func close(_ bracket: UInt8) {
        bytes.append(bracket)
        comma = true
    }

    @inline(__always)
    private mutating func separate() {
        if comma { bytes.append(UInt8(ascii: ",")) }
    }
}
