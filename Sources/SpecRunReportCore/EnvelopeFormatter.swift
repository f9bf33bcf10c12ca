import Foundation
import Messages

/// A report: a pure consumer of the Cucumber Messages stream.
/// `handle` is called for every envelope in stream order; `finish` once at the end, which writes files.
package protocol EnvelopeFormatter: AnyObject {
    func handle(_ envelope: Envelope)
    func finish() throws
    /// Works out what `finish` will write, without writing anything, where a report can (the run's envelopes
    /// have all been handled): so a report on the console is made while the files are written, and printed after.
    func prepare()
    /// Writes out what the report has buffered of a stream it writes as it goes (the message stream), so that a
    /// run killed even with SIGKILL leaves it on disk; called on a timer. Others do nothing.
    func checkpoint()
}

extension EnvelopeFormatter {
    package func prepare() {}
    package func checkpoint() {}
}

/// `standardOutput`: the descriptor of the run's standard output for reports (see `FormatterFactory`).
package func makeSink(_ output: ReportOutput, standardOutput: Int32 = STDOUT_FILENO) -> any TextSink {
    switch output {
    case .stdout: return StandardOutputSink(descriptor: standardOutput)
    case .file(let path): return StreamingFileSink(path: path, standardOutput: standardOutput)
    }
}
