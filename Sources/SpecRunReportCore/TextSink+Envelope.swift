import Messages

extension TextSink {
    /// One envelope as one NDJSON line: a worker's line as it came (encoding the envelope again gives the same
    /// bytes), otherwise encoded into `scratch` (kept between calls so a line costs no allocation).
    package func writeLine(_ envelope: Envelope, scratch: inout [UInt8]) {
        if let json = envelope.json {
            json.withUnsafeBufferPointer { write(utf8: $0) }
            newlineByte.withUnsafeBufferPointer { write(utf8: $0) }
        } else {
            scratch.removeAll(keepingCapacity: true)
            NDJSON.encode(envelope, into: &scratch)
            scratch.append(0x0A)
            scratch.withUnsafeBufferPointer { write(utf8: $0) }
        }
    }
}

private let newlineByte: [UInt8] = [0x0A]
