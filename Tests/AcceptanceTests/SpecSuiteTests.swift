import Foundation
import SpecRun
import SpecRunTesting
import Testing

final class SuiteWorld: World { required init() {} }

enum SuiteSteps: StepLibrary {
    static func register(_ steps: inout Steps<SuiteWorld>) {
        steps.given("a passing step") { _ in }
        steps.given("a failing step") { _ in throw fail("it broke") }
    }
}

/// SpecRunTesting itself: scenarios listed by feature and line; a failing step becomes an issue of its test.
@Suite("SpecRunTesting")
struct SpecSuiteTests {
    @Test("A failing scenario records its failing step and message")
    func failingScenarioRecordsAnIssue() async throws {
        let root = try makeFeatures("Feature: F\n  Scenario: passes\n    Given a passing step\n  Scenario: fails\n    Given a failing step\n")
        let scenarios = SpecScenario.all(root: root)
        #expect(scenarios.map(\.selector) == ["Features/f.feature:2", "Features/f.feature:4"])
        #expect(scenarios.map(\.name) == ["passes", "fails"])
        let suite = SpecSuite(libraries: [SuiteSteps.self], root: root)

        try await suite.run(scenarios[0])
        try await withKnownIssue {
            try await suite.run(scenarios[1])
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("FAILED: a failing step") && text.contains("it broke") && issue.sourceLocation?.line == 5
        }
    }

    private func makeFeatures(_ text: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-suite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Features"), withIntermediateDirectories: true)
        try text.write(to: root.appendingPathComponent("Features/f.feature"), atomically: true, encoding: .utf8)
        return root
    }
}
