import Messages

/// Builds the GherkinDocument from the parser's rule starts, rule ends and tokens, giving ids in the
/// reference's order (a node gets its id when its rule ends; tags and rows just before their owner).
final class AstBuilder {
    private let ids: any IdGenerator
    private let descriptionTrimming: DescriptionTrimming
    #if DEBUG  // exclusivity checked in tests; unchecked in release: touched for every token built (`build(taking:)`)
    private var state = State()
    #else
    @exclusivity(unchecked) private var state = State()
    #endif

    private struct State {
        /// The rules under way, innermost last; each is updated in place.
        var stack: [AstNode]
        var comments: [Comment] = []
        /// The document's only Feature, once its rule ended.
        var feature: Feature?
        /// The dialect of the feature line (only a feature line's is ever read, and a document has one at most).
        var featureLanguage = ""
        /// The document, once its rule ended.
        var result: GherkinDocument?

        init() {
            stack = [AstNode(.none)]
            stack.reserveCapacity(8)
        }
    }

    /// The document, once its rule ended.
    var result: GherkinDocument? { state.result }

    init(ids: any IdGenerator, descriptionTrimming: DescriptionTrimming = .emptyLines) {
        self.ids = ids
        self.descriptionTrimming = descriptionTrimming
    }

    func reset() {
        state = State()
    }

    func startRule(_ rule: RuleType) {
        state.stack.append(AstNode(rule))
    }

    /// Keeps what the current rule needs of `token`, moved out of it.
    func build(taking token: inout Token) {
        if token.matchedType == .comment {
            state.comments.append(Comment(location: token.location, text: token.matchedText ?? ""))
        } else if token.matchedType != .empty {  // no rule reads empty lines: keeping them only cost arrays
            if token.matchedType == .featureLine { state.featureLanguage = token.matchedDialect }
            state.stack[state.stack.count - 1].add(taking: &token)
        }
    }

    /// Transforms the finished node and files it in its parent (the document's feature and the document itself in
    /// the builder).
    func endRule(_ rule: RuleType) throws(GherkinError) {
        let count = state.stack.count
        // Finished where it lies on the stack, then dropped there: moving a node off the stack first copies its few
        // hundred bytes out and clears its slot, for every step, tag group, table, … of the document.
        defer { state.stack.removeLast() }
        guard count >= 2 else { return }
        let finished = state.stack[count - 1].rule
        if finished == .feature || finished == .gherkinDocument { return fileDocumentPart(count - 1) }
        try state.stack.withUnsafeMutableBufferPointer { buffer throws(GherkinError) in
            try finish(&buffer[count - 1], into: &buffer[count - 2])
        }
    }

    /// The feature (its node at `position` on the stack) or the document, kept by the builder: once a document each.
    @inline(never)
    private func fileDocumentPart(_ position: Int) {
        if state.stack[position].rule == .gherkinDocument {
            state.result = GherkinDocument(uri: nil, feature: state.feature, comments: state.comments)
        } else if state.feature == nil {
            let language = state.featureLanguage
            state.feature = makeFeature(&state.stack[position], language: language)
        }
    }

    private func finish(_ node: inout AstNode, into parent: inout AstNode) throws(GherkinError) {
        switch node.rule {
        case .step:
            // Scenarios have a few steps: room for 8 at once, not grown from 1 to 2 to 4 to 8 (a copy each).
            if parent.steps.isEmpty { parent.steps.reserveCapacity(8) }
            appendStep(&node, to: &parent.steps)
        case .docString: if parent.parts?.docString == nil { parent.filling.docString = makeDocString(&node) }
        case .dataTable:
            let rows = try tableRows(node)
            if parent.parts?.dataTable == nil { parent.filling.dataTable = DataTable(location: rows[0].location, rows: rows) }
        case .background:
            if let background = makeBackground(&node), parent.parts?.background == nil {
                parent.filling.background = background
            }
        case .scenarioDefinition: if let scenario = makeScenario(&node) { parent.filling.scenarios.append(consume scenario) }
        case .examplesDefinition: if let examples = makeExamples(&node) { parent.filling.examples.append(consume examples) }
        case .examplesTable:
            let rows = try tableRows(node)
            if parent.parts?.rows == nil { parent.filling.rows = rows }
        case .description: if parent.description == nil { parent.description = makeDescription(node) }
        case .rule: if let rule = makeRule(&node) { parent.filling.rules.append(rule) }
        case .feature, .gherkinDocument: break  // (the builder's: see `endRule`)
        case .tags: if parent.tagLines == nil { parent.tagLines = node.takeTokens() }
        case .featureHeader, .ruleHeader, .scenario, .examples:
            if !parent.hasHeaderOrBody { parent.merge(taking: &node) }
        case .none: break
        }
    }

    /// Made in place in the array: a Step returned, then appended, was copied.
    private func appendStep(_ node: inout AstNode, to steps: inout [Step]) {
        guard var line = node.takeToken(.stepLine) else { return }
        // Strings and arguments moved out of the node, which is dropped after (a copy costs a retain and a release).
        let parts = node.parts
        steps.append(
            Step(
                location: line.location, keyword: line.matchedKeyword.take() ?? "", keywordType: line.matchedKeywordType,
                text: line.matchedText.take() ?? "", docString: parts?.docString.take(),
                dataTable: parts?.dataTable.take(), id: ids.newId()))
    }

    private func makeDocString(_ node: inout AstNode) -> DocString? {
        guard let separator = node.takeToken(.docStringSeparator) else { return nil }
        let mediaType = separator.matchedText.flatMap { $0.isEmpty ? nil : $0 }
        return DocString(
            location: separator.location, mediaType: mediaType, content: node.texts(.other).joined(separator: "\n"),
            delimiter: separator.matchedKeyword ?? "")
    }

    private func makeBackground(_ node: inout AstNode) -> Background? {
        guard var line = node.takeToken(.backgroundLine) else { return nil }
        return Background(
            location: line.location, keyword: line.matchedKeyword.take() ?? "", name: line.matchedText.take() ?? "",
            description: node.description.take() ?? "", steps: take(&node.steps, leaving: []), id: ids.newId())
    }

    /// A ScenarioDefinition: its tags, then its Scenario body (merged in).
    private func makeScenario(_ node: inout AstNode) -> Scenario? {
        let tags = self.tags(node)
        guard node.hasHeaderOrBody, var line = node.takeToken(.scenarioLine) else { return nil }
        return Scenario(
            location: line.location, tags: tags, keyword: line.matchedKeyword.take() ?? "",
            name: line.matchedText.take() ?? "", description: node.description.take() ?? "",
            steps: take(&node.steps, leaving: []), examples: node.parts?.examples ?? [], id: ids.newId())
    }

    /// An ExamplesDefinition: its tags, then its Examples body (merged in).
    private func makeExamples(_ node: inout AstNode) -> Examples? {
        let tags = self.tags(node)
        guard node.hasHeaderOrBody, var line = node.takeToken(.examplesLine) else { return nil }
        // The rows moved out of the node (dropped after), the header taken off the front: no row is copied.
        var body = node.parts?.rows.take() ?? []
        let header = body.isEmpty ? nil : body.removeFirst()
        return Examples(
            location: line.location, tags: tags, keyword: line.matchedKeyword.take() ?? "",
            name: line.matchedText.take() ?? "", description: node.description.take() ?? "", tableHeader: header,
            tableBody: body, id: ids.newId())
    }

    /// The description lines, trailing empty (or, as asked, blank) lines removed.
    private func makeDescription(_ node: AstNode) -> String {
        var lines = node.texts(.other)
        while let last = lines.last, descriptionTrimming.drops(last) { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// A Rule: its RuleHeader (merged in: tags, line, description), Background and scenarios.
    private func makeRule(_ node: inout AstNode) -> Rule? {
        guard node.hasHeaderOrBody else { return nil }
        let tags = self.tags(node)
        guard let line = node.takeToken(.ruleLine) else { return nil }
        // Moved out rather than copied: the node is dropped after.
        let children = node.parts.map(Self.ruleChildren) ?? []
        return Rule(
            location: line.location, tags: tags, keyword: line.matchedKeyword ?? "", name: line.matchedText ?? "",
            description: node.description ?? "", children: children, id: ids.newId())
    }

    /// A Feature: its FeatureHeader (merged in: tags, line, description), Background, scenarios and rules.
    private func makeFeature(_ node: inout AstNode, language: String) -> Feature? {
        guard node.hasHeaderOrBody else { return nil }
        let tags = self.tags(node)
        guard let line = node.takeToken(.featureLine) else { return nil }
        let children = node.parts.map(Self.featureChildren) ?? []
        return Feature(
            location: line.location, tags: tags, language: language, keyword: line.matchedKeyword ?? "",
            name: line.matchedText ?? "", description: node.description ?? "", children: children)
    }

    private func tags(_ node: AstNode) -> [Tag] {
        guard let lines = node.tagLines else { return [] }
        // Indices, not `for line in lines`: that copies each token (a retain per field).
        var count = 0
        for index in lines.indices where lines[index].matchedType == .tagLine { count += lines[index].matchedItems.count }
        var tags: [Tag] = []
        tags.reserveCapacity(count)
        for index in lines.indices where lines[index].matchedType == .tagLine {
            let lineNumber = lines[index].lineNumber
            for item in lines[index].matchedItems {
                tags.append(Tag(location: Location(line: lineNumber, column: item.column), name: item.text, id: ids.newId()))
            }
        }
        return tags
    }

    private func tableRows(_ node: AstNode) throws(GherkinError) -> [TableRow] {
        var rows: [TableRow] = []
        rows.reserveCapacity(node.tokenCount)
        node.forEachToken(.tableRow) { token in
            let line = token.lineNumber
            rows.append(
                TableRow(
                    location: token.location,
                    cells: token.matchedItems.map { TableCell(location: Location(line: line, column: $0.column), value: $0.text) },
                    id: ids.newId()))
        }
        if let first = rows.first {
            for row in rows where row.cells.count != first.cells.count {
                throw GherkinError(
                    line: row.location.line, column: row.location.column,
                    reason: "inconsistent cell count within the table")
            }
        }
        return rows
    }
}
