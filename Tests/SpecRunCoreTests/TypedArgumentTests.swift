import Messages
import XCTest

@testable import SpecRunCore

struct Payload: Decodable, Equatable, Sendable {
    let name: String
    let count: Int
}

final class TypedWorld: World {
    var payload: Payload?
    var items: [Payload] = []
    required init() {}
}

enum TypedSteps: StepLibrary {
    static func register(_ steps: inout Steps<TypedWorld>) {
        steps.given("the payload:") { (world, payload: Payload) in world.payload = payload }
        steps.given("these items:") { (world, items: [Payload]) in world.items = items }
        steps.then("the payload is {string} x {int}") { (world, name: String, count: Int) in
            try expect(world.payload, equals: Payload(name: name, count: count))
        }
        steps.then("there are {int} items") { (world, count: Int) in try expect(world.items.count, equals: count) }
    }
}

/// A Decodable parameter receives a DocString's JSON, or a DataTable's rows, decoded.
final class TypedArgumentTests: XCTestCase {
    func test_run_decodesADocStringAndATableIntoTheClosuresTypes() async throws {
        let feature = """
            Feature: f
              Scenario: s
                Given the payload:
                  ```json
                  {"name": "apple", "count": 3}
                  ```
                Then the payload is "apple" x 3
                Given these items:
                  | name | count |
                  | a    | 1     |
                  | b    | 2     |
                Then there are 2 items
            """
        let (summary, spy) = try await run(makeSUT(features: ["features/a.feature": feature], libraries: [TypedSteps.self]))

        XCTAssertEqual(spy.testStepResults, [.passed, .passed, .passed, .passed])
        XCTAssertTrue(summary.success)
    }

    func test_run_failsTheStepNamingWhatDoesNotFitOnJSONOfAnotherShape() async throws {
        let feature = "Feature: f\n  Scenario: s\n    Given the payload:\n      \"\"\"\n      {\"name\": \"apple\"}\n      \"\"\"\n"
        let (_, spy) = try await run(makeSUT(features: ["features/a.feature": feature], libraries: [TypedSteps.self]))

        let result = spy.envelopes.compactMap(\.testStepFinished).first?.testStepResult
        XCTAssertEqual(result?.status, .failed)
        XCTAssertTrue(
            result?.message?.contains("is a Payload decoded from the DocString's JSON, which does not fit: no 'count'") ?? false,
            result?.message ?? "")
    }
}
