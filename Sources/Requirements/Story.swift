/// A story of a requirements document and its acceptance criteria, as the reader found them.
public struct Story: Sendable, Equatable {
    public var id: String
    public var title: String
    /// The document's path, as given to the reader (relative to the working folder).
    public var uri: String
    /// The line of the story's heading (1-based).
    public var line: Int
    public var criteria: [Criterion]
    /// The id was derived (the document gives none): see `IdRules`.
    public var derived: Bool
    /// Tags the document asks every scenario of the story to carry when it runs (`Tags: @quiz`).
    public var tags: [String]
    /// The story's narrative ("As an online customer / I want … / So I can …"), lines joined by newlines; "" when
    /// the document has none.
    public var narrative: String = ""

    public init(id: String, title: String, uri: String, line: Int, criteria: [Criterion] = [], derived: Bool = false, tags: [String] = []) {
        self.id = id
        self.title = title
        self.uri = uri
        self.line = line
        self.criteria = criteria
        self.derived = derived
        self.tags = tags
    }
}

/// One acceptance criterion: its id, its words and where it is.
public struct Criterion: Sendable, Equatable {
    public var id: String
    public var title: String
    /// The document's type (`Happy_Path`, `Error_Condition`, `primary course`, `error course`…), "" when none.
    public var type: String
    public var given: [String]
    public var when: [String]
    public var then: [String]
    public var uri: String
    public var line: Int
    /// The id was derived from the story and the criterion's position: see `IdRules`.
    public var derived: Bool
    /// The Given/When/Then lines as written (keywords normalised), for running the document.
    public var steps: [CriterionStep]
    /// The document's release gate for it (`Must:` / `Should:` lines, `GateMarks`); nil when it gives none.
    public var gate: Gate?

    /// How much a release depends on a criterion.
    public enum Gate: String, Sendable, Equatable {
        /// A failing one blocks the release.
        case must
        /// A failing one is reported; the release may ship.
        case should
    }

    public init(
        id: String, title: String, type: String = "", given: [String] = [], when: [String] = [], then: [String] = [],
        uri: String, line: Int, derived: Bool = false, steps: [CriterionStep] = []
    ) {
        self.id = id
        self.title = title
        self.type = type
        self.given = given
        self.when = when
        self.then = then
        self.uri = uri
        self.line = line
        self.derived = derived
        self.steps = steps
    }
}

/// A Given/When/Then/And/But line of a criterion, its keyword read leniently ("Giving" is Given).
public struct CriterionStep: Sendable, Equatable {
    public var keyword: StepKeyword
    public var text: String
    public var line: Int
    /// The column of the keyword as written (1-based).
    public var column: Int

    public init(keyword: StepKeyword, text: String, line: Int, column: Int) {
        self.keyword = keyword
        self.text = text
        self.line = line
        self.column = column
    }
}

/// Something the reader noticed: a misspelt keyword, a document without criteria, an id line it cannot read.
public struct ReaderWarning: Sendable, Equatable, CustomStringConvertible {
    public var uri: String
    public var line: Int
    /// The column of what it is about (1-based); nil when it is about the whole line or document.
    public var column: Int?
    public var message: String

    public init(uri: String, line: Int, column: Int? = nil, message: String) {
        self.uri = uri
        self.line = line
        self.column = column
        self.message = message
    }

    /// `path:line:column: warning: message`, or `path:line: warning: message` without a column.
    public var description: String { "\(uri):\(line):\(column.map { "\($0):" } ?? "") warning: \(message)" }
}

/// What the reader made of some documents: their stories, in document order, and its warnings.
public struct RequirementsSet: Sendable, Equatable {
    public var stories: [Story]
    public var warnings: [ReaderWarning]

    public init(stories: [Story] = [], warnings: [ReaderWarning] = []) {
        self.stories = stories
        self.warnings = warnings
    }

    public var criteria: [Criterion] { stories.flatMap(\.criteria) }

    public mutating func append(_ other: RequirementsSet) {
        stories += other.stories
        warnings += other.warnings
    }
}
