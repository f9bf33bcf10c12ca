/// Compact JSON written straight into a report's bytes (escaped to sit inside a `<script>` element), with the
/// commas between members and items kept track of: the HTML report's data without building JSON values.
/// Keys come only from `HTMLContract`.
struct HTMLDataWriter {
    let output: DocumentOutput
    /// Whether the innermost open object or array has no member yet.
    private var empty: [Bool] = []
    private var afterKey = false

    init(output: DocumentOutput) { self.output = output }

    mutating func openObject() { open(UInt8(ascii: "{")) }
    mutating func closeObject() { close(UInt8(ascii: "}")) }
    mutating func openArray() { open(UInt8(ascii: "[")) }
    mutating func closeArray() { close(UInt8(ascii: "]")) }

    mutating func key<Key: HTMLKey>(_ name: Key) {
        separate()
        JSONText.quote(name.rawValue, into: &output.bytes, html: true)
        output.bytes.append(UInt8(ascii: ":"))
        afterKey = true
    }

    mutating func string(_ text: String) {
        separate()
        JSONText.quote(text, into: &output.bytes, html: true)
    }

    mutating func int(_ value: Int64) {
        separate()
        JSONText.append(value, to: &output.bytes)
    }

    mutating func bool(_ value: Bool) {
        separate()
        output.bytes.append(contentsOf: (value ? "true" : "false").utf8)
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

    private mutating func open(_ bracket: UInt8) {
        separate()
        output.bytes.append(bracket)
        empty.append(true)
    }

    private mutating func close(_ bracket: UInt8) {
        empty.removeLast()
        output.bytes.append(bracket)
    }

    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        guard let last = empty.last else { return }
        if !last { output.bytes.append(UInt8(ascii: ",")) }
        empty[empty.count - 1] = false
    }
}
