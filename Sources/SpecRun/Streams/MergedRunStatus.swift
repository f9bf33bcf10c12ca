import Messages

/// The exit status of the run a merged message stream describes, as `specrun` itself would have exited:
/// 1 when it did not succeed, 3 when a feature file could not be parsed, 4 when it ran no test case, else 0.
struct MergedRunStatus {
    private var finished: TestRunFinished?
    private var parseErrors = 0
    private var testCases = 0

    mutating func observe(_ envelope: Envelope) {
        if envelope.testCase != nil { testCases += 1 }
        if envelope.parseError != nil { parseErrors += 1 }
        if let value = envelope.testRunFinished { finished = value }
    }

    var exitCode: ExitCode {
        if let finished, !finished.success { return .failed }
        if finished == nil && testCases > 0 { return .failed }
        if parseErrors > 0 { return .unparsable }
        if testCases == 0 { return .nothingSelected }
        return .passed
    }
}
