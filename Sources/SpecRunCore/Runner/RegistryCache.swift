import Foundation
import SharedState

/// The compiled step definitions, built by the first run given this cache and reused by the next ones, with what
/// each step text matched: a language server dry-runs a document per keystroke, and compiling every expression,
/// then matching every step against every definition, each time is most of it.
/// The libraries must not change between those runs (they are compiled into the executable, so they cannot).
public final class RegistryCache: Sendable {
    private let built = Locked<StepRegistry?>(nil)
    private let matches = TextMatches()

    public init() {}

    func registry(_ build: () throws -> StepRegistry) throws -> StepRegistry {
        try built.withLock { built in
            if let built { return built }
            var registry = try build()
            registry.textMatches = matches
            built = registry
            return registry
        }
    }
}

/// Step text → the definitions (by position in the registry) it matches and their arguments, kept across the
/// runs sharing a `RegistryCache` (ids are not kept: each run gives the definitions its own).
final class TextMatches: Sendable {
    private let byText = Locked<[String: [(index: Int, arguments: [MatchedArgument])]]>([:])
    /// Texts typed over a long session: forgotten all at once past this many.
    static let limit = 200_000

    func matches(for text: String) -> [(index: Int, arguments: [MatchedArgument])]? {
        byText.withLock { $0[text] }
    }

    func remember(_ matches: [(index: Int, arguments: [MatchedArgument])], for text: String) {
        byText.withLock { byText in
            if byText.count >= Self.limit { byText.removeAll() }
            byText[text] = matches
        }
    }
}
