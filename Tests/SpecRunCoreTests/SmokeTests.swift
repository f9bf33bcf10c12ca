import XCTest
import Messages
@testable import SpecRunCore

final class SmokeTests: XCTestCase {
    func test_smoke() async throws {
        let sut = try makeSUT(features: ["features/a.feature": """
            Feature: cukes
              Scenario: eat
                Given I have 42 cukes
                When I eat 2
                Then nothing
            """], libraries: [CukeSteps.self])
        let (summary, spy) = try await run(sut)
        print(try spy.ndjson())
        print(summary)
    }
}

final class CukeWorld: World {
    var cukes = 0
    required init() {}
}

enum CukeSteps: StepLibrary {
    static func register(_ steps: inout Steps<CukeWorld>) {
        steps.given("I have {int} cukes") { (world, n: Int) in world.cukes = n }
        steps.when("I eat {int}") { (world, n: Int) in world.cukes -= n; try expect(world.cukes, equals: 41) }
    }
}
