import Foundation

extension ChatPreparer {
    /// Renews the customer's chat token outside `prepare()` (the original's `renewUserToken`): asks STS for a new
    /// token with the saved app id (fetching the app id first when none is saved), saves and returns it.
    /// `onTokenUpdated` is not called: the caller receives the token.
    public func renewUserToken() async throws(ChatPrepareError) -> String {
        let storedAppId = appIdStore.retrieveAppId()
        if let storedAppId, !storedAppId.isEmpty {
            return try await renewToken(appId: storedAppId)
        }
        return try await renewToken(appId: try await fetchAppId())
    }

    /// Asks STS for a new token and saves it. A request that cannot reach STS is sent again, up to
    /// `tokenRequestTries` in all; a refusal or any other answer is final.
    func renewToken(appId: String) async throws(ChatPrepareError) -> String {
        var triesLeft = Self.tokenRequestTries
        while true {
            triesLeft -= 1
            do {
                let token = try await sts.requestToken(appId: appId)
                tokenStore.insert(token: token)
                return token
            } catch {
                if (error as? TransientSTSFailure)?.isTransient == true, triesLeft > 0 { continue }
                switch error as? STSRefusal {
                case .unauthorized: throw .signInExpired
                case .unknownVendor: throw .chatNotOffered
                case nil: throw .failedFetchToken
                }
            }
        }
    }

    /// Registers the customer at the identity store when no identity is saved yet, and saves the id it gives.
    /// A token without a `userId` claim has no one to register; a failed registration saves nothing and is
    /// tried again after the next login.
    func registerIdentityIfNeeded(token: String) async {
        guard let identityStore, let identityRegistry, identityStore.retrieveIdentity() == nil,
              let userId = UserToken.userId(of: token) else { return }
        if let identity = try? await identityRegistry.registerIdentity(userId: userId) {
            identityStore.insert(identity: identity)
        }
    }
}
