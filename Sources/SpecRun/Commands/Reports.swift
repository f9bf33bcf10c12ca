import Foundation
import Messages
import SpecRunReports

/// The formatters of one run or report command, fed the same envelopes.
final class Reports {
    private let formatters: [(request: FormatRequest, formatter: any EnvelopeFormatter)]
    private let console: any Console
    private let factory: FormatterFactory

    init(requests: [FormatRequest], colors: Bool, console: any Console, listParseErrors: Bool = true,
         formatOptions: FormatOptions = FormatOptions()) throws {
        self.console = console
        var options = ReportOptions(colors: colors)
        options.listParseErrors = listParseErrors
        formatOptions.apply(to: &options)
        // One factory: the reports share one index of the run.
        let factory = FormatterFactory()
        self.factory = factory
        formatters = try requests.map { request in
            guard let format = ReportFormat(rawValue: request.name) else {
                throw UsageError(message: "unknown format '\(request.name)'")
            }
            if let path = request.path {
                return (request, factory.makeFormatter(format, output: .file(path), options: options))
            }
            return (request, factory.makeFormatter(format, write: { [console] in console.out($0) }, options: options))
        }
    }

    func handle(_ envelope: Envelope) {
        for entry in formatters { entry.formatter.handle(envelope) }
    }

    /// Finishes every report (writing files); a report that cannot be written is named, the others still are.
    func finish() -> Bool {
        var allWritten = true
        for entry in formatters {
            do {
                try entry.formatter.finish()
            } catch {
                allWritten = false
                console.err("specrun: could not write the \(entry.request.name) report to \(entry.request.path ?? "stdout"): \(error)\n")
            }
        }
        // The process exits after the reports: do not spend time freeing the index of the run.
        factory.keepIndexUntilExit()
        return allWritten
    }
}
