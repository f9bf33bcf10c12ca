import Foundation
import Gherkin
import Messages
import SpecRunCore

/// What the language server knows of one document: `check`'s findings on it and, per step line, the step
/// definitions its text matches — from a dry run of the document through the runner (the parser, the Cucumber
/// Expression matcher and `check`'s analyses, not a second implementation of them).
struct EditorAnalysis {
    struct Diagnostic: Equatable {
        var line: Int
        var column: Int
        var severity: CheckCommand.Finding.Severity
        var message: String
    }

    var diagnostics: [Diagnostic] = []
    /// 1-based line of a step → the definitions it matches (none: undefined; several: ambiguous).
    var matches: [Int: [StepDefinition]] = [:]
    /// Every registered step definition, in registration order.
    var definitions: [StepDefinition] = []
    var document: GherkinDocument?

    /// The analysis of `text` (the document at `uri`), run in `folder` (a scratch folder of the server's).
    static func analyse(text: String, uri: String, libraries: [any StepLibrary.Type], folder: URL,
                        environment: [String: String]) async -> EditorAnalysis {
        let name = URL(fileURLWithPath: uri).lastPathComponent
        let file = folder.appendingPathComponent(name.hasSuffix(".feature") || name.hasSuffix(".feature.md") ? name : "document.feature")
        var analysis = EditorAnalysis()
        guard (try? Data(text.utf8).write(to: file)) != nil else { return analysis }
        var configuration = RunConfiguration(paths: [file.path], dryRun: true)
        configuration.checkArguments = true
        let runner = SpecRunner(libraries: libraries, configuration: configuration, ids: IncrementingIdGenerator(),
                                environment: environment)
        let collector = CheckCollector()
        var envelopes: [Envelope] = []
        do {
            _ = try await runner.run { envelope in
                collector.handle(envelope)
                if envelope.gherkinDocument != nil || envelope.pickle != nil || envelope.testCase != nil
                    || envelope.stepDefinition != nil { envelopes.append(envelope) }
            }
        } catch {
            analysis.diagnostics.append(Diagnostic(line: 1, column: 1, severity: .error, message: "specrun: \(error)"))
            return analysis
        }
        analysis.diagnostics = collector.findings()
            // The runner names the file relative to the current folder when it is under it.
            .filter { $0.file == file.path || file.path.hasSuffix("/" + $0.file) }
            .map { Diagnostic(line: $0.line, column: $0.column, severity: $0.severity, message: $0.message) }
        analysis.read(envelopes)
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
            if let definition = envelope.stepDefinition {
                definitions.append(definition)
                byId[definition.id] = definition
            }
            if let testCase = envelope.testCase {
                for step in testCase.testSteps {
                    guard let pickleStep = step.pickleStepId, let ids = step.stepDefinitionIds,
                          let node = pickleStepNodes[pickleStep], let line = stepLines[node], matches[line] == nil else { continue }
                    matches[line] = ids.compactMap { byId[$0] }
                }
            }
        }
    }
}
