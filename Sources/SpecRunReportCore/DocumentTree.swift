import Messages

/// The feature of one Gherkin document, held once and shared by the lineages of all its nodes: the AST
/// without steps (see `Compaction`), and each step's keyword and locations in a flat table.
package final class DocumentTree {
    let uri: String
    package let feature: Feature
    /// The feature's Background, if it has one (looked up once: a feature may have 20,000 children).
    package let background: Background?
    #if DEBUG  // exclusivity checked in tests; unchecked in release: appended for every Gherkin step indexed (`Lineage.add`)
    package var steps = Steps()
    #else
    @exclusivity(unchecked) package var steps = Steps()
    #endif

    package struct Steps {
        /// The steps of the document's backgrounds and scenarios, in document order.
        package var all: [StepSummary] = []
        /// Each background's steps in `all`, by the feature child index of its rule (-1: the feature's background),
        /// with its own child index (in the feature, or in the rule).
        var backgrounds = BackgroundRuns()
    }

    init(uri: String, feature: Feature) {
        self.uri = uri
        self.feature = feature
        background = feature.children.lazy.compactMap(\.background).first
    }
}

/// What the reports read of a Gherkin step (its text and argument come from the pickle step), in 56 bytes.
package struct StepSummary {
    let id: String
    package let keyword: String
    private let line: Int32
    private let column: Int32
    /// The doc string's line and column, -1 without a doc string; column -1 when unknown.
    private let docStringLine: Int32
    private let docStringColumn: Int32
    let keywordType: StepKeywordType?

    @inline(__always)
    init(_ step: Step) {
        id = step.id
        keyword = step.keyword
        line = Int32(clamping: step.location.line)
        column = Int32(clamping: step.location.column ?? -1)
        docStringLine = Int32(clamping: step.docString?.location.line ?? -1)
        docStringColumn = Int32(clamping: step.docString?.location.column ?? -1)
        keywordType = step.keywordType
    }

    var lineNumber: Int { Int(line) }

    /// The step with its keyword and locations (no text, argument content or id).
    var step: Step {
        let docString =
            docStringLine < 0
            ? nil
            : DocString(location: Self.location(docStringLine, docStringColumn), content: "", delimiter: "")
        return Step(
            location: Self.location(line, column), keyword: keyword, keywordType: keywordType, text: "",
            docString: docString, id: id)
    }

    private static func location(_ line: Int32, _ column: Int32) -> Location {
        Location(line: Int(line), column: column < 0 ? nil : Int(column))
    }
}

/// Where each background's steps are in `DocumentTree.steps.all`, by the feature child index of its rule (-1: the
/// feature's background). The feature's is a field, not a table entry: every pickle step's Gherkin step is found
/// through it (a hashed lookup per step).
struct BackgroundRuns {
    typealias Run = (child: Int32, start: Int32, count: Int32)

    private var feature: Run?
    private var rules: [Int32: Run] = [:]

    subscript(rule: Int32) -> Run? {
        get { rule < 0 ? feature : (rules.isEmpty ? nil : rules[rule]) }
        set {
            if rule < 0 { feature = newValue } else { rules[rule] = newValue }
        }
    }
}
