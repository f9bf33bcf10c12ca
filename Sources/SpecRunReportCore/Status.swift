import Messages

extension TestStepResultStatus {
    /// The status as the reports write it (`rawValue.lowercased()`, without lowercasing it again per step).
    package var lowercased: String {
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
    package var isProblem: Bool { self == .failed || self == .pending || self == .undefined || self == .ambiguous }
}

extension Timestamp {
    /// Saturating: a stream's numbers are not trusted to fit (`specrun report` also clamps them, and says so).
    package var totalNanos: Int64 { saturatingNanos(seconds, nanos) }
}

extension Messages.Duration {
    package var totalNanos: Int64 { saturatingNanos(seconds, nanos) }
}

func saturatingNanos(_ seconds: Int, _ nanos: Int) -> Int64 {
    let (scaled, overflow) = Int64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
    if overflow { return seconds < 0 ? .min : .max }
    let (total, overflowed) = scaled.addingReportingOverflow(Int64(nanos))
    return overflowed ? (nanos < 0 ? .min : .max) : total
}

/// The most severe result of a list (the first one when several are equally severe); nil when empty.
func mostSevere(_ results: [TestStepResult]) -> TestStepResult? {
    var best: TestStepResult?
    for result in results where best.map({ result.status > $0.status }) ?? true {
        best = result
    }
    return best
}
