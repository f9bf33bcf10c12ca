import Messages

/// Builds the GherkinDocument from the parser's rule starts, rule ends and tokens, giving ids in the
/// reference's order (a node gets its id when its rule ends; tags and rows just before their owner).
final class AstBuilder {
    private let ids: any IdGenerator
    private let descriptionTrimming: DescriptionTrimming
    @exclusivity(unchecked) private var stack: [AstNode] = [AstNode(.none)]
    @exclusivity(unchecked) private var comments: [Comment] = []

    init(ids: any IdGenerator, descriptionTrimming: DescriptionTrimming = .emptyLines) {
        self.ids = ids
        self.descriptionTrimming = descriptionTrimming
    }

    func reset() {
        stack = [AstNode(.none)]
        comments = []
    }

    var result: GherkinDocument? { stack.first?.document }

    func startRule(_ rule: RuleType) {
        stack.append(AstNode(rule))
    }

    func build(_ token: Token) {
        if token.matchedType == .comment {
            comments.append(Comment(location: token.location, text: token.matchedText ?? ""))
        } else if token.matchedType != .empty { // no rule reads empty lines: keeping them only cost arrays
            stack[stack.count - 1].add(token)
        }
    }

    /// Transforms the finished node and files it in its parent.
    func endRule(_ rule: RuleType) throws(GherkinError) {
        let node = stack.removeLast()
        let parent = stack[stack.count - 1]
        switch node.rule {
        case .step:
            if let step = makeStep(node) {
                // Scenarios have a few steps: room for 8 at once, not grown from 1 to 2 to 4 to 8 (a copy each).
                if parent.steps.isEmpty { parent.steps.reserveCapacity(8) }
                parent.steps.append(step)
            }
        case .docString: if parent.docString == nil { parent.docString = makeDocString(node) }
        case .dataTable:
            let rows = try tableRows(node)
            if parent.dataTable == nil { parent.dataTable = DataTable(location: rows[0].location, rows: rows) }
        case .background: if let background = makeBackground(node), parent.background == nil { parent.background = background }
        case .scenarioDefinition: if let scenario = makeScenario(node) { parent.scenarios.append(scenario) }
        case .examplesDefinition: if let examples = makeExamples(node) { parent.examples.append(examples) }
        case .examplesTable:
            let rows = try tableRows(node)
            if parent.rows == nil { parent.rows = rows }
        case .description: if parent.description == nil { parent.description = makeDescription(node) }
        case .rule: if let rule = makeRule(node) { parent.rules.append(rule) }
        case .feature: if parent.feature == nil { parent.feature = makeFeature(node) }
        case .gherkinDocument: parent.document = GherkinDocument(uri: nil, feature: node.feature, comments: comments)
        case .tags: if parent.tags == nil { parent.tags = node }
        case .featureHeader, .ruleHeader: if parent.header == nil { parent.header = node }
        case .scenario, .examples: if parent.body == nil { parent.body = node }
        case .none: break
        }
    }

    private func makeStep(_ node: AstNode) -> Step? {
        guard let line = node.token(.stepLine) else { return nil }
        return Step(location: line.location, keyword: line.matchedKeyword ?? "", keywordType: line.matchedKeywordType,
                    text: line.matchedText ?? "", docString: node.docString, dataTable: node.dataTable, id: ids.newId())
    }

    private func makeDocString(_ node: AstNode) -> DocString? {
        guard let separator = node.token(.docStringSeparator) else { return nil }
        let mediaType = separator.matchedText.flatMap { $0.isEmpty ? nil : $0 }
        return DocString(location: separator.location, mediaType: mediaType, content: node.texts(.other).joined(separator: "\n"),
                         delimiter: separator.matchedKeyword ?? "")
    }

    private func makeBackground(_ node: AstNode) -> Background? {
        guard let line = node.token(.backgroundLine) else { return nil }
        return Background(location: line.location, keyword: line.matchedKeyword ?? "", name: line.matchedText ?? "",
                          description: node.description ?? "", steps: node.steps, id: ids.newId())
    }

    private func makeScenario(_ node: AstNode) -> Scenario? {
        let tags = self.tags(node)
        guard let scenario = node.body, let line = scenario.token(.scenarioLine) else { return nil }
        return Scenario(location: line.location, tags: tags, keyword: line.matchedKeyword ?? "", name: line.matchedText ?? "",
                        description: scenario.description ?? "", steps: scenario.steps, examples: scenario.examples, id: ids.newId())
    }

    private func makeExamples(_ node: AstNode) -> Examples? {
        let tags = self.tags(node)
        guard let examples = node.body, let line = examples.token(.examplesLine) else { return nil }
        let rows = examples.rows ?? []
        return Examples(location: line.location, tags: tags, keyword: line.matchedKeyword ?? "", name: line.matchedText ?? "",
                        description: examples.description ?? "", tableHeader: rows.first, tableBody: Array(rows.dropFirst()),
                        id: ids.newId())
    }

    /// The description lines, trailing empty (or, as asked, blank) lines removed.
    private func makeDescription(_ node: AstNode) -> String {
        var lines = node.texts(.other)
        while let last = lines.last, descriptionTrimming.drops(last) { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    private func makeRule(_ node: AstNode) -> Rule? {
        guard let header = node.header else { return nil }
        let tags = self.tags(header)
        guard let line = header.token(.ruleLine) else { return nil }
        var children: [RuleChild] = []
        children.reserveCapacity(node.scenarios.count + 1)
        if let background = node.background { children.append(RuleChild(background: background, scenario: nil)) }
        for scenario in node.scenarios { children.append(RuleChild(background: nil, scenario: scenario)) }
        return Rule(location: line.location, tags: tags, keyword: line.matchedKeyword ?? "", name: line.matchedText ?? "",
                    description: header.description ?? "", children: children, id: ids.newId())
    }

    private func makeFeature(_ node: AstNode) -> Feature? {
        guard let header = node.header else { return nil }
        let tags = self.tags(header)
        guard let line = header.token(.featureLine) else { return nil }
        var children: [FeatureChild] = []
        children.reserveCapacity(node.scenarios.count + node.rules.count + 1)
        if let background = node.background { children.append(FeatureChild(rule: nil, background: background, scenario: nil)) }
        for scenario in node.scenarios { children.append(FeatureChild(rule: nil, background: nil, scenario: scenario)) }
        for rule in node.rules { children.append(FeatureChild(rule: rule, background: nil, scenario: nil)) }
        return Feature(location: line.location, tags: tags, language: line.matchedDialect, keyword: line.matchedKeyword ?? "",
                       name: line.matchedText ?? "", description: header.description ?? "", children: children)
    }

    private func tags(_ node: AstNode) -> [Tag] {
        guard let tagsNode = node.tags else { return [] }
        var tags: [Tag] = []
        var count = 0
        tagsNode.forEachToken(.tagLine) { count += $0.matchedItems.count }
        tags.reserveCapacity(count)
        tagsNode.forEachToken(.tagLine) { token in
            for item in token.matchedItems {
                tags.append(Tag(location: Location(line: token.lineNumber, column: item.column), name: item.text, id: ids.newId()))
            }
        }
        return tags
    }

    private func tableRows(_ node: AstNode) throws(GherkinError) -> [TableRow] {
        var rows: [TableRow] = []
        rows.reserveCapacity(node.tokenCount)
        node.forEachToken(.tableRow) { token in
            let line = token.lineNumber
            rows.append(TableRow(location: token.location,
                                 cells: token.matchedItems.map { TableCell(location: Location(line: line, column: $0.column), value: $0.text) },
                                 id: ids.newId()))
        }
        if let first = rows.first {
            for row in rows where row.cells.count != first.cells.count {
                throw GherkinError(line: row.location.line, column: row.location.column,
                                   reason: "inconsistent cell count within the table")
            }
        }
        return rows
    }
}
