import Foundation

/// Transforms the items `0..<count` on several threads and hands the results back in order, as they come: a
/// worker takes the next item as soon as it is free (no batch waits for its slowest item), and the consumer
/// writes item n while the workers work on n+1, n+2, … At most `window` items are ahead of the consumer, so
/// memory stays bounded whatever the count.
public final class OrderedParallelMap<Output: Sendable>: @unchecked Sendable {
    // @unchecked: `results`, `next` and `taken` are only read and written under `condition`.
    private let condition = NSCondition()
    private var results: [Output?]
    private var next = 0
    private var taken = 0
    private let window: Int

    public init(count: Int, window: Int, workers: Int, transform: @escaping @Sendable (Int) -> Output) {
        results = Array(repeating: nil, count: count)
        self.window = max(window, 1)
        // Threads of their own, not Dispatch's pool: the caller may be one of the pool's few threads, blocked
        // in `take`, and the pool would then run the workers one at a time.
        for _ in 0..<max(1, min(workers, count)) {
            Thread { self.work(transform) }.start()
        }
    }

    private func work(_ transform: (Int) -> Output) {
        while let index = claim() {
            let output = transform(index)
            condition.lock()
            results[index] = output
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The next item to transform, once it is within the window; nil when every item is claimed.
    private func claim() -> Int? {
        condition.lock(); defer { condition.unlock() }
        while next < results.count && next >= taken + window { condition.wait() }
        guard next < results.count else { return nil }
        next += 1
        return next - 1
    }

    /// The result of item `index`, waiting for it; call with 0, 1, 2, … in turn.
    public func take(_ index: Int) -> Output {
        condition.lock(); defer { condition.unlock() }
        while results[index] == nil { condition.wait() }
        let output = results[index]!
        results[index] = nil
        taken = index + 1
        condition.broadcast()
        return output
    }
}
