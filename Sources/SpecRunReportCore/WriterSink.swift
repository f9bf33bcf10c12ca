/// Hands a formatter's text to a caller-supplied writer (the CLI's console, so that its tests can capture stdout).
package final class WriterSink: TextSink {
    private let writer: (String) -> Void
    private let bytesWriter: ((UnsafeBufferPointer<UInt8>) -> Void)?

    package init(_ writer: @escaping (String) -> Void, bytes: ((UnsafeBufferPointer<UInt8>) -> Void)? = nil) {
        self.writer = writer
        bytesWriter = bytes
    }

    package func write(_ text: String) { writer(text) }

    package func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        if let bytesWriter { bytesWriter(bytes) } else { writer(String(decoding: bytes, as: UTF8.self)) }
    }

    package func close() throws {}
}
