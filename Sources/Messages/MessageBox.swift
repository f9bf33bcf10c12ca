/// Heap storage for one message of an `Envelope`: with every field boxed, an Envelope is 21 pointers
/// (168 bytes) instead of every message inline (2272 bytes), which made arrays of envelopes slow to build.
/// Immutable, so copies share it safely; setting an Envelope field makes a new box.
final class MessageBox<Value: Sendable & Equatable>: Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }

    static func equal(_ lhs: MessageBox?, _ rhs: MessageBox?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): return true
        case let (lhs?, rhs?): return lhs === rhs || lhs.value == rhs.value
        default: return false
        }
    }
}
