import Messages

/// A problem found while parsing a Gherkin document: where, and what the reference parser would say.
public struct GherkinError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line.
    public let line: Int
    /// 1-based column in Unicode scalars; nil when the reference gives none (e.g. unexpected end of file).
    public let column: Int?
    /// The message without its location prefix.
    public let reason: String

    /// The column of `location`, when the reference reports another one there than in the message.
    let locationColumn: Int?
    /// The reference's location is the token's own, which changes if parsing goes on (an unknown language).
    var isLive = false

    public init(line: Int, column: Int?, reason: String) {
        self.init(line: line, column: column, reason: reason, locationColumn: column)
    }

    init(line: Int, column: Int?, reason: String, locationColumn: Int?) {
        self.line = line
        self.column = column
        self.reason = reason
        self.locationColumn = locationColumn
    }

    /// `(line:column): reason`, exactly as the reference formats it (column 0 when unknown).
    public var message: String { "(\(line):\(column ?? 0)): \(reason)" }

    public var description: String { message }

    public var location: Location { Location(line: line, column: locationColumn) }
}

extension GherkinError {
    static func at(_ token: Token, _ reason: String) -> GherkinError {
        GherkinError(line: token.lineNumber, column: token.column, reason: reason)
    }

    static func unexpectedEOF(_ token: Token, expected: String) -> GherkinError {
        GherkinError(line: token.lineNumber, column: token.column, reason: "unexpected end of file, expected: \(expected)")
    }
}

/// Every error of a document, in the order found (at most the reference's limit).
public struct GherkinErrors: Error, Sendable, Equatable, CustomStringConvertible {
    public let errors: [GherkinError]
    public var description: String { "Parser errors:\n" + errors.map(\.message).joined(separator: "\n") }
}
