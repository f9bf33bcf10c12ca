import Chat
import DomainTestSupport
import Foundation
import SpecRun

/// One scenario of the realtime chat: the real `ChatSession` against `InMemoryRealtimeChatServer`, which plays the
/// service and the operators. Everything the session tells the app is recorded in `events`.
final class ChatSessionWorld: World {
    var now = Date(timeIntervalSince1970: 1_795_000_000)
    var configuration = SessionConfiguration(accountName: "demo", location: "mobile")
    var events: [SessionEvent] = []
    var eventCountAtStop: Int?
    var lastError: SessionError?
    var startedChatId: String?
    var sendResults: [MessageSendResult] = []
    var generatedIds: [String] = []
    var operators: [String: SessionOperator] = [:]
    /// The chat screen as the app last showed it ("When the app shows the chat screen").
    var shownScreen: ChatScreenViewModel?

    required init() {}

    lazy var server = InMemoryRealtimeChatServer(currentDate: { [unowned self] in self.now })
    let timer = ManualSessionTimer()

    lazy var session = ChatSession(
        configuration: configuration,
        service: server,
        makeClientSideId: { [unowned self] in
            let id = "generated-\(self.generatedIds.count + 1)"
            self.generatedIds.append(id)
            return id
        },
        currentDate: { [unowned self] in self.now },
        timer: timer,
        onEvent: { [unowned self] event in self.events.append(event) })

    func chatOperator(named name: String) -> SessionOperator {
        if let known = operators[name] { return known }
        let created = SessionOperator(id: "op-\(name.lowercased())", name: name)
        operators[name] = created
        return created
    }

    /// Runs a request, keeping its error for a later "fails with" step.
    func attempt(_ request: () async throws -> Void) async {
        lastError = await SessionError.of(request)
    }

    func mustSucceed(_ what: String, _ request: () async throws -> Void) async throws {
        do { try await request() } catch { throw fail("\(what) failed: \(error)") }
    }

    var receivedMessages: [SessionMessage] {
        events.compactMap { if case let .messageReceived(message) = $0 { message } else { nil } }
    }

    var fullUpdates: Int {
        events.filter { if case .fullUpdate = $0 { true } else { false } }.count
    }

    func result(for clientSideId: String) throws -> MessageSendResult {
        guard let result = sendResults.last(where: { $0.clientSideId == clientSideId }) else {
            throw fail("no message with client-side id \"\(clientSideId)\" was sent; sent: \(sendResults.map(\.clientSideId))")
        }
        return result
    }

    static func kind(_ text: String) throws -> SessionMessage.Kind {
        guard let kind = SessionMessage.Kind(rawValue: text) else {
            throw fail("\"\(text)\" is not a message author: use visitor, operator or system")
        }
        return kind
    }

    static func state(_ text: String) throws -> SessionChatState {
        guard let state = SessionChatState(rawValue: text) else {
            throw fail("\"\(text)\" is not a chat state: use one of \(SessionChatState.allCases.map(\.rawValue))")
        }
        return state
    }

    static func onlineStatus(_ text: String) throws -> SessionOnlineStatus {
        guard let status = SessionOnlineStatus(rawValue: text) else {
            throw fail("\"\(text)\" is not an online status: use one of \(SessionOnlineStatus.allCases.map(\.rawValue))")
        }
        return status
    }
}
