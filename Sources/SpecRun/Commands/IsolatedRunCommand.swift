import Foundation
import Messages
import SpecRunCore

/// `specrun [PATH…]` by default: a supervisor that runs the scenarios in a worker process (this executable with
/// `--worker`) and feeds the worker's envelopes, as they come, to the reports. A step that crashes the worker
/// (force unwrap of nil, fatalError, index out of range…) fails its scenario; a new worker resumes after it,
/// and every report is still written.
struct IsolatedRunCommand {
    let options: RunOptions
    let libraries: [any StepLibrary.Type]
    let console: any Console
    let launcher: any WorkerLauncher
    var now: @Sendable () -> Date = { Date() }
    var randomSeed: @Sendable () -> UInt64 = { UInt64.random(in: 0...UInt64(UInt32.max)) }
    var idSeed: @Sendable () -> UInt64 = { UInt64.random(in: 0...UInt64.max) }

    func run() async -> Int32 {
        let inProcess = RunCommand(options: options, libraries: libraries, console: console)
        let configuration: RunConfiguration
        let reports: Reports
        do {
            configuration = try inProcess.makeConfiguration()
            reports = try Reports(requests: options.formats.isEmpty ? [FormatRequest(name: "pretty", path: nil)] : options.formats,
                                  colors: console.wantsColor(options.color), console: console)
        } catch {
            return SpecRunCLI.usageFailure(error, console: console)
        }
        // Every worker must play the same order and make the same ids.
        var workerOptions = options
        var seed: UInt64?
        if case .random(let given) = configuration.order {
            seed = given ?? randomSeed()
            workerOptions.order = "random:\(seed!)"
        }
        if !options.predictableIds { workerOptions.idSeed = idSeed() }

        let parseErrors = ParseErrorPrinter(console: console)
        let repair = StreamRepair(now: now) { envelope in
            parseErrors.handle(envelope)
            reports.handle(envelope)
        }
        var resumeAfter = 0
        var exitCode: Int32
        while true {
            let lines = EnvelopeLines { line in console.err("specrun: ignored a line of the worker's output: \(line)\n") }
            let result: WorkerResult
            do {
                result = try await launcher.run(arguments: WorkerArguments.make(workerOptions, resumeAfter: resumeAfter)) { chunk in
                    lines.append(chunk, repair.receive)
                }
            } catch {
                if repair.workerIndex == 0 {
                    console.err("specrun: could not start a worker process (\(error)); running in this process instead, as with --no-isolation\n")
                    return await inProcess.run()
                }
                repair.giveUp("specrun could not start a worker process to go on after a crash: \(error)")
                exitCode = 1
                break
            }
            lines.finish(repair.receive)
            let next = repair.workerEnded(result)
            if case .finished(let code) = next { exitCode = code; break }
            if case .notStarted(let code) = next { return code }
            if case .resume(let after) = next {
                if repair.workerIndex > repair.testCaseIds.count + 1 {
                    repair.giveUp("specrun stopped restarting workers after \(repair.crashCount) crashes")
                    exitCode = 1
                    break
                }
                resumeAfter = after
            }
        }
        let written = reports.finish()
        if let seed { console.err("Randomized with seed \(seed): replay this order with --order random:\(seed)\n") }
        if repair.interrupted {
            console.err("specrun: the run was interrupted; the reports hold the results so far\n")
        }
        if repair.crashCount > 0 {
            console.err("specrun: \(repair.crashCount) crash(es) of the worker process; each crashed scenario is reported failed\n")
        }
        if repair.testCaseIds.isEmpty && repair.unparsableUris.isEmpty && exitCode == ExitCode.nothingSelected.rawValue {
            console.err("specrun: no scenario matched the paths and filters (\(RunCommand.describeSelection(configuration)))\n")
        }
        if !repair.unparsableUris.isEmpty {
            console.err("specrun: \(repair.unparsableUris.count) feature file(s) could not be parsed; the others ran\n")
        }
        return written ? exitCode : ExitCode.usage.rawValue
    }
}

/// Splits a worker's output into lines and decodes each into an envelope; a line cut by the end of a chunk waits
/// for the rest, a line cut by a crash is dropped at the end.
final class EnvelopeLines {
    private var pending: [UInt8] = []
    private let onBadLine: (String) -> Void

    init(onBadLine: @escaping (String) -> Void) { self.onBadLine = onBadLine }

    func append(_ chunk: [UInt8], _ body: (Envelope) -> Void) {
        guard let lastNewline = chunk.lastIndex(of: 0x0A) else {
            pending += chunk
            return
        }
        var complete = pending
        complete += chunk[...lastNewline]
        pending = Array(chunk[(lastNewline + 1)...])
        decode(complete, body)
    }

    /// The end of the output: a last line without its newline is whole only if it decodes.
    func finish(_ body: (Envelope) -> Void) {
        guard !pending.isEmpty else { return }
        let rest = pending
        pending = []
        if let envelopes = try? NDJSON.decode(Data(rest)) { envelopes.forEach(body) }
    }

    private func decode(_ bytes: [UInt8], _ body: (Envelope) -> Void) {
        var rest = bytes[...]
        while !rest.isEmpty {
            do {
                try NDJSON.forEachEnvelope(in: Data(rest), body)
                return
            } catch let error as NDJSON.Error {
                // Not one of ours (the lines before it were delivered): name it, go on after it.
                var start = rest.startIndex
                for _ in 1..<max(1, error.line) {
                    guard let newline = rest[start...].firstIndex(of: 0x0A) else { break }
                    start = newline + 1
                }
                let end = rest[start...].firstIndex(of: 0x0A) ?? rest.endIndex
                onBadLine(String(decoding: rest[start..<end].prefix(200), as: UTF8.self))
                rest = end < rest.endIndex ? rest[(end + 1)...] : []
            } catch {
                return
            }
        }
    }
}
