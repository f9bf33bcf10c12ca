import Foundation

/// Anything that can run the chat start-up flow (the chat bubble depends on this, not on the concrete flow).
public protocol ChatPreparing: AnyObject {
    func prepare() async throws(ChatPrepareError)
}

/// The myCWT chat start-up flow `prepare()`:
/// app id (stored, or from the STS-metadata API with one retry) → user token (stored and not expired, or renewed
/// through STS) → `initialize` (on error: fetch the app id again and initialize once more) → `login` (on error:
/// logout, renew the token and log in once more) → after every login, success or not, the identity registration
/// when no identity is saved yet (its outcome is ignored, as in the original). A token request that cannot reach
/// STS is sent up to 3 more times (as the original; an HTTP answer is never retried). Once ready, `prepare()` completes at once: the client is
/// neither initialized nor logged in again (as the original client mediator).
public final class ChatPreparer: ChatPreparing {
    /// Where the start-up flow stands (the original's `ClientState`).
    public private(set) var state: ChatClientState = .notReady

    /// Called with the new token after every token STS gave inside `prepare()` (not for `renewUserToken()`, as in
    /// the original's `onVendorTokenUpdated`).
    public var onTokenUpdated: ((String) -> Void)?

    /// The conversation's settings, whose user id follows every token STS gives inside `prepare()` (its `userId`
    /// claim), as the original's `ChatFacade`.
    public var conversationSettings: ChatConversationSettings?

    /// Tries of the identity registration when the identity store cannot be reached: the first one and 2 retries.
    static let identityRequestTries = 3
    /// Tries of the token request when STS cannot be reached: the first one and 3 retries.
    static let tokenRequestTries = 4

    let appIdStore: AppIdStore
    let tokenStore: UserTokenStore
    let sts: STSClient
    let client: ChatSDKClient
    let identityStore: ChatIdentityStore?
    let identityRegistry: ChatIdentityRegistry?
    let currentDate: () -> Date

    public init(
        appIdStore: AppIdStore,
        tokenStore: UserTokenStore,
        sts: STSClient,
        client: ChatSDKClient,
        identityStore: ChatIdentityStore? = nil,
        identityRegistry: ChatIdentityRegistry? = nil,
        currentDate: @escaping () -> Date
    ) {
        self.appIdStore = appIdStore
        self.tokenStore = tokenStore
        self.sts = sts
        self.client = client
        self.identityStore = identityStore
        self.identityRegistry = identityRegistry
        self.currentDate = currentDate
    }

    public func prepare() async throws(ChatPrepareError) {
        guard state != .ready else { return }
        do throws(ChatPrepareError) {
            try await runFlow()
            state = .ready
        } catch {
            state = .failed(error)
            throw error
        }
    }

    /// Logs the customer out of the chat (the original's `logout`): the chat client logs out, then the saved app
    /// id, user token and identity are deleted and the client is not ready, so the next `prepare()` starts as for a
    /// first-time customer. When the chat client cannot log out, its error is thrown and nothing is forgotten.
    public func logout() async throws {
        try await client.logout()
        appIdStore.deleteAppId()
        tokenStore.deleteToken()
        identityStore?.deleteIdentity()
        state = .notReady
    }

    private func runFlow() async throws(ChatPrepareError) {
        let storedAppId = appIdStore.retrieveAppId()
        var appId: String
        if let storedAppId, !storedAppId.isEmpty {
            appId = storedAppId
        } else {
            appId = try await fetchAppId()
        }
        let token = try await usableToken(appId: appId)
        appId = try await initialize(appId: appId)
        try await login(token: token, appId: appId)
    }

    // MARK: - Steps of the flow

    func fetchAppId() async throws(ChatPrepareError) -> String {
        for _ in 1...2 {
            if let metadata = try? await sts.requestMetadata() {
                appIdStore.insert(appId: metadata.appId)
                return metadata.appId
            }
        }
        throw .failedFetchAppId
    }

    private func usableToken(appId: String) async throws(ChatPrepareError) -> String {
        if let stored = tokenStore.retrieveToken(), UserToken.isUsable(stored, now: currentDate()) {
            return stored
        }
        return try await renewTokenAndTell(appId: appId)
    }

    private func renewTokenAndTell(appId: String) async throws(ChatPrepareError) -> String {
        let token = try await renewToken(appId: appId)
        onTokenUpdated?(token)
        if let userId = UserToken.userId(of: token) { conversationSettings?.setUserId(userId) }
        return token
    }

    private func initialize(appId: String) async throws(ChatPrepareError) -> String {
        if (try? await client.initialize(appId: appId)) != nil { return appId }
        let freshAppId = try await fetchAppId()
        if (try? await client.initialize(appId: freshAppId)) != nil { return freshAppId }
        throw .initFailed
    }

    private func login(token: String, appId: String) async throws(ChatPrepareError) {
        if try await logIn(with: token) { return }
        try? await client.logout()
        let renewed = try await renewTokenAndTell(appId: appId)
        if try await logIn(with: renewed) { return }
        throw UserToken.userId(of: renewed) == nil ? .invalidToken : .loginFailed
    }

    /// One login as the chat user the token names (its `userId` claim, as the original), then the identity
    /// registration (whatever the login's outcome, as in the original). A token that names no user is not sent
    /// to the chat client: the login fails.
    private func logIn(with token: String) async throws(ChatPrepareError) -> Bool {
        guard let userId = UserToken.userId(of: token) else { return false }
        let loggedIn = (try? await client.login(userId: userId, token: token)) != nil
        await registerIdentityIfNeeded(token: token)
        return loggedIn
    }
}
