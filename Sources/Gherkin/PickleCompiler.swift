import Messages

/// Compiles a GherkinDocument into pickles exactly as the reference does: one pickle per scenario and per
/// examples row, feature and rule backgrounds inlined, `<placeholder>`s substituted, tags inherited.
public enum PickleCompiler {
    /// The pickles of `document`, with ids from `ids` (continue the generator used for the AST to get the
    /// reference's ids). `uri` defaults to the document's; the step texts are shared through `texts` when given.
    public static func compile(
        _ document: GherkinDocument, uri: String? = nil, ids: any IdGenerator,
        texts: StepTextPool? = nil
    ) -> [Pickle] {
        let collector = PickleCollector(ids: ids, texts: texts)
        compile(document, uri: uri, into: collector)
        return collector.pickles
    }

    /// The pickles of `document` handed to `output` part by part, as they are compiled. (Plain Swift: a walk through
    /// buffer pointers, reading each node in place, bought 0.6 % of a c10k run's instructions, callgrind 2026-12-02.)
    static func compile<Output: PickleOutput>(_ document: GherkinDocument, uri: String? = nil, into output: Output) {
        guard let feature = document.feature, !feature.children.isEmpty else { return }
        var context = Context(uri: uri ?? document.uri ?? "", language: feature.language, output: output)
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
    }
}

private struct Context<Output: PickleOutput> {
    let uri: String
    let language: String
    let output: Output
    /// Bytes of a text being interpolated, reused from text to text.
    private var scratch: [UInt8] = []

    init(uri: String, language: String, output: Output) {
        self.uri = uri
        self.language = language
        self.output = output
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
            for examples in scenario.examples {
                compileExamples(examples, of: scenario, inheritedTags: inheritedTags, background: background)
            }
        }
    }

    private mutating func compileScenario(_ scenario: Scenario, inheritedTags: [Tag], background: [Step]) {
        var lastType: StepKeywordType? = .unknown
        if !scenario.steps.isEmpty {
            output.reserveSteps(background.count + scenario.steps.count)
            addPickleSteps(of: background, lastType: &lastType)
            addPickleSteps(of: scenario.steps, lastType: &lastType)
        }
        output.endPickle(
            uri: uri, location: scenario.location, name: scenario.name, language: language,
            tags: inheritedTags, scenario.tags, [], scenarioId: scenario.id, rowId: nil)
    }

    /// A pickle per row of `examples`.
    private mutating func compileExamples(_ examples: Examples, of scenario: Scenario, inheritedTags: [Tag], background: [Step]) {
        guard let names = examples.tableHeader?.cells.map(\.value) else { return }
        let interpolation = Interpolation(names: names)
        for row in examples.tableBody {
            compileRow(row, of: examples, scenario, interpolation, inheritedTags: inheritedTags, background: background)
        }
    }

    private mutating func compileRow(
        _ row: TableRow, of examples: Examples, _ scenario: Scenario, _ interpolation: Interpolation,
        inheritedTags: [Tag], background: [Step]
    ) {
        let values = row.cells.map(\.value)
        let onePass = interpolation.allowsOnePass(values)
        var lastType: StepKeywordType?
        if !scenario.steps.isEmpty {
            output.reserveSteps(background.count + scenario.steps.count)
            addPickleSteps(of: background, lastType: &lastType)
            // (By index, a field at a time: `for step in` copies every field of each step.)
            for index in scenario.steps.indices {
                let keywordType = scenario.steps[index].keywordType
                if keywordType != .conjunction { lastType = keywordType }
                let text = interpolation.apply(scenario.steps[index].text, values, onePass: onePass, scratch: &scratch)
                let argument = pickleArgument(
                    scenario.steps[index].dataTable, scenario.steps[index].docString, interpolation,
                    values, onePass: onePass)
                output.addPickleStep(
                    argument: argument, stepId: scenario.steps[index].id, rowId: row.id,
                    type: pickleType(lastType), text: text)
            }
        }
        output.endPickle(
            uri: uri, location: row.location,
            name: interpolation.apply(scenario.name, values, onePass: onePass, scratch: &scratch),
            language: language, tags: inheritedTags, scenario.tags, examples.tags,
            scenarioId: scenario.id, rowId: row.id)
    }

    /// (By index, a field at a time: `for step in` copies every field of each step.)
    private mutating func addPickleSteps(of steps: [Step], lastType: inout StepKeywordType?) {
        for index in steps.indices {
            let keywordType = steps[index].keywordType
            if keywordType != .conjunction { lastType = keywordType }
            output.addPickleStep(
                argument: pickleArgument(steps[index].dataTable, steps[index].docString, nil, []),
                stepId: steps[index].id, rowId: nil, type: pickleType(lastType), text: steps[index].text)
        }
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

    /// A step's DataTable or DocString, with the row's values when `interpolation` is given.
    private mutating func pickleArgument(
        _ table: DataTable?, _ docString: DocString?, _ interpolation: Interpolation?,
        _ values: [String], onePass: Bool = false
    ) -> PickleStepArgument? {
        guard table != nil || docString != nil else { return nil }
        var tableIndex: Int?
        var docStringIndex: Int?
        if let table, let docString {
            let tableFirst = docString.location.line > table.location.line
            tableIndex = tableFirst ? 1 : 2
            docStringIndex = tableFirst ? 2 : 1
        }
        var argument = PickleStepArgument(docString: nil, dataTable: nil)
        if let table {
            argument.dataTable = PickleTable(
                argumentIndex: tableIndex,
                rows: table.rows.map { row in
                    PickleTableRow(cells: row.cells.map { PickleTableCell(value: interpolate($0.value, interpolation, values, onePass)) })
                })
        }
        if let docString {
            argument.docString = PickleDocString(
                argumentIndex: docStringIndex,
                mediaType: docString.mediaType.map { interpolate($0, interpolation, values, onePass) },
                content: interpolate(docString.content, interpolation, values, onePass))
        }
        return argument
    }

    private mutating func interpolate(_ text: String, _ interpolation: Interpolation?, _ values: [String], _ onePass: Bool) -> String {
        guard let interpolation else { return text }
        return interpolation.apply(text, values, onePass: onePass, scratch: &scratch)
    }
}
