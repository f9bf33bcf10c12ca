import Foundation
import Messages

/// The snippets already written, by step: a first run of new features repeats the same undefined steps in
/// scenario after scenario, and each distinct text is worth generating once. The snippets are kept as the
/// suggestion carries them, so every suggestion of a step text shares one array (which the worker's outbox
/// recognises by its storage, see `CompactEnvelope.SuggestionTable`).
final class SnippetCache: @unchecked Sendable {
    // @unchecked: `snippets` is only read and written under `lock`.
    struct Key: Hashable {
        let text: String
        let keyword: String
        let hasDocString: Bool
        let hasDataTable: Bool
    }

    /// Longer texts (a pasted document, a 1 MB line) are rarely repeated and would hold a lot of memory.
    static let longestCachedText = 4_096

    private let lock = NSLock()
    private var snippets: [Key: [Snippet]] = [:]

    func snippets(for key: Key, make: () -> [Snippet]) -> [Snippet] {
        guard key.text.utf8.count <= Self.longestCachedText else { return make() }
        lock.lock()
        if let known = snippets[key] { lock.unlock(); return known }
        lock.unlock()
        let made = make()
        lock.lock()
        snippets[key] = made
        lock.unlock()
        return made
    }
}
