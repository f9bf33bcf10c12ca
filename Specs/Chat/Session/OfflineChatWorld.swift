import Chat
import DomainTestSupport
import Foundation
import SpecRun

/// One scenario of offline chats: real `OfflineSession`s (one per visitor token) against
/// `InMemoryOfflineChatServer`, sharing one device cache like the SDK's stat on disk.
final class OfflineChatWorld: World {
    var now = Date(timeIntervalSince1970: 1_795_000_000)
    let cache = InMemoryOfflineHistoryCache()
    var sessions: [String: OfflineSession] = [:]
    var chatIds: [String: String] = [:]
    var lastVisitor = ""
    var lastChanges: OfflineHistoryChanges?
    var lastError: SessionError?
    var lastReceipt: OfflineSendReceipt?
    /// The pauses the sessions took between tries, in seconds.
    var waits: [TimeInterval] = []
    /// How many history requests the service had received before the step that is checked.
    var historyRequestsBefore: Int?

    required init() {}

    lazy var server = InMemoryOfflineChatServer(currentDate: { [unowned self] in self.now })

    func session(of visitor: String) -> OfflineSession {
        lastVisitor = visitor
        if let session = sessions[visitor] { return session }
        let session = OfflineSession(
            token: visitor, service: server, cache: cache,
            wait: { [unowned self] seconds in self.waits.append(seconds) })
        sessions[visitor] = session
        return session
    }

    func name(ofChat id: String) -> String {
        chatIds.first { $0.value == id }?.key ?? id
    }

    func chatId(named name: String) throws -> String {
        guard let id = chatIds[name] else { throw fail("no offline chat named \"\(name)\"; known: \(chatIds.keys.sorted())") }
        return id
    }

    func chat(named name: String, of visitor: String) throws -> OfflineChat {
        let id = try chatId(named: name)
        guard let chat = session(of: visitor).chats.first(where: { $0.id == id }) else {
            throw fail("\(visitor) does not see the offline chat \"\(name)\"")
        }
        return chat
    }

    /// Runs a request, keeping its error for a later "fails with" step.
    func attempt(_ request: () async throws -> Void) async {
        lastError = await SessionError.of(request)
    }

    func names(_ list: String) -> [String] {
        list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
