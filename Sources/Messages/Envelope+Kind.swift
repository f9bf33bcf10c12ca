extension Envelope {
    /// Whether it carries a `testStepStarted`, asked without copying the message out (a run has one per step).
    @inlinable
    public var isTestStepStarted: Bool {
        if case .testStepStarted = message { return true }
        return false
    }
}
