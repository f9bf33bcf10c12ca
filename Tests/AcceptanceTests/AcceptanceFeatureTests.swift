import Foundation
import SpecRunTesting
import Specs
import Testing

/// `swift test` runs the acceptance features through SpecRunTesting: the SpecRunScenarios plugin (Package.swift)
/// generates one test per scenario of Features/, named after the scenario inside a suite named after its feature,
/// so `swift test --filter "<scenario name>"` runs one and a failing scenario shows by name (and at its step's line)
/// in the test output and in IDEs. Each runs through `specSuite`. The same few lines work in any package
/// (docs/in-your-package.md).
private let root = SpecScenario.packageRoot(of: #filePath)
let specSuite = SpecSuite(libraries: AllSteps.libraries, root: root)

@Suite("Acceptance features")
struct AcceptanceFeatureTests {
    @Test("Features/ holds scenarios for every domain")
    func everyDomainHasScenarios() {
        let selectors = SpecScenario.all(root: root, tags: nil, name: nil, scenario: nil).map(\.selector)
        for domain in ["Features/chat/", "Features/quiz/", "Features/survey/"] {
            #expect(selectors.contains { $0.hasPrefix(domain) }, "no scenario under \(domain)")
        }
    }
}
