/// How much of a document the language server checks as it is typed, so that a hostile or huge document never
/// stalls it (each edit's work is bounded; `specrun check` still checks everything):
/// - a document over `largestDocument` bytes or `mostLines` lines is not analysed (one warning says so; symbols,
///   lenses and completion from its text are not offered either);
/// - a scenario longer than `longestScenario` lines is checked up to there (one warning on its first unchecked
///   line), cut outside doc strings.
enum EditorLimits {
    static let largestDocument = 256 << 10
    static let mostLines = 20_000
    static let longestScenario = 1_000

    /// Why the document is not analysed as it is typed, or nil when it is.
    static func tooLarge(_ text: String) -> String? {
        let bytes = text.utf8.count
        var lines = 1
        if bytes <= largestDocument {
            var text = text
            text.withUTF8 { utf8 in
                var index = 0
                while index < utf8.count {
                    if utf8[index] == 10 { lines += 1 }
                    index += 1
                }
            }
            if lines <= mostLines { return nil }
        }
        let size = bytes > largestDocument ? "\(bytes >> 10) KiB" : "\(lines) lines"
        return
            "document too large to check as you type (\(size); at most \(largestDocument >> 10) KiB and \(mostLines) lines): run `specrun check` on it"
    }

    static func cut(checked: Int, total: Int) -> String {
        "scenario too long to check as you type: its first \(checked) lines are checked, not the \(total - checked) after (`specrun check` checks them all)"
    }
}
