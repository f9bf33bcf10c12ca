/// A whole-document report's text as UTF-8 bytes, handed to the sink in chunks of about 64 KiB as it is
/// written, so a large report is never held whole in memory.
package final class DocumentOutput {
    /// The bytes not handed to the sink yet; writers append to them directly.
    package var bytes: [UInt8] = []
    private let sink: any TextSink
    private let chunkSize: Int

    package init(sink: any TextSink, chunkSize: Int = 64 * 1024) {
        self.sink = sink
        self.chunkSize = chunkSize
        bytes.reserveCapacity(chunkSize + chunkSize / 4)
    }

    package func write(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        if bytes.count >= chunkSize { flush() }
    }

    /// Bytes a writer gathered in a buffer of its own, handed to the sink after what came before them.
    package func write(utf8 chunk: [UInt8]) {
        guard !chunk.isEmpty else { return }
        flush()
        chunk.withUnsafeBufferPointer { sink.write(utf8: $0) }
    }

    /// Hands the bytes over once a chunk is full (writers call it between pieces, e.g. after each test case).
    package func flushIfFull() {
        if bytes.count >= chunkSize { flush() }
    }

    package func flush() {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBufferPointer { sink.write(utf8: $0) }
        bytes.removeAll(keepingCapacity: true)
    }
}
