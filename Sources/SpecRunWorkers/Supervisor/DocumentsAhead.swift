import Foundation
import Messages
import SharedState

/// The feature files' messages the supervisor makes (`Supervisor.documents`), made from the start of the run on a
/// thread of their own. They go into the stream right after worker 0's `meta`; made only once it came, they waited
/// for worker 0 to start (about 35 ms of a c50k run in which one core idled), and then took the supervisor's loop.
/// The loop takes them at the `meta` (`drain`), waiting for those not made yet. At most `limit` batches wait to be
/// taken: the maker keeps the head start it needs, not every file's messages at once.
final class DocumentsAhead: Sendable {
    private let made = Locked<Made>(Made())
    /// Signalled for each batch handed over, and at the end.
    private let handed = DispatchSemaphore(value: 0)
    /// Room for one more batch to wait.
    private let room: DispatchSemaphore

    private struct Made {
        var batches: [[Envelope]] = []
        var done = false
    }

    /// Envelopes handed over at a time (the maker's thread and the loop meet once for each batch).
    static let batch = 256

    /// Starts making them: `make` hands each envelope to its argument, in order. 16 batches are about 80 files of
    /// c50k, as many as are made in the time worker 0 takes to start.
    init(limit: Int = 16, _ make: @escaping Supervisor.DocumentMaker) {
        room = DispatchSemaphore(value: limit)
        let thread = Thread { [made, handed, room] in
            var batch: [Envelope] = []
            batch.reserveCapacity(Self.batch)
            func handOver(done: Bool) {
                if !batch.isEmpty { room.wait() }
                made.withLock { made in
                    if !batch.isEmpty { made.batches.append(batch) }
                    made.done = done
                }
                batch = []
                batch.reserveCapacity(Self.batch)
                handed.signal()
            }
            make { envelope in
                batch.append(envelope)
                if batch.count == Self.batch { handOver(done: false) }
            }
            handOver(done: true)
        }
        thread.name = "specrun-documents"
        thread.start()
    }

    /// Hands every envelope to `emit`, in the order made; returns once the last is handed.
    func drain(_ emit: (Envelope) -> Void) {
        while true {
            let (batches, done) = made.withLock { made in
                var taken: [[Envelope]] = []
                swap(&taken, &made.batches)
                return (taken, made.done)
            }
            for batch in batches {
                // Room for the next one before these are heard: the maker goes on meanwhile.
                room.signal()
                for envelope in batch { emit(envelope) }
            }
            if done { return }
            handed.wait()
        }
    }
}
