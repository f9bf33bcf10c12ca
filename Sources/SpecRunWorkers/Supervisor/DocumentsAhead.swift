import Foundation
import Messages
import SharedState

/// The feature files' messages the supervisor makes (`Supervisor.documents`), made from the start of the run on a
/// thread of their own. They go into the stream right after worker 0's `meta`; made only once it came, they waited
/// for worker 0 to start (about 35 ms of a c50k run in which one core idled), and then took the supervisor's loop.
/// The loop takes them at the `meta` (`drain`), waiting for those not made yet.
final class DocumentsAhead: Sendable {
    private let made = Locked<Made>(Made())
    /// Signalled for each batch handed over, and at the end.
    private let handed = DispatchSemaphore(value: 0)

    private struct Made {
        var envelopes: [Envelope] = []
        var done = false
    }

    /// Envelopes handed over at a time (the maker's thread and the loop meet once for each batch).
    static let batch = 256

    /// Starts making them: `make` hands each envelope to its argument, in order.
    init(_ make: @escaping Supervisor.DocumentMaker) {
        let thread = Thread { [made, handed] in
            var batch: [Envelope] = []
            batch.reserveCapacity(Self.batch)
            func handOver(done: Bool) {
                made.withLock { made in
                    // Moved, not copied: a copy would retain every envelope once more.
                    if made.envelopes.isEmpty { swap(&made.envelopes, &batch) } else { made.envelopes += batch }
                    made.done = done
                }
                batch.removeAll(keepingCapacity: true)
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
            let (envelopes, done) = made.withLock { made in
                var taken: [Envelope] = []
                swap(&taken, &made.envelopes)
                return (taken, made.done)
            }
            for envelope in envelopes { emit(envelope) }
            if done { return }
            handed.wait()
        }
    }
}
