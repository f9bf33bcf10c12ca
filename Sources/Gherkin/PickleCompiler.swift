import Messages

/// Compiles a GherkinDocument into pickles exactly as the reference does: one pickle per scenario and per
/// examples row, feature and rule backgrounds inlined, `<placeholder>`s substituted, tags inherited.
public enum PickleCompiler {
    /// The pickles of `document`, with ids from `ids` (continue the generator used for the AST to get the
    /// reference's ids). `uri` defaults to the document's.
    public static func compile(_ document: GherkinDocument, uri: String? = nil, ids: any IdGenerator) -> [Pickle] {
        guard let feature = document.feature, !feature.children.isEmpty else { return [] }
        var context = Context(uri: uri ?? document.uri ?? "", language: feature.language, ids: ids)
        var backgroundSteps: [Step] = []
        for child in feature.children {
            if let background = child.background {
                backgroundSteps += background.steps
            } else if let rule = child.rule {
                context.compile(rule, featureTags: feature.tags, featureBackground: backgroundSteps)
            } else if let scenario = child.scenario {
                context.compile(scenario, inheritedTags: feature.tags, background: backgroundSteps)
            }
        }
        return context.pickles
    }
}

private struct Context {
    let uri: String
    let language: String
    let ids: any IdGenerator
    var pickles: [Pickle] = []

    init(uri: String, language: String, ids: any IdGenerator) {
        self.uri = uri
        self.language = language
        self.ids = ids
    }

    mutating func compile(_ rule: Rule, featureTags: [Tag], featureBackground: [Step]) {
        let tags = featureTags + rule.tags
        var backgroundSteps = featureBackground
        for child in rule.children {
            if let background = child.background {
                backgroundSteps += background.steps
            } else if let scenario = child.scenario {
                compile(scenario, inheritedTags: tags, background: backgroundSteps)
            }
        }
    }

    mutating func compile(_ scenario: Scenario, inheritedTags: [Tag], background: [Step]) {
        if scenario.examples.isEmpty {
            compileScenario(scenario, inheritedTags: inheritedTags, background: background)
        } else {
            compileOutline(scenario, inheritedTags: inheritedTags, background: background)
        }
    }

    private mutating func compileScenario(_ scenario: Scenario, inheritedTags: [Tag], background: [Step]) {
        var lastType: StepKeywordType? = .unknown
        var steps: [PickleStep] = []
        if !scenario.steps.isEmpty {
            steps.reserveCapacity(background.count + scenario.steps.count)
            for step in background { steps.append(pickleStep(step, lastType: &lastType)) }
            for step in scenario.steps { steps.append(pickleStep(step, lastType: &lastType)) }
        }
        pickles.append(Pickle(id: ids.newId(), uri: uri, location: scenario.location, name: scenario.name, language: language,
                              steps: steps, tags: pickleTags(inheritedTags, scenario.tags), astNodeIds: [scenario.id]))
    }

    private mutating func compileOutline(_ scenario: Scenario, inheritedTags: [Tag], background: [Step]) {
        for examples in scenario.examples {
            guard let header = examples.tableHeader else { continue }
            let variables = header.cells.map { Placeholder(name: $0.value) }
            let tags = pickleTags(inheritedTags, scenario.tags, examples.tags)
            for row in examples.tableBody {
                let values = row.cells.map(\.value)
                var lastType: StepKeywordType?
                var steps: [PickleStep] = []
                if !scenario.steps.isEmpty {
                    steps.reserveCapacity(background.count + scenario.steps.count)
                    for step in background { steps.append(pickleStep(step, lastType: &lastType)) }
                    for step in scenario.steps {
                        if step.keywordType != .conjunction { lastType = step.keywordType }
                        let text = interpolate(step.text, variables, values)
                        let argument = pickleArgument(step, variables, values)
                        steps.append(PickleStep(argument: argument, astNodeIds: [step.id, row.id], id: ids.newId(),
                                                type: pickleType(lastType), text: text))
                    }
                }
                pickles.append(Pickle(id: ids.newId(), uri: uri, location: row.location,
                                      name: interpolate(scenario.name, variables, values), language: language,
                                      steps: steps, tags: tags, astNodeIds: [scenario.id, row.id]))
            }
        }
    }

    private func pickleStep(_ step: Step, lastType: inout StepKeywordType?) -> PickleStep {
        if step.keywordType != .conjunction { lastType = step.keywordType }
        return PickleStep(argument: pickleArgument(step, [], []), astNodeIds: [step.id], id: ids.newId(),
                          type: pickleType(lastType), text: step.text)
    }

    private func pickleType(_ type: StepKeywordType?) -> PickleStepType? {
        switch type {
        case .context: .context
        case .action: .action
        case .outcome: .outcome
        case .unknown: .unknown
        case .conjunction, nil: nil
        }
    }

    private func pickleArgument(_ step: Step, _ variables: [Placeholder], _ values: [String]) -> PickleStepArgument? {
        guard step.dataTable != nil || step.docString != nil else { return nil }
        var tableIndex: Int?
        var docStringIndex: Int?
        if let table = step.dataTable, let docString = step.docString {
            let tableFirst = docString.location.line > table.location.line
            tableIndex = tableFirst ? 1 : 2
            docStringIndex = tableFirst ? 2 : 1
        }
        var argument = PickleStepArgument(docString: nil, dataTable: nil)
        if let table = step.dataTable {
            argument.dataTable = PickleTable(argumentIndex: tableIndex, rows: table.rows.map { row in
                PickleTableRow(cells: row.cells.map { PickleTableCell(value: interpolate($0.value, variables, values)) })
            })
        }
        if let docString = step.docString {
            argument.docString = PickleDocString(argumentIndex: docStringIndex,
                                                 mediaType: docString.mediaType.map { interpolate($0, variables, values) },
                                                 content: interpolate(docString.content, variables, values))
        }
        return argument
    }

    private func pickleTags(_ first: [Tag], _ second: [Tag], _ third: [Tag] = []) -> [PickleTag] {
        let count = first.count + second.count + third.count
        guard count > 0 else { return [] }
        var tags: [PickleTag] = []
        tags.reserveCapacity(count)
        for tag in first { tags.append(PickleTag(name: tag.name, astNodeId: tag.id)) }
        for tag in second { tags.append(PickleTag(name: tag.name, astNodeId: tag.id)) }
        for tag in third { tags.append(PickleTag(name: tag.name, astNodeId: tag.id)) }
        return tags
    }

    /// Replaces each `<name>` of the header by the row's value, one column after the other.
    private func interpolate(_ text: String, _ variables: [Placeholder], _ values: [String]) -> String {
        guard !variables.isEmpty, Placeholder.mayContainPlaceholder(text) else { return text }
        var result = text
        for (index, variable) in variables.enumerated() where index < values.count {
            result = variable.replace(with: values[index], in: result)
        }
        return result
    }
}
