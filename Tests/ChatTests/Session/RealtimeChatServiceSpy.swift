import Foundation

@testable import Chat

final class RealtimeChatServiceSpy: RealtimeChatService {
    enum ReceivedMessage: Equatable {
        case connect(SessionConfiguration)
        case perform(SessionRequest)
        case disconnect
    }

    private(set) var messages: [ReceivedMessage] = []
    private var onEvent: ((SessionEvent) -> Void)?
    var connectError: Error?
    var performErrors: [Error] = []

    func connect(_ configuration: SessionConfiguration, onEvent: @escaping (SessionEvent) -> Void) async throws {
        messages.append(.connect(configuration))
        if let connectError { throw connectError }
        self.onEvent = onEvent
    }

    func perform(_ request: SessionRequest) async throws {
        messages.append(.perform(request))
        if !performErrors.isEmpty { throw performErrors.removeFirst() }
    }

    func disconnect() {
        messages.append(.disconnect)
        // Keeps `onEvent` on purpose: a late push after stop must still be ignored by the session.
    }

    func push(_ event: SessionEvent) {
        onEvent?(event)
    }

    var performedRequests: [SessionRequest] {
        messages.compactMap { if case let .perform(request) = $0 { request } else { nil } }
    }
}

final class SessionEventSpy {
    private(set) var events: [SessionEvent] = []
    func record(_ event: SessionEvent) { events.append(event) }
}
