import Messages

/// Builds the GherkinDocument from the parser's rule starts, rule ends and tokens, giving ids in the
/// reference's order (a node gets its id when its rule ends; tags and rows just before their owner).
final class AstBuilder {
    private let ids: any IdGenerator
    private var stack: [AstNode] = [AstNode(.none)]
    private var comments: [Comment] = []

    init(ids: any IdGenerator) {
        self.ids = ids
    }

    func reset() {
        stack = [AstNode(.none)]
        comments = []
    }

    private var current: AstNode { stack[stack.count - 1] }

    func startRule(_ rule: RuleType) {
        stack.append(AstNode(rule))
    }

    func endRule(_ rule: RuleType) throws(GherkinError) {
        let node = stack.removeLast()
        current.add(.rule(node.rule), try transform(node))
    }

    func build(_ token: Token) {
        if token.matchedType == .comment {
            comments.append(Comment(location: token.location, text: token.matchedText ?? ""))
        } else {
            current.add(.token(token.matchedType ?? .other), .token(token))
        }
    }

    var result: GherkinDocument? {
        if case .document(let document)? = current.single(.rule(.gherkinDocument)) { return document }
        return nil
    }

    private func transform(_ node: AstNode) throws(GherkinError) -> AstItem {
        switch node.rule {
        case .step: return makeStep(node)
        case .docString: return makeDocString(node)
        case .dataTable:
            let rows = try tableRows(node)
            return .dataTable(DataTable(location: rows[0].location, rows: rows))
        case .background: return makeBackground(node)
        case .scenarioDefinition: return makeScenario(node)
        case .examplesDefinition: return makeExamples(node)
        case .examplesTable: return .rows(try tableRows(node))
        case .description: return .description(makeDescription(node))
        case .rule: return makeRule(node)
        case .feature: return makeFeature(node)
        case .gherkinDocument:
            var feature: Feature?
            if case .feature(let built)? = node.single(.rule(.feature)) { feature = built }
            return .document(GherkinDocument(uri: nil, feature: feature, comments: comments))
        default: return .node(node)
        }
    }

    private func makeStep(_ node: AstNode) -> AstItem {
        guard let line = node.token(.stepLine) else { return .nothing }
        var dataTable: DataTable?
        var docString: DocString?
        if case .dataTable(let table)? = node.single(.rule(.dataTable)) { dataTable = table }
        if case .docString(let string)? = node.single(.rule(.docString)) { docString = string }
        return .step(Step(location: line.location, keyword: line.matchedKeyword ?? "", keywordType: line.matchedKeywordType,
                          text: line.matchedText ?? "", docString: docString, dataTable: dataTable, id: ids.newId()))
    }

    private func makeDocString(_ node: AstNode) -> AstItem {
        guard let separator = node.tokens(.docStringSeparator).first else { return .nothing }
        let mediaType = separator.matchedText.flatMap { $0.isEmpty ? nil : $0 }
        let content = node.tokens(.other).map { $0.matchedText ?? "" }.joined(separator: "\n")
        return .docString(DocString(location: separator.location, mediaType: mediaType, content: content,
                                    delimiter: separator.matchedKeyword ?? ""))
    }

    private func makeBackground(_ node: AstNode) -> AstItem {
        guard let line = node.token(.backgroundLine) else { return .nothing }
        let description = node.description
        let steps = node.steps
        return .background(Background(location: line.location, keyword: line.matchedKeyword ?? "", name: line.matchedText ?? "",
                                      description: description, steps: steps, id: ids.newId()))
    }

    private func makeScenario(_ node: AstNode) -> AstItem {
        let tags = self.tags(node)
        guard let scenario = node.node(.scenario), let line = scenario.token(.scenarioLine) else { return .nothing }
        let examples = scenario.all(.rule(.examplesDefinition)).compactMap { item -> Examples? in
            if case .examples(let examples) = item { return examples } else { return nil }
        }
        return .scenario(Scenario(location: line.location, tags: tags, keyword: line.matchedKeyword ?? "", name: line.matchedText ?? "",
                                  description: scenario.description, steps: scenario.steps, examples: examples, id: ids.newId()))
    }

    private func makeExamples(_ node: AstNode) -> AstItem {
        let tags = self.tags(node)
        guard let examples = node.node(.examples), let line = examples.token(.examplesLine) else { return .nothing }
        var rows: [TableRow] = []
        if case .rows(let built)? = examples.single(.rule(.examplesTable)) { rows = built }
        return .examples(Examples(location: line.location, tags: tags, keyword: line.matchedKeyword ?? "", name: line.matchedText ?? "",
                                  description: examples.description, tableHeader: rows.first, tableBody: Array(rows.dropFirst()),
                                  id: ids.newId()))
    }

    private func makeDescription(_ node: AstNode) -> String {
        var lines = node.tokens(.other).map { $0.matchedText ?? "" }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    private func makeRule(_ node: AstNode) -> AstItem {
        guard let header = node.node(.ruleHeader) else { return .nothing }
        let tags = self.tags(header)
        guard let line = header.token(.ruleLine) else { return .nothing }
        var children: [RuleChild] = []
        if case .background(let background)? = node.single(.rule(.background)) {
            children.append(RuleChild(background: background, scenario: nil))
        }
        for case .scenario(let scenario) in node.all(.rule(.scenarioDefinition)) {
            children.append(RuleChild(background: nil, scenario: scenario))
        }
        return .rule(Rule(location: line.location, tags: tags, keyword: line.matchedKeyword ?? "", name: line.matchedText ?? "",
                          description: header.description, children: children, id: ids.newId()))
    }

    private func makeFeature(_ node: AstNode) -> AstItem {
        guard let header = node.node(.featureHeader) else { return .nothing }
        let tags = self.tags(header)
        guard let line = header.token(.featureLine) else { return .nothing }
        var children: [FeatureChild] = []
        if case .background(let background)? = node.single(.rule(.background)) {
            children.append(FeatureChild(rule: nil, background: background, scenario: nil))
        }
        for case .scenario(let scenario) in node.all(.rule(.scenarioDefinition)) {
            children.append(FeatureChild(rule: nil, background: nil, scenario: scenario))
        }
        for case .rule(let rule) in node.all(.rule(.rule)) {
            children.append(FeatureChild(rule: rule, background: nil, scenario: nil))
        }
        return .feature(Feature(location: line.location, tags: tags, language: line.matchedDialect, keyword: line.matchedKeyword ?? "",
                                name: line.matchedText ?? "", description: header.description, children: children))
    }

    private func tags(_ node: AstNode) -> [Tag] {
        guard let tagsNode = node.node(.tags) else { return [] }
        var tags: [Tag] = []
        for token in tagsNode.tokens(.tagLine) {
            for item in token.matchedItems {
                tags.append(Tag(location: Location(line: token.lineNumber, column: item.column), name: item.text, id: ids.newId()))
            }
        }
        return tags
    }

    private func tableRows(_ node: AstNode) throws(GherkinError) -> [TableRow] {
        let rows = node.tokens(.tableRow).map { token in
            TableRow(location: token.location,
                     cells: token.matchedItems.map { TableCell(location: Location(line: token.lineNumber, column: $0.column), value: $0.text) },
                     id: ids.newId())
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
