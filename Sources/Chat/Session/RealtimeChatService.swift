import Foundation

/// What the visitor's session asks the service to do.
public enum SessionRequest: Equatable, Sendable {
    case startChat(clientSideId: String)
    case sendMessage(text: String, clientSideId: String)
    case sendFile(data: Data, name: String, mimeType: String, clientSideId: String)
    case setComposing(isComposing: Bool, draft: String?)
    case rateOperator(operatorId: String, rate: Int)
    case closeChat
    /// The visitor has seen the chat's messages (`chat.read_by_visitor`).
    case markChatRead
    /// Ask for a full update.
    case refresh
    /// The device's push-notification token (from APNs), so the service can notify the visitor.
    case setDeviceToken(String)
}

/// The realtime chat service (the server's side of the session). Its events are pushed through `onEvent`
/// from `connect` until `disconnect`, on the caller's context. Failures are thrown as `SessionError`.
public protocol RealtimeChatService: AnyObject {
    func connect(_ configuration: SessionConfiguration, onEvent: @escaping (SessionEvent) -> Void) async throws
    func perform(_ request: SessionRequest) async throws
    func disconnect()
}
