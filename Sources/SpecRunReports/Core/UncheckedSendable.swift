/// A value handed to other threads that only read it while they run: what it holds is not changed by anyone
/// then (the run's index once the run finished, a report's read-only inputs).
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
