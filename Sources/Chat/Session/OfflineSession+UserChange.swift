import Foundation

extension OfflineSession {
    /// The app's user changes (the SDK's documented procedure): the previous user's session is stopped, the
    /// device's cached user data is cleared, a session is made for the new user, and it requests its history.
    /// Returns the new user's session; a history request that fails is thrown (the new session is kept by then:
    /// the app may request the history again).
    public static func changeUser(
        from previous: OfflineSession, to token: String,
        makeSession: (String) -> OfflineSession, cache: OfflineHistoryCache
    ) async throws(SessionError) -> OfflineSession {
        previous.stop()
        clearCachedUserData(in: cache)
        let session = makeSession(token)
        _ = try await session.getHistory()
        return session
    }
}
