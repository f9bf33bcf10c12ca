import Dispatch
import Foundation
import Messages
import SpecRunReportCore

/// The message stream of a run in several workers, in the order the envelopes arrived, beside the `message`
/// report's target (`.<name>.<pid>.<random>.journal.tmp`), written out at most every 50 ms: what a SIGKILL of
/// specrun leaves. (The report itself keeps the serial run's order, so a test case that finished while an
/// earlier-planned one still runs waits in memory for it; here it is written as it comes.) Test cases are
/// interleaved — each envelope names its test case — and `specrun report` reads it. A run that ends, however it
/// ends, removes it (`discard`): the report is then in place.
package final class MessageJournal {
    private let sink: StreamingFileSink
    private var line: [UInt8] = []
    private var lastFlush: UInt64 = 0

    /// nil for a report that is no regular file (stdout, a FIFO, a device): nothing could be left there.
    package init?(reportPath path: String) {
        guard StreamingFileSink.standardDescriptor(path) == nil else { return nil }
        var info = stat()
        if stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFREG { return nil }
        sink = StreamingFileSink(path: path, tempSuffix: "journal.tmp")
        line.reserveCapacity(4096)
    }

    /// From one thread only (the supervisor's).
    package func write(_ envelope: Envelope) {
        sink.writeLine(envelope, scratch: &line)
    }

    /// Writes out what is buffered, when the last time was 50 ms ago or more (whole lines: between envelopes).
    package func flushIfDue(now: UInt64 = DispatchTime.now().uptimeNanoseconds) {
        guard now &- lastFlush >= 50_000_000 else { return }
        sink.flush()
        lastFlush = now
    }

    /// Removes the journal (the run ended: the reports say what it holds).
    package func discard() { sink.discard() }

}
