import Foundation
import Messages

/// Hands the run's envelopes to the listeners (reports, parse-error printer, exit status) on a thread of their
/// own, in batches, so that producing the stream (the supervisor, or an in-process run) and reporting it use two
/// cores. At most `limit` batches wait: a producer faster than the reports waits for them (memory stays flat).
package final class ListenerPipeline: @unchecked Sendable {
    private let listen: (Envelope) -> Void
    /// Runs the listening to one batch (the console holds what a batch prints and writes it at once).
    private let around: (() -> Void) -> Void
    private let queue = DispatchQueue(label: "specrun.listeners")
    private let room: DispatchSemaphore
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

    /// Taken around the batch when a timer hands it over too (`flushFromAnyThread`): an in-process run, whose
    /// producer may sit in a hanging step with the running scenario's start in its batch. Nil otherwise (the
    /// supervisor's loop pauses every 0.1 s at most, and flushes then itself).
    private let lock: NSLock?

    package init(batchSize: Int = 256, limit: Int = 16, returns: DecodedEnvelopeReturns? = nil, flushedByTimer: Bool = false,
         around: @escaping (() -> Void) -> Void = { $0() }, listen: @escaping (Envelope) -> Void) {
        lock = flushedByTimer ? NSLock() : nil
        self.listen = listen
        self.around = around
        self.returns = returns
        self.batchSize = batchSize
        room = DispatchSemaphore(value: limit)
        batch.reserveCapacity(batchSize)
    }

    /// From the producer's thread only.
    package func send(_ envelope: Envelope) {
        lock?.lock()
        batch.append(envelope)
        if batch.count >= batchSize { flushLocked() }
        lock?.unlock()
    }

    /// Hands over what is batched (call when the producer may pause, so the console stays live).
    package func flush() {
        lock?.lock()
        flushLocked()
        lock?.unlock()
    }

    /// The same from a timer's thread (only when made `flushedByTimer`): what the producer sent so far reaches the
    /// listeners even while it runs a step that does not end.
    package func flushFromAnyThread() {
        guard lock != nil else { return }
        flush()
    }

    private func flushLocked() {
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

    /// Asks the listeners, after what was sent so far, to write out what their streams buffered (`checkpoint`):
    /// at most once every `checkpointInterval` (a call meanwhile does nothing), and never waiting for them.
    package func checkpoint(_ body: @escaping () -> Void) {
        let now = DispatchTime.now().uptimeNanoseconds
        guard now &- lastCheckpoint >= Self.checkpointInterval else { return }
        lastCheckpoint = now
        flush()
        nonisolated(unsafe) let body = body
        queue.async { body() }
    }

    /// The same from any thread, without handing over the producer's batch (a timer of an in-process run).
    package func checkpointListeners(_ body: @escaping () -> Void) {
        nonisolated(unsafe) let body = body
        queue.async { body() }
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
