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
final class Token {
    let line: Line?
    let lineNumber: Int
    @exclusivity(unchecked) var column: Int?
    @exclusivity(unchecked) var matchedType: TokenType?
    @exclusivity(unchecked) var matchedText: String?
    @exclusivity(unchecked) var matchedKeyword: String?
    @exclusivity(unchecked) var matchedKeywordType: StepKeywordType?
    @exclusivity(unchecked) var matchedIndent = 0
    @exclusivity(unchecked) var matchedItems: [LineSpan] = []
    @exclusivity(unchecked) var matchedDialect = ""
    /// The tags of this line once split (a tag line is often matched again after a lookahead).
    @exclusivity(unchecked) var splitTags: [LineSpan]?

    init(line: Line?, lineNumber: Int) {
        self.line = line
        self.lineNumber = lineNumber
    }

    var isEOF: Bool { line == nil }

    var location: Location { Location(line: lineNumber, column: column) }
}
