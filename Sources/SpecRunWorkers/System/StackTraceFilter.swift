/// Passes a worker's stderr through line by line, minus the runtime's "Current stack trace:" block after a
/// fatal error: addresses inside specrun's own machinery help nobody, and the failure is in the reports.
/// The "file:line: Fatal error: …" line itself stays.
final class StackTraceFilter {
    private var pending: [UInt8] = []
    private var inTrace = false
    /// The start of the line in `pending` was passed through already (it grew past `longestHeldLine`).
    private var continuesPassedLine = false
    private let write: ([UInt8]) -> Void

    /// A line without its line break is held at most this long, then passed through: no stack frame or marker is
    /// this long. (Found by a hostile sweep: a step writing 8 MB to stderr without a newline was held whole and searched
    /// from its start for every chunk — quadratic, so the step timed out after 2.7 MB, and a supervisor's memory
    /// grew with whatever a step wrote.)
    static let longestHeldLine = 64 * 1024

    init(write: @escaping ([UInt8]) -> Void) { self.write = write }

    func append(_ chunk: [UInt8]) {
        // (The chunk's last line break, searched in the chunk only, never in what is held.)
        guard let lastNewline = chunk.lastIndex(of: 0x0A) else {
            pending += chunk
            if pending.count > Self.longestHeldLine {
                if !continuesPassedLine { inTrace = false }
                write(pending)
                pending = []
                continuesPassedLine = true
            }
            return
        }
        var complete = pending
        complete += chunk[...lastNewline]
        pending = Array(chunk[(lastNewline + 1)...])
        var kept: [UInt8] = []
        for line in complete.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast() {
            if continuesPassedLine {
                continuesPassedLine = false  // the rest of a line passed through: passed too
            } else if !keeps(line) {
                continue
            }
            kept += line
            kept.append(0x0A)
        }
        if !kept.isEmpty { write(kept) }
    }

    func finish() {
        if !pending.isEmpty, continuesPassedLine || keeps(pending[...]) { write(pending) }
        pending = []
        continuesPassedLine = false
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
