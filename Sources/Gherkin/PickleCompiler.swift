import Foundation
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
            for step in background + scenario.steps {
                if step.keywordType != .conjunction { lastType = step.keywordType }
                steps.append(pickleStep(step, type: lastType))
            }
        }
        pickles.append(Pickle(id: ids.newId(), uri: uri, location: scenario.location, name: scenario.name, language: language,
                              steps: steps, tags: pickleTags(inheritedTags + scenario.tags), astNodeIds: [scenario.id]))
    }

    private mutating func compileOutline(_ scenario: Scenario, inheritedTags: [Tag], background: [Step]) {
        for examples in scenario.examples {
            guard let header = examples.tableHeader else { continue }
            let variables = header.cells
            for row in examples.tableBody {
                let values = row.cells
                let tags = inheritedTags + scenario.tags + examples.tags
                var lastType: StepKeywordType?
                var steps: [PickleStep] = []
                if !scenario.steps.isEmpty {
                    for step in background {
                        if step.keywordType != .conjunction { lastType = step.keywordType }
                        steps.append(pickleStep(step, type: lastType))
                    }
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
                                      steps: steps, tags: pickleTags(tags), astNodeIds: [scenario.id, row.id]))
            }
        }
    }

    private func pickleStep(_ step: Step, type: StepKeywordType?) -> PickleStep {
        PickleStep(argument: pickleArgument(step, [], []), astNodeIds: [step.id], id: ids.newId(),
                   type: pickleType(type), text: step.text)
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

    private func pickleArgument(_ step: Step, _ variables: [TableCell], _ values: [TableCell]) -> PickleStepArgument? {
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
        return argument.dataTable == nil && argument.docString == nil ? nil : argument
    }

    private func pickleTags(_ tags: [Tag]) -> [PickleTag] {
        tags.map { PickleTag(name: $0.name, astNodeId: $0.id) }
    }

    /// Replaces each `<name>` of the header by the row's value, one column after the other.
    private func interpolate(_ text: String, _ variables: [TableCell], _ values: [TableCell]) -> String {
        guard !variables.isEmpty, text.utf8.contains(UInt8(ascii: "<")) else { return text }
        var result = text
        for (index, variable) in variables.enumerated() where index < values.count {
            result = Placeholder.replace(name: variable.value, with: values[index].value, in: result)
        }
        return result
    }
}

enum Placeholder {
    /// Every `<name>` in `text` replaced by `value`. The reference builds a regular expression from the
    /// name, so a name with regex syntax (`<total (€)>`) is matched as that expression, as there; plain
    /// names (nearly all) are replaced byte for byte, without Unicode equivalence.
    static func replace(name: String, with value: String, in text: String) -> String {
        if name.utf8.contains(where: { isRegexSyntax($0) }) {
            return replaceAsRegex("<" + name + ">", with: value, in: text)
        }
        return replace("<" + name + ">", with: value, in: text)
    }

    private static func isRegexSyntax(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "\\"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "*"), UInt8(ascii: "+"),
             UInt8(ascii: "?"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "|"),
             UInt8(ascii: "("), UInt8(ascii: ")"): true
        default: false
        }
    }

    private static func replaceAsRegex(_ pattern: String, with value: String, in text: String) -> String {
        guard let regex = try? NSRegularExpression(pattern: pattern) else {
            return replace(pattern, with: value, in: text) // the reference gives up on such names; we read them literally
        }
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return regex.stringByReplacingMatches(in: text, range: range,
                                              withTemplate: NSRegularExpression.escapedTemplate(for: value))
    }

    /// Every occurrence of `pattern` in `text` replaced by `value`, left to right, byte for byte.
    static func replace(_ pattern: String, with value: String, in text: String) -> String {
        let p = Array(pattern.utf8)
        let t = Array(text.utf8)
        guard !p.isEmpty, t.count >= p.count else { return text }
        var out: [UInt8] = []
        var i = 0
        var last = 0
        var found = false
        while i + p.count <= t.count {
            if t[i] == p[0], t[i..<(i + p.count)].elementsEqual(p) {
                if !found { out.reserveCapacity(t.count + value.utf8.count) }
                found = true
                out.append(contentsOf: t[last..<i])
                out.append(contentsOf: value.utf8)
                i += p.count
                last = i
            } else {
                i += 1
            }
        }
        guard found else { return text }
        out.append(contentsOf: t[last...])
        return String(decoding: out, as: UTF8.self)
    }
}
