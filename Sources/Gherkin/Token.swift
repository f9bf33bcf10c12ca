import Messages

/// The kinds of line the grammar knows (the terminals of gherkin.berp).
enum TokenType: UInt8, Sendable {
    case eof, empty, comment, tagLine, featureLine, ruleLine, backgroundLine, scenarioLine, examplesLine
    case stepLine, docStringSeparator, tableRow, language, other

    /// The name used in the reference's messages (`#TagLine`, …) and in `.tokens` files.
    var name: String {
        switch self {
        case .eof: "EOF"
        case .empty: "Empty"
        case .comment: "Comment"
        case .tagLine: "TagLine"
        case .featureLine: "FeatureLine"
        case .ruleLine: "RuleLine"
        case .backgroundLine: "BackgroundLine"
        case .scenarioLine: "ScenarioLine"
        case .examplesLine: "ExamplesLine"
        case .stepLine: "StepLine"
        case .docStringSeparator: "DocStringSeparator"
        case .tableRow: "TableRow"
        case .language: "Language"
        case .other: "Other"
        }
    }
}

/// One line of the source, as byte offsets into the UTF-8 text. The line ends before its `\n`
/// (a `\r` stays part of it, as in the reference, which splits on `\n` only).
struct Line {
    let number: Int
    let start: Int
    let end: Int
    /// Offset of the first non-whitespace byte (== `end` for a blank line).
    let trimmedStart: Int
    /// Leading whitespace, in Unicode scalars.
    let indent: Int

    var isEmpty: Bool { trimmedStart == end }
}

/// A table cell or a tag found on a line: its 1-based column and its text.
struct LineSpan {
    let column: Int
    let text: String
}

/// A line once the matcher has recognised it. Mutable like the reference's tokens: a matcher writes
/// the match into it (including the column), and a token may be matched again after a lookahead.
/// A value, not an object: the parser keeps each token in one place (the line being matched, the lookahead
/// queue, then the AST node it is built into) and passes it `inout` to the matcher, so there is one per line
/// without an allocation, a deinit and reference counting of its own.
struct Token {
    let line: Line?
    let lineNumber: Int
    var column: Int?
    var matchedType: TokenType?
    var matchedText: String?
    var matchedKeyword: String?
    var matchedKeywordType: StepKeywordType?
    var matchedIndent = 0
    var matchedItems: [LineSpan] = []
    var matchedDialect = ""
    /// The tags of this line once split (a tag line is often matched again after a lookahead).
    var splitTags: [LineSpan]?

    init(line: Line?, lineNumber: Int) {
        self.line = line
        self.lineNumber = lineNumber
    }

    var isEOF: Bool { line == nil }

    var location: Location { Location(line: lineNumber, column: column) }
}
