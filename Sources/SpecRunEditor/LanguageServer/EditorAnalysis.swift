import Foundation
import Gherkin
import Messages
import Requirements
import SpecRunCore

/// What the language server knows of one document: `check`'s findings on it and, per step line, the step
/// definitions its text matches — from a dry run of the document through the runner (the parser, the Cucumber
/// Expression matcher and `check`'s analyses, not a second implementation of them).
package struct EditorAnalysis {
    struct Diagnostic: Equatable {
        var line: Int
        var column: Int
        var severity: CheckFinding.Severity
        var message: String
    }

    /// What every analysis shares: the compiled definitions (built once), the snippets' style, the story documents.
    package struct Context {
        package init(
            libraries: [any StepLibrary.Type], environment: [String: String], folder: URL, registry: RegistryCache = RegistryCache(),
            snippetInterface: RunConfiguration.SnippetInterface = .synchronous, requirements: RequirementsSet? = nil,
            memo: EditorMemo = EditorMemo()
        ) {
            self.libraries = libraries
            self.environment = environment
            self.folder = folder
            self.registry = registry
            self.snippetInterface = snippetInterface
            self.requirements = requirements
            self.memo = memo
        }

        var libraries: [any StepLibrary.Type]
        var environment: [String: String]
        var folder: URL
        var registry = RegistryCache()
        package var snippetInterface: RunConfiguration.SnippetInterface = .synchronous
        package var requirements: RequirementsSet?
        var memo = EditorMemo()
    }

    var diagnostics: [Diagnostic] = []
    /// 1-based line of a step → the definitions it matches (none: undefined; several: ambiguous).
    var matches: [Int: [StepDefinition]] = [:]
    /// 1-based line of an undefined step → the Swift step definitions `specrun` suggests for it.
    var snippets: [Int: [String]] = [:]
    /// Every registered step definition, in registration order.
    var definitions: [StepDefinition] = []
    /// The parameter types the step libraries define (name → regular expressions; the built-ins are not listed).
    var parameterTypes: [String: [String]] = [:]
    var document: GherkinDocument?

    /// The analysis of `text` (the document at `uri`), run in the context's scratch folder.
    static func analyse(text: String, uri: String, context: Context) async -> EditorAnalysis {
        let name = URL(fileURLWithPath: uri).lastPathComponent
        let file = context.folder.appendingPathComponent(
            name.hasSuffix(".feature") || name.hasSuffix(".feature.md") ? name : "document.feature")
        var analysis = EditorAnalysis()
        guard (try? Data(text.utf8).write(to: file)) != nil else { return analysis }
        var configuration = RunConfiguration(paths: [file.path], dryRun: true)
        configuration.checkArguments = true
        configuration.snippetInterface = context.snippetInterface
        var runner = SpecRunner(
            libraries: context.libraries, configuration: configuration, ids: IncrementingIdGenerator(),
            environment: context.environment)
        runner.registryCache = context.registry
        let collector = CheckCollector()
        collector.makeOutOfScope = { [runner] in runner.outOfScopeMatcher() }
        let memo = context.memo
        collector.nearest = { memo.nearest($0, among: $1) }
        var envelopes: [Envelope] = []
        do {
            _ = try await runner.run { envelope in
                collector.handle(envelope)
                if envelope.gherkinDocument != nil || envelope.pickle != nil || envelope.testCase != nil
                    || envelope.stepDefinition != nil || envelope.suggestion != nil || envelope.parameterType != nil
                {
                    envelopes.append(envelope)
                }
            }
        } catch {
            analysis.diagnostics.append(Diagnostic(line: 1, column: 1, severity: .error, message: "specrun: \(error)"))
            return analysis
        }
        // The runner names the file relative to the current folder when it is under it.
        let isThisFile = { (path: String) in path == file.path || file.path.hasSuffix("/" + path) }
        analysis.diagnostics = collector.findings().filter { isThisFile($0.file) }
            .map { Diagnostic(line: $0.line, column: $0.column, severity: $0.severity, message: $0.message) }
        analysis.read(envelopes)
        if let document = analysis.document {
            analysis.diagnostics += EditorDiagnostics.structure(of: document, already: Set(analysis.diagnostics.map(\.line)))
            if let requirements = context.requirements {
                analysis.diagnostics += memo.tagFindings(TagUse.all(in: document), requirements: requirements)
                    .map { Diagnostic(line: $0.tag.line, column: $0.tag.column, severity: .warning, message: $0.message) }
            }
        }
        return analysis
    }

    private mutating func read(_ envelopes: [Envelope]) {
        var stepLines: [String: Int] = [:]
        var pickleStepNodes: [String: String] = [:]
        var byId: [String: StepDefinition] = [:]
        for envelope in envelopes {
            if let document = envelope.gherkinDocument {
                self.document = document
                for (id, location) in document.stepLocations { stepLines[id] = Int(location.line) }
            }
            if let pickle = envelope.pickle {
                for step in pickle.steps { pickleStepNodes[step.id] = step.astNodeIds.first }
            }
            if let type = envelope.parameterType { parameterTypes[type.name] = type.regularExpressions }
            if let definition = envelope.stepDefinition {
                definitions.append(definition)
                byId[definition.id] = definition
            }
            if let testCase = envelope.testCase {
                for step in testCase.testSteps {
                    guard let pickleStep = step.pickleStepId, let ids = step.stepDefinitionIds,
                        let node = pickleStepNodes[pickleStep], let line = stepLines[node], matches[line] == nil
                    else { continue }
                    matches[line] = ids.compactMap { byId[$0] }
                }
            }
            if let suggestion = envelope.suggestion, let node = pickleStepNodes[suggestion.pickleStepId],
                let line = stepLines[node], snippets[line] == nil
            {
                snippets[line] = suggestion.snippets.map(\.code)
            }
        }
    }
}
