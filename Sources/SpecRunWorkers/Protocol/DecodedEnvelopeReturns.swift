import Foundation
import Messages

/// Batches of envelopes the listeners are done with, handed back so that the threads that decoded them free
/// them. Freed on the listeners' thread, every message's memory would go back to another thread's allocator arena,
/// and the decoders' own allocations would fall through to the allocator's slow paths (`malloc_consolidate`). A
/// reading thread empties it before decoding each chunk.
package final class DecodedEnvelopeReturns: @unchecked Sendable {
    package static let shared = DecodedEnvelopeReturns()

    private let lock = NSLock()
    private var batches: [[Envelope]] = []

    /// Keeps a batch until a reading thread frees it.
    func give(_ batch: [Envelope]) {
        lock.lock()
        batches.append(batch)
        lock.unlock()
    }

    /// The envelopes handed back and not freed yet.
    var waiting: Int {
        lock.lock()
        defer { lock.unlock() }
        return batches.reduce(0) { $0 + $1.count }
    }

    /// Frees, on the calling thread, every batch handed back so far.
    package func free() {
        lock.lock()
        let returned = batches
        batches = []
        lock.unlock()
        withExtendedLifetime(returned) {}
    }
}
