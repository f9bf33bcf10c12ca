import Foundation

/// A message as one app shows it: confirmed by the service, or still local (sending / failed).
public struct RiderChatEntry: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
        case sending
        case sent
        /// Not delivered; `willRetry` when it waits in the outbox for connectivity.
        case failed(reason: String, willRetry: Bool)
    }

    public let clientMessageID: String?
    public var sequence: Int?
    public let sender: RiderChatSender
    public var text: String
    public var date: Date
    public var status: Status

    public init(clientMessageID: String?, sequence: Int?, sender: RiderChatSender, text: String, date: Date, status: Status) {
        self.clientMessageID = clientMessageID
        self.sequence = sequence
        self.sender = sender
        self.text = text
        self.date = date
        self.status = status
    }

    init(_ message: RiderChatMessage) {
        self.init(
            clientMessageID: message.clientMessageID, sequence: message.sequence, sender: message.sender,
            text: message.text, date: message.sentAt, status: .sent)
    }
}

/// Everything the chat screen shows, as plain values (see `OrderChatPresenter`).
public struct OrderChatState: Sendable, Equatable {
    public let orderID: String
    public let user: RiderChatUser
    public internal(set) var order: RiderChatOrder?
    /// Confirmed messages by sequence, then local ones in the order they were written.
    public internal(set) var entries: [RiderChatEntry] = []
    public internal(set) var hasOlder = false
    public internal(set) var canSend = false
    public internal(set) var isOnline = true
    /// What the person has typed in the input and not sent yet.
    public internal(set) var draft = ""
    /// Why the chat cannot be used at all (access denied or revoked).
    public internal(set) var denial: String?
    /// The last refusal or problem to show near the input ("Messages can be at most 500 characters…").
    public internal(set) var notice: String?

    init(orderID: String, user: RiderChatUser) {
        self.orderID = orderID
        self.user = user
    }

    mutating func merge(_ message: RiderChatMessage) {
        if let clientID = message.clientMessageID,
            let index = entries.firstIndex(where: { $0.clientMessageID == clientID && $0.sender.userID == message.sender.userID })
        {
            entries[index] = RiderChatEntry(message)
        } else if !entries.contains(where: { $0.sequence == message.sequence }) {
            entries.append(RiderChatEntry(message))
        }
        sortEntries()
    }

    private mutating func sortEntries() {
        let confirmed = entries.compactMap { entry in entry.sequence.map { (sequence: $0, entry: entry) } }
            .sorted { $0.sequence < $1.sequence }
            .map(\.entry)
        entries = confirmed + entries.filter { $0.sequence == nil }
    }

    mutating func update(_ clientMessageID: String, to status: RiderChatEntry.Status) {
        guard let index = entries.firstIndex(where: { $0.clientMessageID == clientMessageID && $0.sequence == nil }) else { return }
        entries[index].status = status
    }
}
