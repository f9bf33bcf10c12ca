import Messages

/// Which test steps still run: after a failed-ish step the rest are skipped (After hooks excepted);
/// after a step that skipped itself, undefined and ambiguous steps are skipped too.
struct SkipState {
    var skipAll: Bool
    var skippingSteps = false
    var skippedByUser = false

    mutating func record(_ status: TestStepResultStatus, ran: Bool) {
        if status == .skipped && ran { skippedByUser = true; skippingSteps = true }
        if status != .passed && status != .skipped { skippingSteps = true }
    }
}

/// Cucumber's severity order: FAILED > AMBIGUOUS > UNDEFINED > PENDING > SKIPPED > PASSED > UNKNOWN.
func worst(_ statuses: [TestStepResultStatus]) -> TestStepResultStatus {
    statuses.max() ?? .passed
}
