import Foundation

@testable import Chat

final class OfflineChatServiceSpy: OfflineChatService {
    enum ReceivedMessage: Equatable {
        case history(token: String, since: String?)
        case send(OfflineSendRequest, token: String)
        case perform(OfflineChatAction, chatId: String, token: String)
    }

    private(set) var messages: [ReceivedMessage] = []
    var historyResults: [Result<OfflineHistoryPage, Error>] = []
    var sendResults: [Result<OfflineSendReceipt, Error>] = []
    var performError: Error?

    func history(token: String, since revision: String?) async throws -> OfflineHistoryPage {
        messages.append(.history(token: token, since: revision))
        guard !historyResults.isEmpty else { throw SessionError.server("unexpected history request") }
        return try historyResults.removeFirst().get()
    }

    func send(_ request: OfflineSendRequest, token: String) async throws -> OfflineSendReceipt {
        messages.append(.send(request, token: token))
        guard !sendResults.isEmpty else { throw SessionError.server("unexpected send") }
        return try sendResults.removeFirst().get()
    }

    func perform(_ action: OfflineChatAction, chatId: String, token: String) async throws {
        messages.append(.perform(action, chatId: chatId, token: token))
        if let performError { throw performError }
    }
}
