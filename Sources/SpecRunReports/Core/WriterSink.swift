/// Hands a formatter's text to a caller-supplied writer (the CLI's console, so that its tests can capture stdout).
final class WriterSink: TextSink {
    private let writer: (String) -> Void
    private let bytesWriter: ((UnsafeBufferPointer<UInt8>) -> Void)?

    init(_ writer: @escaping (String) -> Void, bytes: ((UnsafeBufferPointer<UInt8>) -> Void)? = nil) {
        self.writer = writer
        bytesWriter = bytes
    }

    func write(_ text: String) { writer(text) }

    func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        if let bytesWriter { bytesWriter(bytes) } else { writer(String(decoding: bytes, as: UTF8.self)) }
    }

    func close() throws {}
}

/// The formatter for a format, writing its text through `write` as it goes (stdout of a host program).
/// It has its own index of the run: make the reports of one run with one `FormatterFactory` to share it.
public func makeFormatter(_ format: ReportFormat, write: @escaping (String) -> Void, options: ReportOptions) -> any EnvelopeFormatter {
    FormatterFactory().makeFormatter(format, write: write, options: options)
}
