import Messages

extension TestStepResultStatus {
    /// The status as the reports write it (`rawValue.lowercased()`, without lowercasing it again per step).
    var lowercased: String {
        switch self {
        case .unknown: return "unknown"
        case .passed: return "passed"
        case .skipped: return "skipped"
        case .pending: return "pending"
        case .undefined: return "undefined"
        case .ambiguous: return "ambiguous"
        case .failed: return "failed"
        }
    }

    /// Failed-ish: makes a scenario count as not passed.
    var isProblem: Bool { self == .failed || self == .pending || self == .undefined || self == .ambiguous }
}

extension Timestamp {
    var totalNanos: Int64 { Int64(seconds) * 1_000_000_000 + Int64(nanos) }
}

extension Messages.Duration {
    var totalNanos: Int64 { Int64(seconds) * 1_000_000_000 + Int64(nanos) }
}

/// The most severe result of a list (the first one when several are equally severe); nil when empty.
func mostSevere(_ results: [TestStepResult]) -> TestStepResult? {
    var best: TestStepResult?
    for result in results where best == nil || result.status.severity > best!.status.severity {
        best = result
    }
    return best
}
