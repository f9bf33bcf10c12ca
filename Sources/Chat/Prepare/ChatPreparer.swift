import Foundation

/// Anything that can run the chat start-up flow (the chat bubble depends on this, not on the concrete flow).
public protocol ChatPreparing: AnyObject {
    func prepare() async throws(ChatPrepareError)
}

/// The myCWT chat start-up flow `prepare()`:
/// app id (stored, or from the STS-metadata API with one retry) → user token (stored and not expired, or renewed
/// through STS) → `initialize` (on error: fetch the app id again and initialize once more) → `login` (on error:
/// logout, renew the token and log in once more). Once ready, `prepare()` completes at once: the client is
/// neither initialized nor logged in again (as the original client mediator).
public final class ChatPreparer: ChatPreparing {
    /// Where the start-up flow stands (the original's `ClientState`).
    public private(set) var state: ChatClientState = .notReady

    private let appIdStore: AppIdStore
    private let tokenStore: UserTokenStore
    private let sts: STSClient
    private let client: ChatSDKClient
    private let currentDate: () -> Date

    public init(
        appIdStore: AppIdStore,
        tokenStore: UserTokenStore,
        sts: STSClient,
        client: ChatSDKClient,
        currentDate: @escaping () -> Date
    ) {
        self.appIdStore = appIdStore
        self.tokenStore = tokenStore
        self.sts = sts
        self.client = client
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

    private func fetchAppId() async throws(ChatPrepareError) -> String {
        for _ in 1...2 {
            if let metadata = try? await sts.requestMetadata() {
                appIdStore.insert(appId: metadata.appId)
                return metadata.appId
            }
        }
        throw .metadataUnavailable
    }

    private func usableToken(appId: String) async throws(ChatPrepareError) -> String {
        if let stored = tokenStore.retrieveToken(), UserToken.isUsable(stored, now: currentDate()) {
            return stored
        }
        return try await renewToken(appId: appId)
    }

    private func renewToken(appId: String) async throws(ChatPrepareError) -> String {
        let token: String
        do {
            token = try await sts.requestToken(appId: appId)
        } catch {
            switch error as? STSRefusal {
            case .unauthorized: throw .signInExpired
            case .unknownVendor: throw .chatNotOffered
            case nil: throw .tokenUnavailable
            }
        }
        tokenStore.insert(token: token)
        return token
    }

    private func initialize(appId: String) async throws(ChatPrepareError) -> String {
        if (try? await client.initialize(appId: appId)) != nil { return appId }
        let freshAppId = try await fetchAppId()
        if (try? await client.initialize(appId: freshAppId)) != nil { return freshAppId }
        throw .initializeFailed
    }

    private func login(token: String, appId: String) async throws(ChatPrepareError) {
        if (try? await client.login(token: token)) != nil { return }
        await client.logout()
        let renewed = try await renewToken(appId: appId)
        if (try? await client.login(token: renewed)) != nil { return }
        throw .loginFailed
    }
}
