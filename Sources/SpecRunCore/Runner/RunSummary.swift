import Messages

/// What a run came to: counts per status, and the facts the CLI maps to an exit code.
public struct RunSummary: Sendable, Equatable {
    public var scenarios = StatusCounts()
    public var steps = StatusCounts()
    /// As `testRunFinished.success`: no failed step or hook (nor undefined/pending/ambiguous when strict).
    public var success = true
    /// Feature files that could not be parsed (they produced parseError messages; the others ran).
    public var unparsableFiles: [String] = []
    /// The filters selected no scenario at all.
    public var nothingSelected = false
    /// The seed of a random order, to replay it with `--order random:SEED`.
    public var seed: UInt64?
    /// Wall time between testRunStarted and testRunFinished, per the injected clock.
    public var duration: Double = 0

    public init() {}

    /// 0 passed, 1 failed, 3 unparsable feature files, 4 nothing selected.
    public var exitCode: Int32 {
        ExitCode(success: success, unparsable: !unparsableFiles.isEmpty, nothingSelected: nothingSelected).rawValue
    }
}

/// How many scenarios or steps ended in each status.
public struct StatusCounts: Sendable, Equatable, CustomStringConvertible {
    public var passed = 0
    public var failed = 0
    public var pending = 0
    public var undefined = 0
    public var ambiguous = 0
    public var skipped = 0

    public init(passed: Int = 0, failed: Int = 0, pending: Int = 0, undefined: Int = 0, ambiguous: Int = 0, skipped: Int = 0) {
        self.passed = passed
        self.failed = failed
        self.pending = pending
        self.undefined = undefined
        self.ambiguous = ambiguous
        self.skipped = skipped
    }

    public var total: Int { passed + failed + pending + undefined + ambiguous + skipped }

    public mutating func add(_ status: TestStepResultStatus) {
        switch status {
        case .passed: passed += 1
        case .failed, .unknown: failed += 1
        case .pending: pending += 1
        case .undefined: undefined += 1
        case .ambiguous: ambiguous += 1
        case .skipped: skipped += 1
        }
    }

    public subscript(status: TestStepResultStatus) -> Int {
        switch status {
        case .passed: return passed
        case .failed, .unknown: return failed
        case .pending: return pending
        case .undefined: return undefined
        case .ambiguous: return ambiguous
        case .skipped: return skipped
        }
    }

    /// "10 passed, 1 failed" in Cucumber's order, zero counts left out.
    public var description: String {
        let parts: [(Int, String)] = [
            (failed, "failed"), (ambiguous, "ambiguous"), (undefined, "undefined"),
            (pending, "pending"), (skipped, "skipped"), (passed, "passed"),
        ]
        return parts.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
    }
}
