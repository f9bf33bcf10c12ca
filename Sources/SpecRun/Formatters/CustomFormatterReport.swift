import Foundation
import Messages
import SharedState
import SpecRunReportCore
import SpecRunWorkers

/// A user's `RunFormatter` as one of the run's reports: fed the same envelopes, finished with the others; its text
/// goes to stdout (through the console, as the built-in reports') or to its file, written in place at the end.
final class CustomFormatterReport: EnvelopeFormatter {
    private let formatter: any RunFormatter
    private let file: Locked<(any TextSink)?>

    init(_ format: CustomFormat, path: String?, options: [String: String], colors: Bool, console: any Console, standardOutput: Int32)
        throws
    {
        let file = Locked<(any TextSink)?>(path.map { makeSink(.file($0), standardOutput: standardOutput) })
        self.file = file
        let output: FormatterOutput
        if path != nil {
            output = FormatterOutput { text in file.withLock { $0?.write(text) } }
        } else {
            let console = Locked(console)
            output = FormatterOutput { text in console.withLock { $0.out(text) } }
        }
        formatter = try format.make(FormatterSetup(output: output, path: path, options: options, colors: colors))
    }

    func handle(_ envelope: Envelope) { formatter.handle(envelope) }

    func finish() throws {
        try formatter.finish()
        try file.withLock { try $0?.close() }
    }
}
