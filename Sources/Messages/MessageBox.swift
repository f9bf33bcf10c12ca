/// Heap storage for the one message of an `Envelope`: an Envelope is that box and a tag (9 bytes) instead of
/// every message inline (2272 bytes) or a box per field (168 bytes), so envelopes copy with one retain.
/// Immutable, so copies share it safely; setting an Envelope field makes a new box.
///
/// `Value` has no protocol requirement the runtime must check (`Sendable` is a marker): making the metadata of
/// `MessageBox<Pickle>` and the others then needs no conformance lookup, which scans every conformance record of
/// the process (Foundation's thousands) — 22 of them cost a millisecond of every process's start-up.
@usableFromInline
final class MessageBox<Value: Sendable>: Sendable {
    @usableFromInline
    let value: Value

    @usableFromInline
    init(_ value: Value) {
        self.value = value
    }
}

extension MessageBox where Value: Equatable {
    static func equal(_ lhs: MessageBox, _ rhs: MessageBox) -> Bool {
        lhs === rhs || lhs.value == rhs.value
    }
}
