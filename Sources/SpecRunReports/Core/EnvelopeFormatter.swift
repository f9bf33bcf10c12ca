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
    case .summary: return SummaryFormatter(sink: sink, options: options)
    case .message: return MessageFormatter(sink: sink)
    case .junit: return JUnitFormatter(sink: sink, options: options)
    case .json: return CucumberJSONFormatter(sink: sink)
    case .html: return HTMLFormatter(sink: sink, options: options)
    case .rerun: return RerunFormatter(sink: sink)
    case .usage: return UsageFormatter(sink: sink, options: options)
    case .github: return GitHubFormatter(sink: sink)
    }
}
