import SpecRunCore
import SpecRunWorkers

extension RunCommand {
    /// The reports written, the closing notes on stderr, and the exit code: the exit status's, unless a report
    /// could not be written (usage), the run was interrupted (128 + the signal) or an empty shard found nothing.
    func close(_ prepared: Prepared, _ listeners: Listeners, interrupted: Int32?) -> Int32 {
        let status = listeners.status
        let written = listeners.reports.finish()
        if case .random(let seed?) = prepared.configuration.order, options.order == "random" {
            console.err("Randomized with seed \(seed): replay this order with --order random:\(seed)\n")
        }
        // (A run that failed before its test cases were planned — a BeforeAll hook that failed or timed out — did not
        // find nothing: it says why it failed instead.)
        let foundNothing = status.nothingSelected && !status.unparsableFiles && interrupted == nil && status.code != .failed
        if foundNothing, let shard = options.shard {
            // A CI matrix with more shards than scenarios: an empty shard is not a failure.
            console.err(
                "\(ProgramName.current): shard \(shard.index)/\(shard.count) has no scenario (\(Self.describeSelection(prepared.configuration)))\n"
            )
            return written ? ExitCode.passed.rawValue : ExitCode.usage.rawValue
        }
        if foundNothing {
            console.err(
                "\(ProgramName.current): no scenario matched the paths and filters (\(Self.describeSelection(prepared.configuration)))\n")
            for note in LineSelectionHints.notes(for: prepared.configuration) { console.err("\(ProgramName.current): \(note)\n") }
        }
        if status.unparsableFiles {
            console.err(
                status.parsedFiles
                    ? "\(ProgramName.current): some feature file(s) could not be parsed; the others ran\n"
                    : "\(ProgramName.current): no feature file could be parsed (each is named above); nothing ran\n")
        }
        if let interrupted { return 128 + interrupted }
        return written ? status.code.rawValue : ExitCode.usage.rawValue
    }
}
