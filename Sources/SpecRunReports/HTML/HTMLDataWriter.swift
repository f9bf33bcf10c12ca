import Messages
import SpecRunReportCore

/// Compact JSON written straight into a report's bytes (escaped to sit inside a `<script>` element), with the
/// commas between members and items kept track of: the HTML report's data without building JSON values.
/// Keys come only from `HTMLContract`. The bytes gather in the writer's own buffer (no exclusive access to a
/// class's storage per byte written) and go to the output a chunk at a time.
///
/// A writer without an output renders a piece of the report on a thread of its own (`HTMLChunk`): it keeps its
/// bytes, numbers locations in its own `locations` and leaves their numbers out, noting where each goes, so the
/// report's numbering (by first use, in the report's order) is put in when the piece is written.
struct HTMLDataWriter {
    let output: DocumentOutput?
    /// The `file:line` texts steps refer to by number: the report's, or the piece's own (see above).
    let locations: HTMLLocations
    private(set) var bytes: [UInt8] = []
    /// Where a location's number goes in `bytes` and its number in `locations`, for a writer without an output.
    private(set) var splices: [HTMLChunk.Splice] = []
    /// Whether the next member or item needs a comma before it.
    private var comma = false

    init(output: DocumentOutput, locations: HTMLLocations) {
        self.output = output
        self.locations = locations
        bytes.reserveCapacity(80 * 1024)
    }

    /// A writer of a piece of the report, with `comma` as the state of the writer its bytes will follow.
    init(pieceAfterComma comma: Bool) {
        output = nil
        locations = HTMLLocations()
        self.comma = comma
        bytes.reserveCapacity(256 * 1024)
    }

    mutating func openObject() { open(UInt8(ascii: "{")) }
    mutating func closeObject() { close(UInt8(ascii: "}")) }
    mutating func openArray() { open(UInt8(ascii: "[")) }
    mutating func closeArray() { close(UInt8(ascii: "]")) }

    /// A key: the contract's keys are plain ASCII letters, written without escaping.
    mutating func key<Key: HTMLKey>(_ name: Key) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        // Byte by byte: the keys of the records written most are one or two letters (a copy of a buffer costs more).
        for byte in name.rawValue.utf8 { bytes.append(byte) }
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

    /// A member whose value is the number of a location in the report's `locations`.
    mutating func location<Key: HTMLKey>(_ name: Key, number: Int) {
        key(name)
        if output == nil {
            splices.append(HTMLChunk.Splice(offset: bytes.count, number: number))
            comma = true
        } else {
            int(Int64(number))
        }
    }

    /// A piece rendered by a writer without an output, its location numbers replaced by the report's.
    mutating func append(_ chunk: HTMLChunk) {
        let numbers = chunk.locations.map { locations.number($0) }
        var start = 0
        chunk.bytes.withUnsafeBufferPointer { piece in
            for splice in chunk.splices {
                bytes.append(contentsOf: piece[start..<splice.offset])
                JSONText.append(Int64(numbers[splice.number]), to: &bytes)
                start = splice.offset
                if bytes.count >= 64 * 1024 { flush() }
            }
            bytes.append(contentsOf: piece[start...])
        }
        comma = true
        flushIfFull()
    }

    /// What a writer without an output rendered.
    func chunk() -> HTMLChunk {
        HTMLChunk(bytes: bytes, splices: splices, locations: locations.texts)
    }

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
        // Each name read in place (a copy of each tag would retain its id as well).
        tags.withUnsafeBufferPointer { tags in
            for position in tags.indices { string(tags[position].name) }
        }
        closeArray()
    }

    /// Hands the bytes written so far to the output once they make a chunk (writers call it between pieces).
    mutating func flushIfFull() {
        if bytes.count >= 64 * 1024 { flush() }
    }

    /// Hands the bytes written so far to the output.
    mutating func flush() {
        guard let output else { return }
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
