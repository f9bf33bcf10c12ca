/// Heap storage for the one message of an `Envelope`: an Envelope is that box and a tag (9 bytes) instead of
/// every message inline (2272 bytes) or a box per field (168 bytes), so envelopes copy with one retain.
/// Immutable, so copies share it safely; setting an Envelope field makes a new box.
@usableFromInline
final class MessageBox<Value: Sendable & Equatable>: Sendable {
    @usableFromInline
    let value: Value

    @usableFromInline
    init(_ value: Value) {
        self.value = value
    }

    static func equal(_ lhs: MessageBox, _ rhs: MessageBox) -> Bool {
        lhs === rhs || lhs.value == rhs.value
    }
}
