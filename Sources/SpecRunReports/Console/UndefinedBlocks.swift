/// The text under an undefined step, made once per snippet and indentation: a first run prints the same few
/// snippets under thousands of steps. A class: `ConsoleText` is a value its formatters keep, and the cache fills
/// as they print. At most `limit` blocks are kept (a run whose every step says something new would otherwise
/// keep one per step).
final class UndefinedBlocks {
    private struct Key: Hashable {
        let snippet: String
        let indent: String
    }

    static let limit = 1_024
    private var blocks: [Key: String] = [:]

    func block(snippet: String, indent: String, make: () -> String) -> String {
        let key = Key(snippet: snippet, indent: indent)
        if let known = blocks[key] { return known }
        let made = make()
        if blocks.count < Self.limit { blocks[key] = made }
        return made
    }
}
