import Foundation

/// Visitor identification fields sent when the session starts.
public enum VisitorField: String, Equatable, Hashable, Sendable, CaseIterable {
    case displayName = "display_name", phone, email, icq, profileURL = "profile_url", avatarURL = "avatar_url"
    case id, login, crc
}

/// Account settings of a realtime session: one account, one location.
public struct SessionConfiguration: Equatable, Sendable {
    public let accountName: String
    public let location: String
    public let visitorFields: [VisitorField: String]

    public init(accountName: String, location: String, visitorFields: [VisitorField: String] = [:]) {
        self.accountName = accountName
        self.location = location
        self.visitorFields = visitorFields
    }

    /// The account name is either a name ("demo" → https://demo.webim.ru/) or the full URL of the service.
    public var serviceURL: URL? {
        let trimmed = accountName.trimmingCharacters(in: .whitespaces)
        if trimmed.contains("://") { return URL(string: trimmed) }
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { return nil }
        return URL(string: "https://\(trimmed).webim.ru/")
    }
}
