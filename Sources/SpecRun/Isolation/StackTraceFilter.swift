/// Passes a worker's stderr through line by line, minus the runtime's "Current stack trace:" block after a
/// fatal error: addresses inside specrun's own machinery help nobody, and the failure is in the reports.
/// The "file:line: Fatal error: …" line itself stays.
final class StackTraceFilter {
    private var pending: [UInt8] = []
    private var inTrace = false
    private let write: ([UInt8]) -> Void

    init(write: @escaping ([UInt8]) -> Void) { self.write = write }

    func append(_ chunk: [UInt8]) {
        pending += chunk
        guard let lastNewline = pending.lastIndex(of: 0x0A) else { return }
        let complete = pending[...lastNewline]
        pending = Array(pending[(lastNewline + 1)...])
        var kept: [UInt8] = []
        for line in complete.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast() where keeps(line) {
            kept += line
            kept.append(0x0A)
        }
        if !kept.isEmpty { write(kept) }
    }

    func finish() {
        if !pending.isEmpty, keeps(pending[...]) { write(pending) }
        pending = []
    }

    private func keeps(_ line: ArraySlice<UInt8>) -> Bool {
        let text = String(decoding: line, as: UTF8.self)
        if text == "Current stack trace:" {
            inTrace = true
            return false
        }
        if inTrace {
            if Self.isFrame(text) { return false }
            inTrace = false
        }
        return true
    }

    /// "3    libswiftCore.so    0x00007f48130f94f0 _assertionFailure(…) + 303"
    static func isFrame(_ text: String) -> Bool {
        let fields = text.split(separator: " ", omittingEmptySubsequences: true)
        return fields.count >= 3 && fields[0].allSatisfy(\.isNumber) && fields[2].hasPrefix("0x")
    }
}
