import Foundation
import Gherkin
import Messages
import Requirements
import SpecRunCore

/// `specrun check [PATH…]`: the features and step definitions checked without running a step — parse errors,
/// undefined steps (with the nearest step definitions), ambiguous steps, step closures whose parameters do not
/// fit their expression, unused step definitions, and against the story documents (`CheckRequirements`) criteria
/// without a scenario and tags that name no criterion — each as `file:line:col: error|warning: …` (or GitHub
/// annotations with `--format github`). Exit 1 on any error (`--warnings-as-errors` makes warnings count,
/// `--strict-coverage` the requirements' findings), 0 otherwise.
struct CheckCommand {
    let options: CheckOptions
    let libraries: [any StepLibrary.Type]
    let console: any Console

    struct Finding: Equatable {
        enum Severity: String { case error, warning }
        var severity: Severity
        var file: String
        var line: Int
        var column: Int
        var message: String
    }

    func run() async -> Int32 {
        var configuration = RunConfiguration(paths: options.paths.isEmpty ? ["Features"] : options.paths, tags: options.tags, dryRun: true)
        configuration.checkArguments = true
        // A story document given by name is checked as it would run: its Given/When/Then against the steps.
        let documents = DocumentSources.translate(configuration.paths)
        configuration.documents = documents.documents
        let runner = SpecRunner(libraries: libraries, configuration: configuration,
                                ids: IncrementingIdGenerator(), environment: console.environment)
        let collector = CheckCollector()
        let requirements: RequirementsSet?
        do {
            requirements = try RequirementsSource.folder(given: options.requirements, disabled: options.noRequirements,
                                                         exists: RequirementsSource.isFolder).map(RequirementsSource.read)
            _ = try await runner.run { collector.handle($0) }
        } catch {
            return SpecRunCLI.usageFailure(error, console: console)
        }
        // `check SUBFOLDER`: a step definition its scenarios do not use, or a criterion they do not tag, may be used by
        // the rest of the suite: only what the whole of Features/ leaves unused is reported.
        var suiteTags: Set<String> = []
        if !options.paths.isEmpty, options.paths != ["Features"], RequirementsSource.isFolder("Features") {
            let elsewhere = await Self.suiteUse(libraries: libraries, console: console)
            collector.usedElsewhere = elsewhere.definitions
            suiteTags = elsewhere.pickleTags
        }
        var findings = collector.findings()
        findings += documents.warnings.map { Finding(severity: .warning, file: $0.uri, line: $0.line, column: 1, message: $0.message) }
        if let requirements {
            findings += CheckRequirements(requirements: requirements, strict: options.strictCoverage)
                .findings(tags: collector.tagUses, pickleTags: collector.pickleTags.union(suiteTags))
        }
        for finding in findings { console.out(render(finding) + "\n") }
        let errors = findings.filter { $0.severity == .error || options.warningsAsErrors }.count
        let warnings = findings.count - findings.filter { $0.severity == .error }.count
        console.err("specrun check: \(collector.scenarioCount) scenario(s), \(collector.definitionCount) step definition(s): "
            + "\(findings.filter { $0.severity == .error }.count) error(s), \(warnings) warning(s)\n")
        return errors > 0 ? ExitCode.failed.rawValue : ExitCode.passed.rawValue
    }

    /// The step definitions the scenarios of `Features/` use and their tags (a second dry run, no argument checks).
    static func suiteUse(libraries: [any StepLibrary.Type], console: any Console) async -> (definitions: Set<String>, pickleTags: Set<String>) {
        let runner = SpecRunner(libraries: libraries, configuration: RunConfiguration(paths: ["Features"], dryRun: true),
                                ids: IncrementingIdGenerator(), environment: console.environment)
        let collector = CheckCollector()
        _ = try? await runner.run { collector.handle($0) }
        return (collector.usedKeys, collector.pickleTags)
    }

    func render(_ finding: Finding) -> String {
        if options.github {
            let kind = finding.severity == .error || options.warningsAsErrors ? "error" : "warning"
            let message = finding.message.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\n", with: "%0A")
            return "::\(kind) file=\(finding.file),line=\(finding.line),col=\(finding.column)::\(message)"
        }
        return "\(finding.file):\(finding.line):\(finding.column): \(finding.severity.rawValue): \(finding.message)"
    }
}

struct CheckOptions: Equatable {
    var paths: [String] = []
    var tags: String?
    var github = false
    var warningsAsErrors = false
    /// `--requirements DIR` (default `Requirements` when it exists), `--no-requirements`.
    var requirements: String?
    var noRequirements = false
    /// `--strict-coverage`: a criterion without a scenario, or a tag naming no criterion, is an error.
    var strictCoverage = false
}

/// Reads a dry run's envelopes into findings.
final class CheckCollector {
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
    private var misfits: [(pickleStep: String, message: String)] = []
    private(set) var tagUses: [TagUse] = []
    private(set) var pickleTags: Set<String> = []
    private(set) var scenarioCount = 0
    /// Scenarios whose steps were read as a description (a misspelt first keyword).
    private var descriptions: [CheckCommand.Finding] = []
    /// Step definitions (`uri:line pattern`) that scenarios outside the checked paths use (`check SUBFOLDER`).
    var usedElsewhere: Set<String> = []
    /// The definitions used by some scenario, by `uri:line pattern`.
    var usedKeys: Set<String> { Set(used.compactMap { definitions[$0].map(Self.key) }) }
    var definitionCount: Int { definitions.count }
    /// Finds the definition an undefined step's text is nearest to (the language server remembers the answers).
    var nearest: (String, [StepDefinition]) -> StepDefinition? = { CheckCollector.nearest($0, among: $1) }

    func handle(_ envelope: Envelope) {
        if let document = envelope.gherkinDocument {
            for (id, location) in document.stepLocations { stepLocations[id] = (Int(location.line), Int(location.column ?? 1)) }
            tagUses += TagUse.all(in: document)
            for finding in InvalidTimeoutTags.findings(in: document) {
                descriptions.append(.init(severity: .error, file: document.uri ?? "?", line: Int(finding.location.line),
                                          column: Int(finding.location.column ?? 1), message: finding.message))
            }
            for finding in StepsReadAsDescription.findings(in: document) {
                descriptions.append(.init(severity: .warning, file: document.uri ?? "?", line: Int(finding.location.line),
                                          column: Int(finding.location.column ?? 1), message: finding.message))
            }
        }
        if let finished = envelope.testStepFinished, finished.testStepResult.status == .failed,
           finished.testStepResult.exception?.type != "InvalidTimeout",
           let pickleStep = testSteps[finished.testStepId] {
            misfits.append((pickleStep, finished.testStepResult.message ?? "its values do not fit the step definition"))
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
                used.formUnion(ids)
                if ids.isEmpty { undefined.append(pickleStep) }
                if ids.count > 1 { ambiguous.append((pickleStep, ids)) }
            }
        }
    }

    func findings() -> [CheckCommand.Finding] {
        var findings: [CheckCommand.Finding] = []
        for error in parseErrors {
            var message = Substring(error.message)
            if message.hasPrefix("("), let end = message.range(of: "): ") { message = message[end.upperBound...] }
            findings.append(.init(severity: .error, file: error.source.uri ?? "?", line: Int(error.source.location?.line ?? 1),
                                  column: Int(error.source.location?.column ?? 1), message: ParseErrorText.humanize(String(message))))
        }
        var seen = Set<String>()
        let patterns = definitionOrder.compactMap { definitions[$0] }
        for id in undefined {
            guard let step = pickleSteps[id], seen.insert("\(step.uri)#\(step.node)").inserted else { continue }
            let place = stepLocations[step.node] ?? (1, 1)
            var message = "undefined step '\(step.text)'"
            if let nearest = nearest(step.text, patterns) {
                message += " (did you mean '\(nearest.pattern.source)' at \(Self.location(of: nearest))?)"
            }
            findings.append(.init(severity: .error, file: step.uri, line: place.line, column: place.column, message: message))
        }
        for (id, candidates) in ambiguous {
            guard let step = pickleSteps[id], seen.insert("\(step.uri)#\(step.node)").inserted else { continue }
            let place = stepLocations[step.node] ?? (1, 1)
            let list = candidates.compactMap { definitions[$0] }.map { "'\($0.pattern.source)' at \(Self.location(of: $0))" }
            findings.append(.init(severity: .error, file: step.uri, line: place.line, column: place.column,
                                  message: "ambiguous step '\(step.text)': \(list.joined(separator: ", "))"))
        }
        for (id, message) in misfits {
            guard let step = pickleSteps[id], seen.insert("\(step.uri)#\(step.node)").inserted else { continue }
            let place = stepLocations[step.node] ?? (1, 1)
            findings.append(.init(severity: .error, file: step.uri, line: place.line, column: place.column,
                                  message: "step '\(step.text)' does not fit its \(message)"))
        }
        for definition in patterns where !used.contains(definition.id) && !usedElsewhere.contains(Self.key(definition)) {
            findings.append(.init(severity: .warning, file: definition.sourceReference.uri ?? "?",
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
