import Foundation
import Specs
import SpecRunTesting
import Testing

/// `swift test` runs the acceptance features through SpecRunTesting: one test per scenario of Features/, named
/// after the feature and the scenario, so a failing scenario shows by name (and at its step's line) in the test
/// output and in IDEs. The same few lines work in any package (docs/in-your-package.md).
private let root = SpecScenario.packageRoot(of: #filePath)
private let suite = SpecSuite(libraries: AllSteps.libraries, root: root)

@Suite("Acceptance features", .serialized)
struct AcceptanceFeatureTests {
    @Test("Scenario", arguments: SpecScenario.all(root: root))
    func scenarioPasses(_ scenario: SpecScenario) async throws {
        try await suite.run(scenario)
    }

    @Test("Features/ holds scenarios for every domain")
    func everyDomainHasScenarios() {
        let selectors = SpecScenario.all(root: root, tags: nil, name: nil, scenario: nil).map(\.selector)
        for domain in ["Features/chat/", "Features/quiz/", "Features/survey/"] {
            #expect(selectors.contains { $0.hasPrefix(domain) }, "no scenario under \(domain)")
        }
    }
}
