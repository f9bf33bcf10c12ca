import Foundation
import Messages
import SharedState
import SpecRunCore
import SpecRunWorkers

/// `specrun watch [PATH…] [run options]`: runs the paths, then polls their feature files every 0.1 s (the
/// package's Swift files every 0.5 s) and reruns what each save changed (`WatchSession`), each run a new run of this executable
/// (the rebuilt one after a Swift change) with the run options given, its output shown. Ctrl-C ends it; during a
/// run, once that run has ended as it does on the signal (`RunningChild` passes it on), with the run's exit status;
/// during a `swift build` or the dry run after it, once that has ended on the signal (passed on too), with 128 + it.
struct WatchCommand {
    let options: WatchOptions
    let libraries: [any StepLibrary.Type]
    let console: any Console

    func run() async -> Int32 {
        let paths = options.run.paths.isEmpty ? ["Features"] : options.run.paths
        if let missing = WatchedFiles.missing(paths: paths).first {
            console.err("\(ProgramName.current) watch: no such file or folder: \(missing) (give a feature file or folder that exists)\n")
            return ExitCode.usage.rawValue
        }
        let folder = FileManager.default.currentDirectoryPath
        let executable = Self.executable()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-watch-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let interrupts = InterruptForwarder.shared
        // A signal sent to this process alone during a run reaches the run too: it stops as a run does on that
        // signal (its reports written for what finished), and the watch ends with its exit status.
        let child = RunningChild()
        interrupts.listen { signal, _ in child.pass(signal) }
        let interruptedRun = Locked<Int32?>(nil)
        // What a signal stopped before any run of the change started: the build, or the dry run of the rebuilt executable.
        let interruptedStep = Locked<String?>(nil)
        let noteInterrupted = { (step: String) in
            if interrupts.received != nil { interruptedStep.withLock { $0 = $0 ?? step } }
        }
        let world = WatchSession.World(
            scan: { WatchedFiles.scan(paths: paths, package: folder, swift: $0) },
            read: { FileManager.default.contents(atPath: $0).map { String(decoding: $0, as: UTF8.self) } },
            documents: { [libraries, console] in Self.documents(of: $0, libraries: libraries, environment: console.environment) },
            build: {
                // A signal to the watch alone reaches the build too (a terminal's Ctrl-C reached it already).
                let status = ChildProcess.runShowingOutput(["swift", "build"], in: folder, child: child)
                noteInterrupted("its swift build")
                return status == 0
            },
            rebuiltMessages: {
                let file = scratch + "/definitions.ndjson"
                try? FileManager.default.removeItem(atPath: file)
                // With an empty configuration: the default profile's reports are not rewritten by a dry run.
                let noProfile = scratch + "/no-profile.json"
                _ = FileManager.default.createFile(atPath: noProfile, contents: Data("{}".utf8))
                _ = ChildProcess.run(
                    [executable] + paths + ["--config", noProfile, "--dry-run", "--no-progress", "--format", "message:" + file],
                    child: child)
                noteInterrupted("the dry run of the rebuilt executable")
                var envelopes: [Envelope] = []
                guard (try? NDJSON.forEachEnvelope(inFile: file) { envelopes.append($0) }) != nil else { return nil }
                return envelopes
            },
            run: { [options] selected, said in
                // (None after a signal: the watch ends.)
                guard interrupts.received == nil else { return [] }
                let rerun = scratch + "/rerun.txt"
                try? FileManager.default.removeItem(atPath: rerun)
                let formats = options.run.formats.isEmpty ? ["--format", "pretty"] : []
                let status = ChildProcess.runShowingOutput(
                    [executable] + options.passOn + formats + said.flatMap { [Self.saidFlag, $0] }
                        + ["--format", "rerun:" + rerun, "--"] + selected,
                    child: child)
                if interrupts.received != nil { interruptedRun.withLock { $0 = $0 ?? status } }
                let text = FileManager.default.contents(atPath: rerun).map { String(decoding: $0, as: UTF8.self) } ?? ""
                return text.split(whereSeparator: \.isNewline).map(String.init)
            },
            say: { [console] in console.err($0) },
            showParseError: { [printer = ParseErrorPrinter(console: console)] in printer.handle($0) },
            stopped: { interrupts.received != nil })
        var session = WatchSession(world: world, paths: paths)
        session.start()
        while interrupts.received == nil {
            usleep(100_000)
            guard interrupts.received == nil else { break }
            await session.poll()
        }
        // Interrupted during a run: the run's own exit status (128 + the signal, as an interrupted run's).
        if let status = interruptedRun.value {
            console.err("\(ProgramName.current) watch: stopped during a run; its reports hold the results so far\n")
            return status
        }
        // Interrupted during the build or its dry run: 128 + the signal, as a run ends on it.
        if let step = interruptedStep.value, let signal = interrupts.received {
            console.err("\(ProgramName.current) watch: stopped during \(step) (signal \(signal)); nothing of the change was run\n")
            return 128 + signal
        }
        console.err("\(ProgramName.current) watch: stopped\n")
        return ExitCode.passed.rawValue
    }

    /// The feature files' sources, documents and pickles (or parse errors), as a run emits them, parsed only: the
    /// step registry is not built (in a debug build that is most of a dry run's time).
    static func documents(of files: [String], libraries: [any StepLibrary.Type], environment: [String: String]) -> [Envelope] {
        let runner = SpecRunner(
            libraries: libraries, configuration: RunConfiguration(paths: files, dryRun: true), ids: IncrementingIdGenerator(),
            environment: environment)
        var envelopes: [Envelope] = []
        try? runner.emitDocuments(sources: true) { envelopes.append($0) }
        return envelopes
    }

    /// The hidden run option naming a file whose warnings the first run of the same rerun said (`RunOptions.watchSaid`).
    static let saidFlag = "--watch-said"

    /// This executable (a spec executable of a user's package runs itself).
    static func executable() -> String {
        Bundle.main.executablePath ?? CommandLine.arguments[0]
    }
}

/// `specrun watch`'s paths and the run options it passes on to each run.
struct WatchOptions: Equatable {
    var run = RunOptions()
    /// The arguments given after `watch`, without the paths: the options of each run.
    var passOn: [String] = []
}
