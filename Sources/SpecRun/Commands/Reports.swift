import Foundation
import Messages
import SharedState
import SpecRunReportCore
import SpecRunReports
import SpecRunWorkers

/// The formatters of one run or report command, fed the same envelopes.
final class Reports {
    private let formatters: [(request: FormatRequest, formatter: any EnvelopeFormatter)]
    /// The formatters alone, in the same order: what each envelope goes to (not a copy of each request).
    private let handlers: [any EnvelopeFormatter]
    private let console: any Console
    private let factory: FormatterFactory

    /// `sharedAtSource`: the stream is this run's, whose compiler and planner share each step text and each
    /// definition's id array already (`FormatterFactory(sharedAtSource:)`; not `specrun report`'s, read from files).
    init(
        requests: [FormatRequest], colors: Bool, console: any Console, listParseErrors: Bool = true,
        formatOptions: FormatOptions = FormatOptions(), mergedRuns: Bool = false, sharedAtSource: Bool = false,
        standardOutput: Int32 = STDOUT_FILENO
    ) throws {
        try Self.checkWritable(requests)
        self.console = console
        var options = ReportOptions(colors: colors)
        options.listParseErrors = listParseErrors
        options.parseErrorWords = ParseErrorPrinter.words(of:)
        options.mergedRuns = mergedRuns
        formatOptions.apply(to: &options)
        options.note = { [console] in console.err("\(ProgramName.current): \($0)\n") }
        // `--history DIR`: the runs before this one, read before the run (the history report rewrites the file).
        if let file = requests.first(where: { $0.format == .history })?.path { options.history = RunHistory.load(file) }
        // One factory: the reports share one index of the run.
        let factory = FormatterFactory(sharedAtSource: sharedAtSource, standardOutput: standardOutput)
        self.factory = factory
        formatters = try requests.map { request in
            let format = request.format
            if let name = request.custom, let custom = CustomFormats.named(name) {
                return (
                    request,
                    try CustomFormatterReport(
                        custom, path: request.path.map(Self.absolute), options: formatOptions.custom[name] ?? [:], colors: colors,
                        console: console, standardOutput: standardOutput)
                )
            }
            if format == .history, let path = request.path {
                // Added to the file as it is when the run ends, under the folder's lock (other runs may share it).
                return (
                    request,
                    factory.makeHistoryFormatter(
                        path: Self.absolute(path), note: { [console] in console.err("\(ProgramName.current): \($0)\n") })
                )
            }
            if let path = request.path {
                // Resolved now, at the start: a step that changes the working folder (`--no-isolation`) does
                // not move the reports written when the run ends.
                return (
                    request, factory.makeFormatter(format, output: .file(Self.absolute(path)), options: Self.options(options, for: path))
                )
            }
            // (The text formats escape control characters themselves, wherever written: `escapesControlCharacters`.)
            guard Self.isForTerminal(format), !format.escapesControlCharacters else {
                return (
                    request,
                    factory.makeFormatter(
                        format, write: { [console] in console.out($0) },
                        writeBytes: { [console] in console.out(bytes: $0) }, options: options)
                )
            }
            // Text for a terminal: control characters from feature files made visible (our colours kept).
            let colors = options.colors
            return (
                request,
                factory.makeFormatter(
                    format, write: { [console] in console.out(ConsoleEscaping.escape($0, keepColors: colors)) },
                    writeBytes: { [console] bytes in
                        guard ConsoleEscaping.needsEscaping(bytes) else { return console.out(bytes: bytes) }
                        ConsoleEscaping.escape(bytes, keepColors: colors).withUnsafeBufferPointer { console.out(bytes: $0) }
                    }, options: options)
            )
        }
        handlers = formatters.map(\.formatter)
        needs = requests.listenerNeeds
    }

    /// The options of a report written to `path`: a console format in a file lists the parse errors, which a live run
    /// says on stderr only (`listParseErrors`), so the file never reads as a passing run that exited 3.
    static func options(_ options: ReportOptions, for path: String) -> ReportOptions {
        guard !options.listParseErrors, ReportPath.descriptor(named: path).map({ $0 > 2 }) ?? true else { return options }
        var options = options
        options.listParseErrors = true
        return options
    }

    /// `path` against the working folder of this moment (an absolute path as it is).
    static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/"), !path.isEmpty else { return path }
        let folder = FileManager.default.currentDirectoryPath
        return (folder.hasSuffix("/") ? folder : folder + "/") + path
    }

    /// The formats a person reads on the console (the others are data: JSON escapes controls itself, XML is
    /// read by tools, and a message stream must stay byte for byte what the run sent).
    static func isForTerminal(_ format: ReportFormat) -> Bool {
        switch format {
        case .pretty, .progress, .summary, .usage, .rerun, .github, .requirements: return true
        case .message, .junit, .json, .html, .htmlSite, .requirementsJSON, .usageJSON, .history, .status: return false
        }
    }

    func handle(_ envelope: Envelope) {
        for handler in handlers { handler.handle(envelope) }
    }

    /// Every report writes out what it buffered of a stream it writes as it goes (see `EnvelopeFormatter.checkpoint`).
    func checkpoint() {
        for handler in handlers { handler.checkpoint() }
    }
    /// What the reports need of the run's messages (`ListenerNeeds`).
    let needs: ListenerNeeds
    /// Whether the reports' index keeps each test case message's steps array as it is (see `FormatterFactory`).
    var indexKeepsTestStepsAsSent: Bool { factory.indexKeepsTestStepsAsSent }

    /// The run's stream leaves passed or skipped steps unsaid before a later step of their attempt (see
    /// `FormatterFactory`).
    func leavesStepsUnsaid(_ status: TestStepResultStatus) { factory.leavesStepsUnsaid(status) }

    /// Whether a report reads `testStepStarted` envelopes: only the message stream writes them; every other report
    /// (and the exit status and parse-error printer) reads the steps' results. A run has one for every step.
    var readsStepStarts: Bool { needs.messageStream }

    /// Finishes every report (writing files); a report that cannot be written is named, the others still are.
    /// The reports written to files finish at the same time, each on a thread of its own (they only read the
    /// run's index, which no longer changes; one may wait on the disk, one may render on several threads of its
    /// own, and no report waits for a core another one's wait holds); then those on the console, in the order
    /// asked for (made while the files were written, where a report can be).
    func finish() -> Bool {
        // The reports that could not be written (position, why), from the threads that finish them.
        let failures = Locked<[(Int, String)]>([])
        let files = formatters.filter { $0.request.path != nil }
        let finishing = UncheckedSendable(files.map(\.formatter))
        let finished = DispatchGroup()
        factory.settleIndex()
        // The reports on the console are made meanwhile (each read-only, like the files), printed after them.
        let consoles = UncheckedSendable(formatters.filter { $0.request.path == nil }.map(\.formatter))
        if !consoles.value.isEmpty && !files.isEmpty {
            finished.enter()
            Thread {
                for formatter in consoles.value { formatter.prepare() }
                finished.leave()
            }.start()
        }
        for position in files.indices.dropFirst() {
            finished.enter()
            Thread {
                do { try finishing.value[position].finish() } catch {
                    let why = "\(error)"; failures.withLock { $0.append((position, why)) }
                }
                finished.leave()
            }.start()
        }
        if !files.isEmpty {
            do { try finishing.value[0].finish() } catch { let why = "\(error)"; failures.withLock { $0.append((0, why)) } }
        }
        finished.wait()
        var allWritten = true
        for (position, error) in failures.value.sorted(by: { $0.0 < $1.0 }) {
            allWritten = false
            let request = files[position].request
            console.err("\(ProgramName.current): could not write the \(request.name) report to \(request.path ?? "stdout"): \(error)\n")
        }
        for entry in formatters where entry.request.path == nil {
            do {
                try entry.formatter.finish()
            } catch {
                allWritten = false
                console.err("\(ProgramName.current): could not write the \(entry.request.name) report to stdout: \(error)\n")
            }
        }
        // Stdout redirected to a file on a full disk (`… --format junit > junit.xml`): the report there is cut short.
        if let loss = console.standardOutputLoss, let entry = formatters.first(where: { $0.request.path == nil }) {
            allWritten = false
            console.err("\(ProgramName.current): could not write the \(entry.request.name) report to stdout: \(loss)\n")
        }
        // The process exits after the reports: do not spend time freeing the index of the run, nor what the
        // reports kept beside it (the HTML report's outline steps and examples).
        factory.keepIndexUntilExit()
        _ = Unmanaged.passRetained(self)
        return allWritten
    }
}
