import Messages

/// Compiles a GherkinDocument into pickles exactly as the reference does: one pickle per scenario and per
/// examples row, feature and rule backgrounds inlined, `<placeholder>`s substituted, tags inherited.
public enum PickleCompiler {
    /// The pickles of `document`, with ids from `ids` (continue the generator used for the AST to get the
    /// reference's ids). `uri` defaults to the document's; the step texts are shared through `texts` when given.
    public static func compile(_ document: GherkinDocument, uri: String? = nil, ids: any IdGenerator,
                               texts: StepTextPool? = nil) -> [Pickle] {
        let collector = PickleCollector(ids: ids, texts: texts)
        compile(document, uri: uri, into: collector)
        return collector.pickles
    }

    /// The pickles of `document` handed to `output` part by part, as they are compiled.
    static func compile<Output: PickleOutput>(_ document: GherkinDocument, uri: String? = nil, into output: Output) {
        guard let feature = document.feature, !feature.children.isEmpty else { return }
        var context = Context(uri: uri ?? document.uri ?? "", language: feature.language, output: output)
        var backgroundSteps: [Step] = []
        // The children read in place: `for child in` copies each (a retain per string and array of its scenario).
        feature.children.withUnsafeBufferPointer { children in
            for index in children.indices {
                let child = children.baseAddress! + index
                if child.pointee.background != nil {
                    backgroundSteps += child.pointee.background!.steps
                } else if child.pointee.rule != nil {
                    context.compile(child.pointee.rule!, featureTags: feature.tags, featureBackground: backgroundSteps)
                } else if let scenario = child.pointee.scenario {
                    withUnsafePointer(to: scenario) { context.compile($0, inheritedTags: feature.tags, background: backgroundSteps) }
                }
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
        rule.children.withUnsafeBufferPointer { children in
            for index in children.indices {
                let child = children.baseAddress! + index
                if child.pointee.background != nil {
                    backgroundSteps += child.pointee.background!.steps
                } else if let scenario = child.pointee.scenario {
                    withUnsafePointer(to: scenario) { compile($0, inheritedTags: tags, background: backgroundSteps) }
                }
            }
        }
    }

    /// `scenario`'s steps and examples are read where they lie (no copy of their arrays' elements).
    mutating func compile(_ scenario: UnsafePointer<Scenario>, inheritedTags: [Tag], background: [Step]) {
        if scenario.pointee.examples.isEmpty {
            compileScenario(scenario, inheritedTags: inheritedTags, background: background)
        } else {
            compileOutline(scenario, inheritedTags: inheritedTags, background: background)
        }
    }

    private mutating func compileScenario(_ scenario: UnsafePointer<Scenario>, inheritedTags: [Tag], background: [Step]) {
        var lastType: StepKeywordType? = .unknown
        if !scenario.pointee.steps.isEmpty {
            output.reserveSteps(background.count + scenario.pointee.steps.count)
            addPickleSteps(of: background, lastType: &lastType)
            addPickleSteps(of: scenario.pointee.steps, lastType: &lastType)
        }
        output.endPickle(uri: uri, location: scenario.pointee.location, name: scenario.pointee.name, language: language,
                         tags: inheritedTags, scenario.pointee.tags, [], scenarioId: scenario.pointee.id, rowId: nil)
    }

    private mutating func compileOutline(_ scenario: UnsafePointer<Scenario>, inheritedTags: [Tag], background: [Step]) {
        // The examples read in place (see addPickleSteps).
        scenario.pointee.examples.withUnsafeBufferPointer { allExamples in
            for index in allExamples.indices {
                compileExamples(allExamples.baseAddress! + index, of: scenario, inheritedTags: inheritedTags, background: background)
            }
        }
    }

    /// A pickle per row of `examples`; the rows and the outline's steps are read in place, for every row.
    private mutating func compileExamples(_ examples: UnsafePointer<Examples>, of scenario: UnsafePointer<Scenario>, inheritedTags: [Tag],
                                          background: [Step]) {
        guard let names = examples.pointee.tableHeader?.cells.map(\.value) else { return }
        let interpolation = Interpolation(names: names)
        scenario.pointee.steps.withUnsafeBufferPointer { outlineSteps in
            examples.pointee.tableBody.withUnsafeBufferPointer { rows in
                for index in rows.indices {
                    compileRow(rows.baseAddress! + index, of: examples, scenario, outlineSteps, interpolation,
                               inheritedTags: inheritedTags, background: background)
                }
            }
        }
    }

    private mutating func compileRow(_ row: UnsafePointer<TableRow>, of examples: UnsafePointer<Examples>, _ scenario: UnsafePointer<Scenario>,
                                     _ outlineSteps: UnsafeBufferPointer<Step>, _ interpolation: Interpolation,
                                     inheritedTags: [Tag], background: [Step]) {
        let values = row.pointee.cells.map(\.value)
        let onePass = interpolation.allowsOnePass(values)
        var lastType: StepKeywordType?
        if !outlineSteps.isEmpty {
            output.reserveSteps(background.count + outlineSteps.count)
            addPickleSteps(of: background, lastType: &lastType)
            for index in outlineSteps.indices {
                let keywordType = outlineSteps[index].keywordType
                if keywordType != .conjunction { lastType = keywordType }
                let text = interpolation.apply(outlineSteps[index].text, values, onePass: onePass, scratch: &scratch)
                let argument = pickleArgument(outlineSteps.baseAddress! + index, interpolation, values, onePass: onePass)
                output.addPickleStep(argument: argument, stepId: outlineSteps[index].id, rowId: row.pointee.id,
                                     type: pickleType(lastType), text: text)
            }
        }
        output.endPickle(uri: uri, location: row.pointee.location,
                         name: interpolation.apply(scenario.pointee.name, values, onePass: onePass, scratch: &scratch),
                         language: language, tags: inheritedTags, scenario.pointee.tags, examples.pointee.tags,
                         scenarioId: scenario.pointee.id, rowId: row.pointee.id)
    }

    /// The steps read in place: a `for step in` loop copies each step (a retain per field).
    private mutating func addPickleSteps(of source: [Step], lastType: inout StepKeywordType?) {
        source.withUnsafeBufferPointer { source in
            for index in source.indices { addPickleStep(source.baseAddress! + index, lastType: &lastType) }
        }
    }

    /// `step` points into the array being read: passing the step itself copies it.
    private mutating func addPickleStep(_ step: UnsafePointer<Step>, lastType: inout StepKeywordType?) {
        if step.pointee.keywordType != .conjunction { lastType = step.pointee.keywordType }
        output.addPickleStep(argument: pickleArgument(step, nil, []), stepId: step.pointee.id, rowId: nil,
                             type: pickleType(lastType), text: step.pointee.text)
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

    /// The step's DocString or DataTable, with the row's values when `interpolation` is given.
    private mutating func pickleArgument(_ step: UnsafePointer<Step>, _ interpolation: Interpolation?, _ values: [String],
                                         onePass: Bool = false) -> PickleStepArgument? {
        // Read in place, field by field: a copy of the step (or of its table) retains every string in it. Even
        // `dataTable != nil` copied the optional table first; reading one of its integers does not.
        let hasTable = step.pointee.dataTable?.location.line != nil
        let hasDocString = step.pointee.docString?.location.line != nil
        guard hasTable || hasDocString else { return nil }
        var tableIndex: Int?
        var docStringIndex: Int?
        if hasTable, hasDocString {
            let tableFirst = step.pointee.docString!.location.line > step.pointee.dataTable!.location.line
            tableIndex = tableFirst ? 1 : 2
            docStringIndex = tableFirst ? 2 : 1
        }
        var argument = PickleStepArgument(docString: nil, dataTable: nil)
        if hasTable {
            argument.dataTable = PickleTable(argumentIndex: tableIndex, rows: step.pointee.dataTable!.rows.map { row in
                PickleTableRow(cells: row.cells.map { PickleTableCell(value: interpolate($0.value, interpolation, values, onePass)) })
            })
        }
        if hasDocString {
            let mediaType = step.pointee.docString!.mediaType
            argument.docString = PickleDocString(argumentIndex: docStringIndex,
                                                 mediaType: mediaType.map { interpolate($0, interpolation, values, onePass) },
                                                 content: interpolate(step.pointee.docString!.content, interpolation, values, onePass))
        }
        return argument
    }

    private mutating func interpolate(_ text: String, _ interpolation: Interpolation?, _ values: [String], _ onePass: Bool) -> String {
        guard let interpolation else { return text }
        return interpolation.apply(text, values, onePass: onePass, scratch: &scratch)
    }
}
