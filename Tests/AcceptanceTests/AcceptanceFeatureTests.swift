import Foundation
import Messages
import SpecRun
import Specs
import Testing

/// `swift test` runs the acceptance features: one test per scenario of Features/, named after the feature and
/// the scenario, so a failing scenario shows by name in the test output and in IDEs.
@Suite("Acceptance features")
struct AcceptanceFeatureTests {
    @Test("Scenario", arguments: AcceptanceCatalog.scenarios())
    func scenarioPasses(_ scenario: AcceptanceScenario) async throws {
        let runner = SpecRunner(libraries: AllSteps.libraries,
                                configuration: RunConfiguration(paths: [scenario.selector],
                                                                workingDirectory: AcceptanceCatalog.packageRoot.path),
                                ids: IncrementingIdGenerator())
        let collector = ProblemCollector()
        let summary = try await runner.run { collector.handle($0) }
        #expect(summary.scenarios.total == 1, "\(scenario.selector) selected \(summary.scenarios.total) scenarios")
        #expect(summary.success, "\(scenario)\n\(collector.problems.joined(separator: "\n"))")
    }

    @Test("Features/ holds scenarios for every domain")
    func everyDomainHasScenarios() {
        let selectors = AcceptanceCatalog.scenarios().map(\.selector)
        for domain in ["Features/chat/", "Features/quiz/", "Features/survey/"] {
            #expect(selectors.contains { $0.hasPrefix(domain) }, "no scenario under \(domain)")
        }
    }
}

/// Turns the non-passing steps of a run into readable lines: the step's text, its status and its message.
final class ProblemCollector {
    private(set) var problems: [String] = []
    private var stepTexts: [String: String] = [:]
    private var testStepToPickleStep: [String: String] = [:]

    func handle(_ envelope: Envelope) {
        if let pickle = envelope.pickle {
            for step in pickle.steps { stepTexts[step.id] = step.text }
        }
        if let testCase = envelope.testCase {
            for step in testCase.testSteps { testStepToPickleStep[step.id] = step.pickleStepId ?? "hook" }
        }
        if let parseError = envelope.parseError {
            problems.append("parse error: \(parseError.source.uri ?? ""): \(parseError.message)")
        }
        if let finished = envelope.testStepFinished, finished.testStepResult.status != .passed {
            let pickleStep = testStepToPickleStep[finished.testStepId] ?? "?"
            let text = stepTexts[pickleStep] ?? "(hook)"
            let message = finished.testStepResult.message.map { ": \($0)" } ?? ""
            problems.append("  \(finished.testStepResult.status.rawValue) \(text)\(message)")
        }
    }
}
