extension String {
    /// A string of a copy of `bytes` (UTF-8, repaired if invalid, as `String(decoding:as:)`), written straight into
    /// its storage: a short ASCII string is made without a validation pass, a longer one validated where it lies
    /// (`String(decoding:as:)` validates, then builds the small string byte by byte or copies into new storage).
    @inlinable
    public init(copyingUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            self = ""
            return
        }
        let count = bytes.count
        self.init(unsafeUninitializedCapacity: count) { buffer in
            buffer.baseAddress!.initialize(from: base, count: count)
            return count
        }
    }
}
