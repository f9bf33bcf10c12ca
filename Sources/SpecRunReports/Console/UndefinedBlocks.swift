import SpecRunReportCore

/// The text under an undefined step, made once per snippet (by its number, `SnippetCodes`) and indentation: a first
/// run prints the same few snippets under thousands of steps. A class: `ConsoleText` is a value its formatters
/// keep, and the cache fills as they print. At most `limit` blocks are kept (a run whose every step says something
/// new would otherwise keep one per step).
final class UndefinedBlocks {
    static let limit = 1_024
    /// By snippet number, the blocks made for it at each indentation (a console prints one or two).
    private var blocks: [[(indent: String, block: String)]] = []
    private var count = 0

    func block(snippet number: Int32, indent: String, make: () -> String) -> String {
        let slot = Int(number)
        if slot < blocks.count {
            for known in blocks[slot] where known.indent == indent { return known.block }
        }
        let made = make()
        if count < Self.limit && slot >= 0 {
            if slot >= blocks.count { blocks.append(contentsOf: repeatElement([], count: slot + 1 - blocks.count)) }
            blocks[slot].append((indent, made))
            count += 1
        }
        return made
    }
}
