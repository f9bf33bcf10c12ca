import SpecRunReportCore

/// The text formats people read (pretty, progress, summary, usage, github, requirements) escape the control
/// characters that come from feature files wherever they are written — the terminal, a file read later with `cat`
/// or `less -R`, a host program's writer: a property of the text, not of the terminal (ConsoleEscaping).
final class EscapingSink: TextSink {
    private let inner: any TextSink
    private let keepColors: Bool

    init(_ inner: any TextSink, keepColors: Bool) {
        self.inner = inner
        self.keepColors = keepColors
    }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(utf8: $0) }
    }

    func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard ConsoleEscaping.needsEscaping(bytes) else { return inner.write(utf8: bytes) }
        ConsoleEscaping.escape(bytes, keepColors: keepColors).withUnsafeBufferPointer { inner.write(utf8: $0) }
    }

    func flush() { inner.flush() }
    func close() throws { try inner.close() }
}

extension ReportFormat {
    /// Whether the format's text has its control characters escaped wherever it goes (`EscapingSink`). Not the
    /// data formats (JSON and XML escape them their own way; a message stream stays what the run sent), nor
    /// rerun's `file:line` list, which must name a file as it is named to replay it (escaped on a terminal only).
    package var escapesControlCharacters: Bool {
        switch self {
        case .pretty, .progress, .summary, .usage, .github, .requirements: return true
        case .rerun, .message, .junit, .json, .html, .htmlSite, .requirementsJSON, .usageJSON, .history, .status: return false
        }
    }
}
