import Messages

/// A report: a pure consumer of the Cucumber Messages stream.
/// `handle` is called for every envelope in stream order; `finish` once at the end, which writes files.
public protocol EnvelopeFormatter: AnyObject {
    func handle(_ envelope: Envelope)
    func finish() throws
}

/// The formatter for a format, writing to stdout or (atomically, on `finish`) to a file.
public func makeFormatter(_ format: ReportFormat, output: ReportOutput, options: ReportOptions) -> any EnvelopeFormatter {
    makeFormatter(format, sink: makeSink(output), options: options)
}

func makeSink(_ output: ReportOutput) -> any TextSink {
    switch output {
    case .stdout: return StandardOutputSink()
    case .file(let path): return AtomicFileSink(path: path)
    }
}

func makeFormatter(_ format: ReportFormat, sink: any TextSink, options: ReportOptions) -> any EnvelopeFormatter {
    switch format {
    case .pretty: return PrettyFormatter(sink: sink, options: options)
    case .progress: return ProgressFormatter(sink: sink, options: options)
    case .message: return MessageFormatter(sink: sink)
    case .summary:
        return DocumentFormatter(sink: sink) { index in
            SummaryWriter(text: ConsoleText(index: index, style: ConsoleStyle(colors: options.colors), options: options)).document()
        }
    case .junit: return DocumentFormatter(sink: sink) { JUnitXMLWriter(index: $0, options: options).document() }
    case .json: return DocumentFormatter(sink: sink) { CucumberJSONWriter(index: $0).document().render(pretty: true) + "\n" }
    case .html: return DocumentFormatter(sink: sink) { HTMLPage.document(index: $0, title: options.htmlTitle) }
    case .rerun: return DocumentFormatter(sink: sink) { RerunWriter(index: $0).document() }
    case .usage: return DocumentFormatter(sink: sink) { UsageWriter(index: $0, style: ConsoleStyle(colors: options.colors)).document() }
    case .github: return DocumentFormatter(sink: sink) { GitHubWriter(index: $0).document() }
    }
}
