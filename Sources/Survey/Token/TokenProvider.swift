import Foundation

/// Delivers a valid token: the cached one while it is valid, otherwise a new one obtained with the
/// refresh-token grant and cached. Concurrent callers share one load: the server is asked exactly once.
public actor TokenProvider {
    private let cache: LocalTokenLoader
    private let remote: RemoteTokenLoader
    private let currentDate: @Sendable () -> Date
    private var inFlight: Task<Token, any Swift.Error>?
    /// How many callers are currently waiting on the shared load (lets tests line up concurrent callers).
    public private(set) var waitingCallers = 0

    public init(cache: LocalTokenLoader, remote: RemoteTokenLoader, currentDate: @escaping @Sendable () -> Date) {
        self.cache = cache
        self.remote = remote
        self.currentDate = currentDate
    }

    public func validToken() async throws -> Token {
        waitingCallers += 1
        defer { waitingCallers -= 1 }
        if let inFlight { return try await inFlight.value }

        let task = Task { [cache, remote, currentDate] in
            let cached = try await cache.load()
            if cached.isValid(at: currentDate()) { return cached }
            let fresh = try await remote.load(refreshToken: cached.refreshToken)
            // A token that could not be cached is still valid: deliver it; the next load refreshes again.
            try? await cache.save(fresh)
            return fresh
        }
        inFlight = task
        defer { inFlight = nil }
        return try await task.value
    }
}
