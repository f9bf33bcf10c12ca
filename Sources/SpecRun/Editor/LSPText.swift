/// A document's lines for LSP positions: lines 0-based, characters in UTF-16 code units (the protocol's default),
/// from Gherkin's 1-based lines and columns in Unicode scalars.
struct LSPText {
    let lines: [Substring]

    init(_ text: String) {
        // By bytes: "\r\n" is a single Character, which a split on "\n" would not see.
        lines = text.utf8.split(separator: 10, omittingEmptySubsequences: false).map { Substring($0) }
    }

    func position(line: Int, column: Int) -> [String: Int] {
        guard line >= 1, line <= lines.count else { return ["line": max(line - 1, 0), "character": 0] }
        let scalars = lines[line - 1].unicodeScalars.prefix(max(column - 1, 0))
        return ["line": line - 1, "character": scalars.reduce(0) { $0 + $1.utf16.count }]
    }

    func endOfLine(_ line: Int) -> [String: Int] {
        guard line >= 1, line <= lines.count else { return ["line": max(line - 1, 0), "character": 0] }
        return ["line": line - 1, "character": lines[line - 1].utf16.count]
    }

    /// The position just after the last character.
    var end: [String: Int] { endOfLine(lines.count) }
}
