import SpecRunReportCore

/// The formatter for a format, writing to stdout or to a file (a temporary file renamed into place on `finish`).
/// It has its own index of the run: make the reports of one run with one `FormatterFactory` to share it.
package func makeFormatter(_ format: ReportFormat, output: ReportOutput, options: ReportOptions) -> any EnvelopeFormatter {
    FormatterFactory().makeFormatter(format, output: output, options: options)
}

package func makeFormatter(_ format: ReportFormat, sink: any TextSink, options: ReportOptions) -> any EnvelopeFormatter {
    FormatterFactory().makeFormatter(format, sink: sink, options: options)
}

/// The formatter for a format, writing its text through `write` as it goes (stdout of a host program).
/// It has its own index of the run: make the reports of one run with one `FormatterFactory` to share it.
package func makeFormatter(_ format: ReportFormat, write: @escaping (String) -> Void, options: ReportOptions) -> any EnvelopeFormatter {
    FormatterFactory().makeFormatter(format, write: write, options: options)
}
