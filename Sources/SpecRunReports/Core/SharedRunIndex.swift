import Messages

/// One index of the run shared by every report made by the same `FormatterFactory`: each envelope is indexed
/// once, by whichever report receives it first, however many reports read the index.
final class SharedRunIndex {
    let index = RunIndex()
    private var indexed = 0

    /// Indexes the `number`th envelope (1-based, as counted by the calling report) unless a report already has.
    func handle(_ envelope: Envelope, number: Int) {
        guard number > indexed else { return }
        indexed = number
        index.handle(envelope)
    }
}

/// A report's view of the shared index: counts the envelopes it receives so the shared index sees each once.
struct IndexFeed {
    let shared: SharedRunIndex
    private var received = 0

    init(_ shared: SharedRunIndex) { self.shared = shared }

    var index: RunIndex { shared.index }

    mutating func handle(_ envelope: Envelope) {
        received += 1
        shared.handle(envelope, number: received)
    }
}
