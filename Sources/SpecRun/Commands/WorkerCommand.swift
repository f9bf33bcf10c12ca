import Foundation
import Messages
import SpecRunCore

/// `specrun … --worker` (hidden): the worker of a supervising specrun. Runs in-process and writes every
/// envelope as one NDJSON line; the output is flushed whenever a step, hook or test case starts or ends, so
/// the supervisor knows exactly where a crash struck.
/// No reports, no summary: the supervisor owns those.
struct WorkerCommand {
    let options: RunOptions
    let libraries: [any StepLibrary.Type]
    let console: any Console
    let write: ([UInt8]) -> Void
    var clock: any RunClock = SystemClock()

    func run() async -> Int32 {
        var configuration: RunConfiguration
        do {
            configuration = try RunCommand(options: options, libraries: libraries, console: console).makeConfiguration()
        } catch {
            return SpecRunCLI.usageFailure(error, console: console)
        }
        configuration.resumeAfter = options.resumeAfter
        let ids: any IdGenerator = options.predictableIds ? IncrementingIdGenerator()
            : SeededIdGenerator(seed: options.idSeed ?? UInt64.random(in: 0...UInt64.max))
        let runner = SpecRunner(libraries: libraries, configuration: configuration, ids: ids, clock: clock,
                                environment: console.environment)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(64 * 1024)
        let summary: RunSummary
        do {
            summary = try await runner.run { envelope in
                NDJSON.encode(envelope, into: &buffer)
                buffer.append(0x0A)
                if Self.isCheckpoint(envelope) || buffer.count >= 64 * 1024 {
                    write(buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
        } catch {
            return SpecRunCLI.usageFailure(error, console: console)
        }
        if !buffer.isEmpty { write(buffer) }
        return summary.exitCode
    }

    /// The envelopes after which the supervisor must have everything: where a crash can be placed. (The runner
    /// sends a step's attachments when the step returns, just before its testStepFinished.)
    static func isCheckpoint(_ envelope: Envelope) -> Bool {
        envelope.testStepStarted != nil || envelope.testStepFinished != nil || envelope.testCaseStarted != nil
            || envelope.testCaseFinished != nil || envelope.testRunHookStarted != nil || envelope.testRunHookFinished != nil
            || envelope.testRunStarted != nil || envelope.testRunFinished != nil
    }
}
