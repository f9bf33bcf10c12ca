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

    /// Registers the customer at the identity store when no identity is saved yet, and saves the id it gives
    /// (the new record's, or the existing one's when the store already has the customer). A request that cannot
    /// reach the store is sent again, up to `identityRequestTries` in all, as the original; an answer is final.
    /// A token without a `userId` claim has no one to register; a failed registration saves nothing and is
    /// tried again after the next login.
    func registerIdentityIfNeeded(token: String) async {
        guard let identityStore, let identityRegistry, identityStore.retrieveIdentity() == nil,
            let userId = UserToken.userId(of: token)
        else { return }
        var triesLeft = Self.identityRequestTries
        while triesLeft > 0 {
            triesLeft -= 1
            do {
                identityStore.insert(identity: try await identityRegistry.registerIdentity(userId: userId))
                return
            } catch {
                guard (error as? TransientSTSFailure)?.isTransient == true else { return }
            }
        }
    }
}
