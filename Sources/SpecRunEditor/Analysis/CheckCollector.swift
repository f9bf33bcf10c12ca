import Foundation
import Gherkin
import Messages
import Requirements
import SpecRunCore

/// Reads a dry run's envelopes into findings.
package final class CheckCollector {
    private var stepLocations: [String: (line: Int, column: Int)] = [:]
    private var pickleSteps: [String: (text: String, node: String, uri: String)] = [:]
    private var definitions: [String: StepDefinition] = [:]
    private var definitionOrder: [String] = []
    private var used: Set<String> = []
    private var parseErrors: [ParseError] = []
    private var undefined: [String] = []
    private var ambiguous: [(pickleStep: String, definitions: [String])] = []
    /// Steps whose values do not fit their closure's parameters (the dry run checks them): test step → pickle step.
    private var testSteps: [String: String] = [:]
    /// The definition each test step matched (when one did): what a conversion's message is prefixed with.
    private var matchedDefinitions: [String: String] = [:]
    private var misfits: [(pickleStep: String, message: String)] = []
    package private(set) var tagUses: [TagUse] = []
    package private(set) var pickleTags: Set<String> = []
    package private(set) var scenarioCount = 0
    /// Scenarios whose steps were read as a description (a misspelt first keyword), second `Feature:` lines.
    private var descriptions: [CheckFinding] = []
    /// The text of the last source read (its document follows it), to place a finding at its own line.
    private var lastSource: (uri: String, data: String)?
    /// Each source's `# language:` (its parse errors' hints name that language's keywords).
    private var languages: [String: String] = [:]
    /// Step definitions (`uri:line pattern`) that scenarios outside the checked paths use (`check SUBFOLDER`).
    package var usedElsewhere: Set<String> = []
    /// Whether a definition no scenario uses is a finding (not when a `PATH:LINE` selection selected no scenario).
    package var reportsUnused = true
    /// The definitions used by some scenario, by `uri:line pattern`.
    package var usedKeys: Set<String> { Set(used.compactMap { definitions[$0].map(Self.key) }) }
    package var definitionCount: Int { definitions.count }
    /// Finds the definition an undefined step's text is nearest to (the language server remembers the answers).
    var nearest: (String, [StepDefinition]) -> StepDefinition? = { CheckCollector.nearest($0, among: $1) }

    /// Makes the lookup of scoped definitions matching an undefined step's text (made once, when a step is undefined).
    package var makeOutOfScope: () -> ((String) -> OutOfScopeMatch?)? = { nil }

    package init() {}

    package func handle(_ envelope: Envelope) {
        if let source = envelope.source {
            lastSource = (source.uri, source.data)
            languages[source.uri] = ParseErrorText.language(of: source.data)
        }
        if let document = envelope.gherkinDocument {
            for (id, location) in document.stepLocations { stepLocations[id] = (Int(location.line), Int(location.column ?? 1)) }
            tagUses += TagUse.all(in: document)
            for finding in InvalidTimeoutTags.findings(in: document) {
                descriptions.append(
                    .init(
                        severity: .error, file: document.uri ?? "?", line: Int(finding.location.line),
                        column: Int(finding.location.column ?? 1), message: finding.message))
            }
            for finding in StepsReadAsDescription.findings(in: document) {
                descriptions.append(
                    .init(
                        severity: .warning, file: document.uri ?? "?", line: Int(finding.location.line),
                        column: Int(finding.location.column ?? 1), message: finding.message))
            }
            let source = lastSource?.uri == document.uri ? lastSource?.data : nil
            for finding in FeatureLineInDescription.findings(in: document, source: source) {
                descriptions.append(
                    .init(
                        severity: .warning, file: document.uri ?? "?", line: Int(finding.location.line),
                        column: Int(finding.location.column ?? 1), message: finding.message))
            }
            for finding in ScenarioLineInDescription.findings(in: document, source: source) {
                descriptions.append(
                    .init(
                        severity: .warning, file: document.uri ?? "?", line: Int(finding.location.line),
                        column: Int(finding.location.column ?? 1), message: finding.message))
            }
            lastSource = nil
        }
        if let finished = envelope.testStepFinished, finished.testStepResult.status == .failed,
            finished.testStepResult.exception?.type != "InvalidTimeout",
            let pickleStep = testSteps[finished.testStepId]
        {
            var message = finished.testStepResult.message ?? "its values do not fit the step definition"
            // (An arity or type mismatch names its definition; a conversion's own error, `{int}` past `Int`, does not.)
            if !message.hasPrefix("step definition "), let id = matchedDefinitions[finished.testStepId],
                let definition = definitions[id]
            {
                message = "step definition \"\(definition.pattern.source)\" (\(Self.location(of: definition))): \(message)"
            }
            misfits.append((pickleStep, message))
        }
        if let pickle = envelope.pickle {
            pickleTags.formUnion(pickle.tags.map(\.name))
            for step in pickle.steps { pickleSteps[step.id] = (step.text, step.astNodeIds.first ?? "", pickle.uri) }
        }
        if let definition = envelope.stepDefinition {
            definitions[definition.id] = definition
            definitionOrder.append(definition.id)
        }
        if let error = envelope.parseError { parseErrors.append(error) }
        if let testCase = envelope.testCase {
            scenarioCount += 1
            for step in testCase.testSteps {
                guard let pickleStep = step.pickleStepId, let ids = step.stepDefinitionIds else { continue }
                testSteps[step.id] = pickleStep
                if ids.count == 1 { matchedDefinitions[step.id] = ids[0] }
                used.formUnion(ids)
                if ids.isEmpty { undefined.append(pickleStep) }
                if ids.count > 1 { ambiguous.append((pickleStep, ids)) }
            }
        }
    }

    package func findings() -> [CheckFinding] {
        var findings: [CheckFinding] = []
        for error in parseErrors {
            var message = Substring(error.message)
            if message.hasPrefix("("), let end = message.range(of: "): ") { message = message[end.upperBound...] }
            findings.append(
                .init(
                    severity: .error, file: error.source.uri ?? "?", line: Int(error.source.location?.line ?? 1),
                    column: Int(error.source.location?.column ?? 1),
                    message: ParseErrorText.humanize(String(message), language: languages[error.source.uri ?? ""] ?? "en")))
        }
        var seen = Set<String>()
        let patterns = definitionOrder.compactMap { definitions[$0] }
        let outOfScope = undefined.isEmpty ? nil : makeOutOfScope()
        for id in undefined {
            guard let step = pickleSteps[id], seen.insert("\(step.uri)#\(step.node)").inserted else { continue }
            let place = stepLocations[step.node] ?? (1, 1)
            var message = "undefined step '\(step.text)'"
            if let match = outOfScope?(step.text) {
                message += " in this scenario: \(match.message)"
            } else if let nearest = nearest(step.text, patterns) {
                message += " (did you mean '\(nearest.pattern.source)' at \(Self.location(of: nearest))?)"
            }
            findings.append(.init(severity: .error, file: step.uri, line: place.line, column: place.column, message: message))
        }
        for (id, candidates) in ambiguous {
            guard let step = pickleSteps[id], seen.insert("\(step.uri)#\(step.node)").inserted else { continue }
            let place = stepLocations[step.node] ?? (1, 1)
            let list = candidates.compactMap { definitions[$0] }.map { "'\($0.pattern.source)' at \(Self.location(of: $0))" }
            findings.append(
                .init(
                    severity: .error, file: step.uri, line: place.line, column: place.column,
                    message: "ambiguous step '\(step.text)': \(list.joined(separator: ", "))"))
        }
        for (id, message) in misfits {
            guard let step = pickleSteps[id], seen.insert("\(step.uri)#\(step.node)").inserted else { continue }
            let place = stepLocations[step.node] ?? (1, 1)
            findings.append(
                .init(
                    severity: .error, file: step.uri, line: place.line, column: place.column,
                    message: "step '\(step.text)' does not fit its \(message)"))
        }
        for definition in patterns where reportsUnused && !used.contains(definition.id) && !usedElsewhere.contains(Self.key(definition)) {
            findings.append(
                .init(
                    severity: .warning, file: definition.sourceReference.uri ?? "?",
                    line: Int(definition.sourceReference.location?.line ?? 1), column: 1,
                    message: "step definition '\(definition.pattern.source)' is used by no scenario"))
        }
        return descriptions + findings
    }

    static func key(_ definition: StepDefinition) -> String {
        "\(location(of: definition)) \(definition.pattern.source)"
    }

    static func location(of definition: StepDefinition) -> String {
        "\(definition.sourceReference.uri ?? "?"):\(definition.sourceReference.location?.line ?? 0)"
    }

    /// The step definition whose pattern, with its parameters blanked, is closest to the text by edit distance.
    static func nearest(_ text: String, among definitions: [StepDefinition]) -> StepDefinition? {
        NearestDefinition(definitions).nearest(text)
    }
}
