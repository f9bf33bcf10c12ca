/// A document's lines for LSP positions: lines 0-based, characters in UTF-16 code units (the protocol's default),
/// from Gherkin's 1-based lines and columns in Unicode scalars. Lines are found by bytes ("\r\n" is a single
/// Character, which a split on "\n" would not see) and read only when a position on them is asked for.
struct LSPText {
    private let bytes: [UInt8]
    private let ranges: [Range<Int>]

    init(_ text: String) {
        bytes = Array(text.utf8)
        ranges = FeatureBlocks.lines(bytes)
    }

    var count: Int { ranges.count }

    /// The text of a 0-based line.
    func line(_ index: Int) -> Substring {
        Substring(String(decoding: bytes[ranges[index]], as: UTF8.self))
    }

    func position(line: Int, column: Int) -> [String: Int] {
        guard line >= 1, line <= count else { return ["line": max(line - 1, 0), "character": 0] }
        let scalars = self.line(line - 1).unicodeScalars.prefix(max(column - 1, 0))
        return ["line": line - 1, "character": scalars.reduce(0) { $0 + $1.utf16.count }]
    }

    func endOfLine(_ line: Int) -> [String: Int] {
        guard line >= 1, line <= count else { return ["line": max(line - 1, 0), "character": 0] }
        return ["line": line - 1, "character": self.line(line - 1).utf16.count]
    }

    /// The position just after the last character.
    var end: [String: Int] { endOfLine(count) }
}
