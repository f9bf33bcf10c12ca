/// Statuses compare by Cucumber's order of severity (`severity`): `max()` of a test case's step statuses is its
/// status. The runner, the supervisor, `specrun report` and every report fold "the worst" with this one order.
extension TestStepResultStatus: Comparable {
    @inline(__always)
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.severity < rhs.severity }
}

extension TestStepResultStatus {
    /// Cucumber's order of severity: UNKNOWN < PASSED < SKIPPED < PENDING < UNDEFINED < AMBIGUOUS < FAILED.
    /// The status of a test case is its most severe step's; the runner and every report use this one order.
    public var severity: Int {
        switch self {
        case .unknown: return 0
        case .passed: return 1
        case .skipped: return 2
        case .pending: return 3
        case .undefined: return 4
        case .ambiguous: return 5
        case .failed: return 6
        }
    }
}
