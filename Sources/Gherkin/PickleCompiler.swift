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
    /// Bytes of a text being interpolated, reused from text to text.
    private var scratch: [UInt8] = []

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
            appendPickleSteps(of: background, to: &steps, lastType: &lastType)
            appendPickleSteps(of: scenario.steps, to: &steps, lastType: &lastType)
        }
        pickles.append(Pickle(id: ids.newId(), uri: uri, location: scenario.location, name: scenario.name, language: language,
                              steps: steps, tags: pickleTags(inheritedTags, scenario.tags), astNodeIds: [scenario.id]))
    }

    private mutating func compileOutline(_ scenario: Scenario, inheritedTags: [Tag], background: [Step]) {
        for examples in scenario.examples {
            guard let header = examples.tableHeader else { continue }
            let interpolation = Interpolation(names: header.cells.map(\.value))
            let tags = pickleTags(inheritedTags, scenario.tags, examples.tags)
            // The steps are read in place (see appendPickleSteps), for every row.
            scenario.steps.withUnsafeBufferPointer { outlineSteps in
                for row in examples.tableBody {
                    let values = row.cells.map(\.value)
                    let onePass = interpolation.allowsOnePass(values)
                    var lastType: StepKeywordType?
                    var steps: [PickleStep] = []
                    if !outlineSteps.isEmpty {
                        steps.reserveCapacity(background.count + outlineSteps.count)
                        appendPickleSteps(of: background, to: &steps, lastType: &lastType)
                        for index in outlineSteps.indices {
                            let keywordType = outlineSteps[index].keywordType
                            if keywordType != .conjunction { lastType = keywordType }
                            let text = interpolation.apply(outlineSteps[index].text, values, onePass: onePass, scratch: &scratch)
                            let argument = pickleArgument(outlineSteps.baseAddress! + index, interpolation, values, onePass: onePass)
                            steps.append(PickleStep(argument: argument, astNodeIds: [outlineSteps[index].id, row.id], id: ids.newId(),
                                                    type: pickleType(lastType), text: text))
                        }
                    }
                    pickles.append(Pickle(id: ids.newId(), uri: uri, location: row.location,
                                          name: interpolation.apply(scenario.name, values, onePass: onePass, scratch: &scratch),
                                          language: language, steps: steps, tags: tags, astNodeIds: [scenario.id, row.id]))
                }
            }
        }
    }

    /// The steps read in place: a `for step in` loop copies each step (a retain per field).
    private mutating func appendPickleSteps(of source: [Step], to steps: inout [PickleStep], lastType: inout StepKeywordType?) {
        source.withUnsafeBufferPointer { source in
            for index in source.indices { steps.append(pickleStep(source.baseAddress! + index, lastType: &lastType)) }
        }
    }

    /// `step` points into the array being read: passing the step itself copies it.
    private mutating func pickleStep(_ step: UnsafePointer<Step>, lastType: inout StepKeywordType?) -> PickleStep {
        if step.pointee.keywordType != .conjunction { lastType = step.pointee.keywordType }
        return PickleStep(argument: pickleArgument(step, nil, []), astNodeIds: [step.pointee.id], id: ids.newId(),
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

    private mutating func interpolate(_ text: String, _ interpolation: Interpolation?, _ values: [String], _ onePass: Bool) -> String {
        guard let interpolation else { return text }
        return interpolation.apply(text, values, onePass: onePass, scratch: &scratch)
    }
}
