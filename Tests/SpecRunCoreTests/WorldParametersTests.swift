import Messages
import XCTest

@testable import SpecRunCore

/// World parameters are the run's (`RunConfiguration.worldParameters`), handed to the code it runs: a World's
/// `init()`, its steps and the run's hooks read them; nothing outside a run does.
final class WorldParametersRunTests: XCTestCase {
    override func setUp() { _ = Journal.shared.take() }

    func test_run_handsItsWorldParametersToTheWorldsStepsAndHooksItRuns() async throws {
        let sut = try makeSUT(
            features: ["features/a.feature": "Feature: f\n  Scenario: s\n    Given the world names who\n"],
            libraries: [ParameterSteps.self]
        ) { $0.worldParameters = ["who": "ada"] }

        let (summary, _) = try await run(sut)

        XCTAssertEqual(summary.scenarios, StatusCounts(passed: 1))
        XCTAssertEqual(Journal.shared.take(), ["beforeAll ada", "init ada", "step ada", "every [\"who\": \"ada\"]"])
        XCTAssertNil(WorldParameters.string("who"), "outside a run")
    }

    func test_twoRuns_eachReadOnlyItsOwnParameters() async throws {
        let feature = ["features/a.feature": "Feature: f\n  Scenario: s\n    Given the world names who\n"]
        let first = try makeSUT(features: feature, libraries: [ParameterSteps.self]) { $0.worldParameters = ["who": "ada"] }
        let second = try makeSUT(features: feature, libraries: [ParameterSteps.self])

        _ = try await run(first)
        _ = try await run(second)

        XCTAssertEqual(
            Journal.shared.take(),
            [
                "beforeAll ada", "init ada", "step ada", "every [\"who\": \"ada\"]",
                "beforeAll nobody", "init nobody", "step nobody", "every [:]",
            ])
    }
}

private final class ParameterWorld: World {
    let who = WorldParameters.string("who") ?? "nobody"
    required init() { Journal.shared.record("init \(who)") }
}

private enum ParameterSteps: StepLibrary {
    static func register(_ steps: inout Steps<ParameterWorld>) {
        steps.beforeAll { Journal.shared.record("beforeAll \(WorldParameters.string("who") ?? "nobody")") }
        steps.given("the world names who") { world in
            Journal.shared.record("step \(WorldParameters.string("who") ?? "nobody")")
            try expect(world.who, equals: WorldParameters.string("who") ?? "nobody")
            Journal.shared.record("every \(WorldParameters.all)")
        }
    }
}
