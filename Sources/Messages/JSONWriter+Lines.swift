/// Writes envelopes as NDJSON lines, one after another, into one buffer kept from line to line: a run's prelude
/// (a `gherkinDocument` of a large feature file is 100 KB of JSON) then costs no allocation, no growing copies
/// and no copy into an array per line — the caller reads each line where it was written.
public final class NDJSONLineWriter {
    private var writer: JSONWriter

    public init(capacity: Int = 64 * 1024) {
        writer = JSONWriter(capacity: capacity)
    }

    /// Calls `body` with the JSON of `envelope` and its newline, readable only during the call.
    public func withLine<Result>(_ envelope: Envelope, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        writer.removeAll()
        envelope.writeJSON(to: &writer)
        writer.byte("\n")
        return try writer.withBytes(body)
    }
}
