import Messages

/// One index of the run shared by every report made by the same `FormatterFactory`: each envelope is indexed
/// once, by whichever report receives it first, however many reports read the index.
package final class SharedRunIndex {
    package let index = RunIndex()

    package init() {}
    private var indexed = 0

    /// Indexes the `number`th envelope (1-based, as counted by the calling report) unless a report already has.
    func handle(_ envelope: Envelope, number: Int) {
        guard number > indexed else { return }
        indexed = number
        index.handle(envelope)
    }
}

/// A report's view of the shared index: counts the envelopes it receives so the shared index sees each once.
package struct IndexFeed {
    let shared: SharedRunIndex
    private var received = 0

    package init(_ shared: SharedRunIndex) { self.shared = shared }

    package var index: RunIndex { shared.index }

    package mutating func handle(_ envelope: Envelope) {
        received += 1
        shared.handle(envelope, number: received)
    }
}
