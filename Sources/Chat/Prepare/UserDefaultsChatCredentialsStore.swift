import Foundation

/// Keeps the chat app id and user token in `UserDefaults` (on Apple platforms an app would keep the token in
/// the Keychain behind the same `UserTokenStore` protocol).
public final class UserDefaultsChatCredentialsStore: AppIdStore, UserTokenStore {
    static let appIdKey = "chat.prepare.appId"
    static let tokenKey = "chat.prepare.userToken"

    private let defaults: UserDefaults

    public init(defaults: UserDefaults) {
        self.defaults = defaults
    }

    public func retrieveAppId() -> String? { defaults.string(forKey: Self.appIdKey) }
    public func insert(appId: String) { defaults.set(appId, forKey: Self.appIdKey) }
    public func retrieveToken() -> String? { defaults.string(forKey: Self.tokenKey) }
    public func insert(token: String) { defaults.set(token, forKey: Self.tokenKey) }
    public func deleteAppId() { defaults.removeObject(forKey: Self.appIdKey) }
    public func deleteToken() { defaults.removeObject(forKey: Self.tokenKey) }
}
