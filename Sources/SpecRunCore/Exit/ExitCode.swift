/// specrun's exit codes (docs/cli.md, "Exit codes"; README, "The two commands").
package enum ExitCode: Int32 {
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
