extension NDJSON {
    /// Decodes the envelopes of a stream that arrives in pieces (a worker's pipe) with one reader for all of them:
    /// its element stack and scratch buffer are made once per stream, not once per piece.
    public final class StreamDecoder {
        private var reader = JSONReader(UnsafeBufferPointer(start: nil, count: 0))

        public init() {}

        /// `NDJSON.forEachEnvelope(in:uri:keepingJSON:_:)` over the next piece of the stream (whole lines).
        public func forEachEnvelope(
            in bytes: UnsafeBufferPointer<UInt8>, uri: String = "<ndjson>", keepingJSON: Bool = false,
            _ body: (Envelope) throws -> Void
        ) throws {
            try NDJSON.forEachEnvelope(in: bytes, uri: uri, keepingJSON: keepingJSON, reader: &reader, body)
        }
    }
}
