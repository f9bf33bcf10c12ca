import Foundation
import Messages
import SharedState

/// The snippets already written, by step: a first run of new features repeats the same undefined steps in
/// scenario after scenario, and each distinct text is worth generating once. The snippets are kept as the
/// suggestion carries them, so every suggestion of a step text shares one array (which the worker's outbox
/// recognises by its storage, see `CompactEnvelope.SuggestionTable`).
final class SnippetCache: Sendable {
    struct Key: Hashable {
        let text: String
        let keyword: String
        let hasDocString: Bool
        let hasDataTable: Bool
    }

    /// Longer texts (a pasted document, a 1 MB line) are rarely repeated and would hold a lot of memory.
    static let longestCachedText = 4_096

    private let state = Locked(State())

    private struct State {
        var snippets: [Key: [Snippet]] = [:]
        /// The keys asked for last, by where their text's bytes are: a worker's step texts are shared
        /// (`StepTextPool`), so a repeated step is found by comparing two pointers, without hashing its text.
        var recent = [(key: Key, snippets: [Snippet])?](repeating: nil, count: SnippetCache.slots)
    }

    /// The snippets made for `key` before; nil when there are none yet.
    func snippets(for key: Key) -> [Snippet]? {
        guard key.text.utf8.count <= Self.longestCachedText else { return nil }
        let slot = Self.slot(key.text)
        return state.withLock { state in
            // (Equal keys are the same key, whatever their text's storage: a slot only saves the hashing.)
            if let slot, let entry = state.recent[slot], entry.key == key { return entry.snippets }
            guard let known = state.snippets[key] else { return nil }
            if let slot { state.recent[slot] = (key, known) }
            return known
        }
    }

    /// Keeps the snippets made for `key`.
    func remember(_ made: [Snippet], for key: Key) {
        guard key.text.utf8.count <= Self.longestCachedText else { return }
        let slot = Self.slot(key.text)
        state.withLock { state in
            state.snippets[key] = made
            if let slot { state.recent[slot] = (key, made) }
        }
    }

    private static let slots = 1024

    /// The slot of a text stored apart from the `String` value (over 15 bytes), by the address of its bytes.
    private static func slot(_ text: String) -> Int? {
        guard text.utf8.count > 15, let address = text.utf8.withContiguousStorageIfAvailable({ $0.baseAddress }) ?? nil
        else { return nil }
        return Int(bitPattern: UInt(bitPattern: address) >> 4) & (slots - 1)
    }
}
