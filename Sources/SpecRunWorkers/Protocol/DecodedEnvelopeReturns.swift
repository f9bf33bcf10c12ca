import Foundation
import Messages
import SharedState

/// Batches of envelopes the listeners are done with, handed back so that the threads that decoded them free
/// them. Freed on the listeners' thread, every message's memory would go back to another thread's allocator arena,
/// and the decoders' own allocations would fall through to the allocator's slow paths (`malloc_consolidate`). A
/// reading thread empties it before decoding each chunk. The launcher's whose reader threads decode
/// (`WorkerLauncher.returns`).
///
/// The feature files' messages among them are made by another thread (the supervisor's loop, or an in-process
/// run's parse thread): while that thread makes more, they are set apart for it to free (`freeDocuments(more:)`).
/// Freed by the reading thread, each block of theirs took the lock of the maker's arena, which the maker holds while
/// it allocates: 1,900 waits of the supervisor's reading thread in a c50k run, and the in-process dry run's two cores
/// idle a fifth of the time (docs/PERFORMANCE.md, "The feature files' messages freed by the thread that made them").
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

    /// The feature files' messages handed back and set apart for the thread that makes them, and whether they are
    /// set apart (while that thread makes more: `freeDocuments(more:)`).
    private let documents = Locked<(apart: Bool, envelopes: [Envelope])>((false, []))

    /// Frees, on the calling thread, every batch handed back so far (but the feature files' messages, while they
    /// are set apart).
    package func free() {
        let returned = batches.withLock { batches in
            let returned = batches
            batches = []
            return returned
        }
        guard !returned.isEmpty, documents.withLock({ $0.apart }) else { return withExtendedLifetime(returned) {} }
        var made: [Envelope] = []
        for batch in returned {
            for envelope in batch where envelope.isFeatureFileMessage { made.append(envelope) }
        }
        withExtendedLifetime(returned) {}
        guard !made.isEmpty else { return }
        // (Set apart only while their maker frees them: after its last call, freed here.)
        let late = documents.withLock { documents -> [Envelope] in
            guard documents.apart else { return made }
            documents.envelopes.append(contentsOf: made)
            return []
        }
        withExtendedLifetime(late) {}
    }

    /// Frees, on the calling thread — the one that makes the feature files' messages — those handed back and set
    /// apart so far. While `more` (it makes more), those handed back from now on are set apart for its next call;
    /// otherwise they are freed with the rest.
    package func freeDocuments(more: Bool) {
        let made = documents.withLock { documents -> [Envelope] in
            documents.apart = more
            let made = documents.envelopes
            documents.envelopes = []
            return made
        }
        withExtendedLifetime(made) {}
    }

    /// The feature files' messages set apart and not freed yet.
    var documentsApart: Int {
        documents.withLock { $0.envelopes.count }
    }
}
