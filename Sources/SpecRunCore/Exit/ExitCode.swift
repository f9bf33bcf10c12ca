/// specrun's exit codes (docs/cli.md, "Exit codes"; README, "The two commands").
package enum ExitCode: Int32, Sendable {
    /// Every selected scenario passed.
    case passed = 0
    /// A scenario failed (or was undefined/pending, which fails under the default strict mode).
    case failed = 1
    /// Bad arguments or configuration (usage errors, bad tag expression, bad step definition).
    case usage = 2
    /// Some feature file could not be parsed (the others still ran and were reported).
    case unparsable = 3
    /// The paths and filters selected no scenario.
    case nothingSelected = 4
}

extension ExitCode {
    /// The one fold of a run's facts into its code, whoever holds them: a run's stream (`ExitStatus`, for
    /// `specrun`, its workers' stream and `specrun report`) or a run's summary (`RunSummary`, for a worker and
    /// `swift test`). A failure outranks unparsable files, which outrank an empty selection.
    package init(success: Bool, unparsable: Bool, nothingSelected: Bool) {
        if !success {
            self = .failed
        } else if unparsable {
            self = .unparsable
        } else if nothingSelected {
            self = .nothingSelected
        } else {
            self = .passed
        }
    }
}
