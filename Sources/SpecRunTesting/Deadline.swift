import Foundation
import SharedState

/// Runs an operation with a time limit; returns whether it finished in time. The operation is not stopped when
/// the limit passes (a step cannot be interrupted in-process): it goes on, unobserved.
enum Deadline {
    static func run(_ limit: Swift.Duration?, _ operation: @escaping @Sendable () async -> Void) async -> Bool {
        guard let limit else {
            await operation()
            return true
        }
        let once = Once()
        return await withCheckedContinuation { continuation in
            let timer = Task {
                try? await Task.sleep(for: limit)
                if !Task.isCancelled, once.claim() { continuation.resume(returning: false) }
            }
            Task {
                await operation()
                timer.cancel()
                if once.claim() { continuation.resume(returning: true) }
            }
        }
    }

    /// True for the first caller only.
    final class Once: Sendable {
        private let claimed = Locked(false)

        func claim() -> Bool {
            claimed.withLock { claimed in
                defer { claimed = true }
                return !claimed
            }
        }
    }
}
