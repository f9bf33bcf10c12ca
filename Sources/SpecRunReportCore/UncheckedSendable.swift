/// A value handed to other threads that only read it while they run: what it holds is not changed by anyone
/// then (the run's index once the run finished, a report's read-only inputs).
// @unchecked: the index and a report's inputs, read-only once the run finished, read by the threads rendering the report's parts
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}
