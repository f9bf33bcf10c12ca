import Foundation

/// Runs an action later, on the session's context (a main-queue timer in an app).
public protocol SessionTimer: AnyObject {
    func schedule(after delay: TimeInterval, _ action: @escaping () async -> Void)
}

/// The SDK's throttle of visitor typing updates: at most one request every 2 s; what comes in between is kept
/// (the latest wins) and sent when the 2 s are over. The draft is sent only when it changed since the last one
/// sent; an empty draft after a non-empty one deletes it on the service.
struct TypingThrottle {
    static let interval: TimeInterval = 2

    var lastSentAt: Date?
    var lastSentDraft = ""
    /// The update held back until the 2 s are over (the latest wins); while there is one, its send is scheduled.
    var pending: (isComposing: Bool, draft: String?)?

    /// How long the next update must wait, nil when it may go now.
    func wait(at now: Date) -> TimeInterval? {
        guard let lastSentAt else { return nil }
        let elapsed = now.timeIntervalSince(lastSentAt)
        return elapsed < Self.interval ? Self.interval - elapsed : nil
    }

    /// The request for the pending update: its draft only when it changed ("" deletes the one sent before).
    mutating func takeRequest(at now: Date) -> SessionRequest? {
        guard let pending else { return nil }
        self.pending = nil
        lastSentAt = now
        var draft: String?
        if let next = pending.draft, next != lastSentDraft {
            draft = next
            lastSentDraft = next
        }
        return .setComposing(isComposing: pending.isComposing, draft: draft)
    }
}

extension ChatSession {
    /// Tells the operator whether the visitor is typing, with the draft so far (an empty draft clears it).
    /// Throttled as the SDK: updates closer than 2 s to the last one are held back and the latest is sent later.
    public func setComposingMessage(_ isComposing: Bool, draft: String? = nil) async throws(SessionError) {
        try checkShownChat()
        // An update already held back has its send scheduled: this one replaces it and goes with that send.
        let isSendScheduled = typing.pending != nil
        typing.pending = (isComposing, draft)
        if let wait = typing.wait(at: currentDate()) {
            guard !isSendScheduled, let timer else { return }
            timer.schedule(after: wait) { [weak self] in try? await self?.sendPendingTyping() }
            return
        }
        try await sendPendingTyping()
    }

    private func sendPendingTyping() async throws(SessionError) {
        guard phase == .started, let request = typing.takeRequest(at: currentDate()) else { return }
        try await perform(request)
    }
}
