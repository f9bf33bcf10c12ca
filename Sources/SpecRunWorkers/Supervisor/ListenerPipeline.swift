import Foundation
import Messages
import SharedState

/// Hands the run's envelopes to the listeners (reports, parse-error printer, exit status) on a thread of their
/// own, in batches, so that producing the stream (the supervisor, or an in-process run) and reporting it use two
/// cores. At most `limit` batches wait: a producer faster than the reports waits for them (memory stays flat).
// @unchecked: `listen`, `around`, `checkpointed` run only on `queue`; `batch`, `lastCheckpoint` are the producer's
package final class ListenerPipeline: @unchecked Sendable {
    private let listen: (Envelope) -> Void
    /// Runs the listening to one batch (the console holds what a batch prints and writes it at once).
    private let around: (() -> Void) -> Void
    /// Has the listeners write out what their streams buffered (`checkpoint`).
    private let checkpointed: () -> Void
    private let queue = DispatchQueue(label: "specrun.listeners")
    private let room: DispatchSemaphore
    /// The batch being filled, when only the producer hands it over (`timed` holds it otherwise).
    #if DEBUG  // checked in tests; unchecked in release, named by callgrind (c10k, reports): every envelope the run sends
    private var batch: [Envelope] = []
    #else
    @exclusivity(unchecked) private var batch: [Envelope] = []
    #endif
    private let batchSize: Int

    /// `limit` 16: a deeper queue does not make the listeners faster, only the envelopes waiting for them more
    /// (a worker's prelude lines keep their JSON, 1–2 KB each, until written).
    /// Where the batches heard go to be freed (`DecodedEnvelopeReturns`, when threads that decoded them empty it);
    /// nil: freed on the listeners' thread.
    private let returns: DecodedEnvelopeReturns?

    /// The batch being filled when a timer hands it over too (`flushFromAnyThread`): an in-process run, whose
    /// producer may sit in a hanging step with the running scenario's start in its batch. Nil otherwise (the
    /// supervisor's loop pauses every 0.1 s at most, and flushes then itself: no lock per envelope).
    private let timed: Locked<[Envelope]>?

    package init(
        batchSize: Int = 256, limit: Int = 16, returns: DecodedEnvelopeReturns? = nil, flushedByTimer: Bool = false,
        around: @escaping (() -> Void) -> Void = { $0() }, checkpoint: @escaping () -> Void = {},
        listen: @escaping (Envelope) -> Void
    ) {
        self.listen = listen
        self.around = around
        checkpointed = checkpoint
        self.returns = returns
        self.batchSize = batchSize
        room = DispatchSemaphore(value: limit)
        var empty: [Envelope] = []
        empty.reserveCapacity(batchSize)
        if flushedByTimer {
            timed = Locked(empty)
        } else {
            timed = nil
            batch = empty
        }
    }

    /// From the producer's thread only.
    package func send(_ envelope: Envelope) {
        if let timed { return timed.withLock { append(envelope, to: &$0) } }
        append(envelope, to: &batch)
    }

    private func append(_ envelope: Envelope, to batch: inout [Envelope]) {
        batch.append(envelope)
        if batch.count >= batchSize { hand(&batch) }
    }

    /// Hands over what is batched (call when the producer may pause, so the console stays live).
    package func flush() {
        if let timed { return timed.withLock { hand(&$0) } }
        hand(&batch)
    }

    /// The same from a timer's thread (only when made `flushedByTimer`): what the producer sent so far reaches the
    /// listeners even while it runs a step that does not end.
    package func flushFromAnyThread() {
        timed?.withLock { hand(&$0) }
    }

    /// Hands `batch` to the listeners' thread, leaving it empty (waits while `limit` batches wait there).
    private func hand(_ batch: inout [Envelope]) {
        guard !batch.isEmpty else { return }
        let full = batch
        batch = []
        batch.reserveCapacity(batchSize)
        room.wait()
        queue.async { [self] in
            around {
                full.withUnsafeBufferPointer { envelopes in
                    for position in envelopes.indices { listen(envelopes[position]) }
                }
            }
            returns?.give(full)
            room.signal()
        }
    }

    /// Asks the listeners, after what was sent so far, to write out what their streams buffered (the `checkpoint`
    /// given at init): at most once every `checkpointInterval` (a call meanwhile does nothing), and never waiting
    /// for them.
    package func checkpoint() {
        guard checkpointDue() else { return }
        flush()
        queue.async { [self] in checkpointed() }
    }

    /// The same from any thread, without handing over the producer's batch (a timer of an in-process run).
    package func checkpointListeners() {
        queue.async { [self] in checkpointed() }
    }

    /// Whether `checkpointInterval` passed since the last checkpoint (then it is now).
    private func checkpointDue() -> Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        guard now &- lastCheckpoint >= Self.checkpointInterval else { return false }
        lastCheckpoint = now
        return true
    }

    private var lastCheckpoint: UInt64 = 0
    /// 50 ms.
    static let checkpointInterval: UInt64 = 50_000_000

    /// Waits until the listeners have heard everything sent.
    package func drain() {
        flush()
        queue.sync {}
    }
}
