import Dispatch
import Messages
import SpecRunReportCore

/// The Cucumber Messages stream as NDJSON: one envelope per line, written as it arrives (to a file: through a
/// buffered temporary file renamed into place at the end), so the stream is never held in memory.
///
/// Each envelope is encoded again from its value. A supervisor that already holds the worker's encoded line
/// could hand it over instead: `handle(_ envelope: Envelope, encoded line: UnsafeBufferPointer<UInt8>)`, with
/// this type's default re-encoding when no line is known (not done here: `handle(_:)` stays the entry point).
final class MessageFormatter: EnvelopeFormatter {
    private let sink: any TextSink
    #if DEBUG  // checked in tests; unchecked in release, named by callgrind (c10k, reports): every envelope written
    private var line: [UInt8] = []
    #else
    @exclusivity(unchecked) private var line: [UInt8] = []
    #endif
    private var lastFlush = DispatchTime.now().uptimeNanoseconds

    init(sink: any TextSink) {
        self.sink = sink
        line.reserveCapacity(4096)
    }

    func handle(_ envelope: Envelope) {
        sink.writeLine(envelope, scratch: &line)
        // At most every 50 ms, after a test case: a run killed even with SIGKILL leaves its stream so far, whole
        // lines, in the temporary file beside the target (which `specrun report` reads, marked incomplete).
        // (By kind: the accessors copy the message out.)
        if envelope.kind == .testCaseFinished || envelope.kind == .testRunHookFinished {
            let now = DispatchTime.now().uptimeNanoseconds
            if now &- lastFlush > 50_000_000 {
                sink.flush()
                lastFlush = now
            }
        }
    }

    func finish() throws { try sink.close() }

    /// (Whole lines only: it is called between two envelopes.)
    func checkpoint() {
        sink.flush()
        lastFlush = DispatchTime.now().uptimeNanoseconds
    }

}
