import Foundation
import SharedState

/// Transforms the items `0..<count` on several threads and hands the results back in order, as they come: a
/// worker takes the next item as soon as it is free (no batch waits for its slowest item), and the consumer
/// writes item n while the workers work on n+1, n+2, … At most `window` items are ahead of the consumer, so
/// memory stays bounded whatever the count.
package final class OrderedParallelMap<Output: Sendable>: Sendable {
    private let state: Locked<State>
    /// One per item: signalled when its result is in.
    private let ready: [DispatchSemaphore]
    /// A permit per item that may be claimed before the consumer takes the ones before it (`window` in all).
    private let room = DispatchSemaphore(value: 0)

    private struct State {
        var results: [Output?]
        /// The next item to claim.
        var next = 0
    }

    package init(count: Int, window: Int, workers: Int, transform: @escaping @Sendable (Int) -> Output) {
        state = Locked(State(results: Array(repeating: nil, count: count)))
        ready = (0..<count).map { _ in DispatchSemaphore(value: 0) }
        // (Made empty and then given its permits: a semaphore freed below its starting value is a crash.)
        for _ in 0..<max(window, 1) { room.signal() }
        // Threads of their own, not Dispatch's pool: the caller may be one of the pool's few threads, blocked
        // in `take`, and the pool would then run the workers one at a time.
        for _ in 0..<max(1, min(workers, count)) {
            Thread { self.work(transform) }.start()
        }
    }

    private func work(_ transform: (Int) -> Output) {
        while true {
            room.wait()
            guard let index = claim() else {
                room.signal()
                return
            }
            let output = transform(index)
            state.withLock { $0.results[index] = output }
            ready[index].signal()
        }
    }

    /// The next item to transform; nil when every item is claimed.
    private func claim() -> Int? {
        state.withLock { state in
            guard state.next < state.results.count else { return nil }
            defer { state.next += 1 }
            return state.next
        }
    }

    /// The result of item `index`, waiting for it; call with 0, 1, 2, … in turn.
    package func take(_ index: Int) -> Output {
        ready[index].wait()
        let output = state.withLock { $0.results[index].take()! }
        room.signal()
        return output
    }
}
