import Foundation
import Messages
import SharedState

/// Batches of envelopes the listeners are done with, handed back so that the threads that decoded them free
/// them. Freed on the listeners' thread, every message's memory would go back to another thread's allocator arena,
/// and the decoders' own allocations would fall through to the allocator's slow paths (`malloc_consolidate`). A
/// reading thread empties it before decoding each chunk. The launcher's whose reader threads decode
/// (`WorkerLauncher.returns`).
package final class DecodedEnvelopeReturns: Sendable {
    /// The one `RunCommand` reads until it takes its launcher's (`WorkerLauncher.returns`).
    package static let shared = DecodedEnvelopeReturns()

    private let batches = Locked<[[Envelope]]>([])

    package init() {}

    /// Keeps a batch until a reading thread frees it.
    func give(_ batch: [Envelope]) {
        batches.withLock { $0.append(batch) }
    }

    /// The envelopes handed back and not freed yet.
    var waiting: Int {
        batches.withLock { $0.reduce(0) { $0 + $1.count } }
    }

    /// Frees, on the calling thread, every batch handed back so far.
    package func free() {
        let returned = batches.withLock { batches in
            let returned = batches
            batches = []
            return returned
        }
        withExtendedLifetime(returned) {}
    }
}
