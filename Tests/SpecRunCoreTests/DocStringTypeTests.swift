import Messages
import XCTest

@testable import SpecRunCore

/// A value made from a DocString's text by a registered DocString type.
struct Shout: Equatable, Sendable {
    let text: String
}

final class ShoutWorld: World {
    var shout: Shout?
    required init() {}
}

struct ShoutRefused: Error, CustomStringConvertible {
    var description: String { "an empty shout" }
}

enum ShoutSteps: StepLibrary {
    static func register(_ steps: inout Steps<ShoutWorld>) {
        steps.docStringType(Shout.self) { text in
            guard !text.isEmpty else { throw ShoutRefused() }
            return Shout(text: text.uppercased() + "!")
        }
        steps.docStringType(Shout.self, mediaType: "whisper") { text in Shout(text: text.lowercased()) }
        steps.given("someone says:") { (world, shout: Shout) in world.shout = shout }
        steps.then("the shout is {string}") { (world, text: String) in try expect(world.shout?.text, equals: text) }
    }
}

final class DocStringTypeTests: XCTestCase {
    func test_run_convertsADocStringWithTheTypeRegisteredForItsMediaTypeOrAny() async throws {
        let feature = """
            Feature: f
              Scenario: any media type
                Given someone says:
                  \"\"\"
                  Hello
                  \"\"\"
                Then the shout is "HELLO!"
              Scenario: its own media type
                Given someone says:
                  \"\"\"whisper
                  Hello
                  \"\"\"
                Then the shout is "hello"
            """
        let (summary, spy) = try await run(makeSUT(features: ["features/a.feature": feature], libraries: [ShoutSteps.self]))

        XCTAssertEqual(spy.testStepResults, [.passed, .passed, .passed, .passed])
        XCTAssertTrue(summary.success)
    }

    func test_run_failsTheStepNamingTheDocStringTypeWhenItsTransformerThrows() async throws {
        let feature = "Feature: f\n  Scenario: s\n    Given someone says:\n      \"\"\"\n      \"\"\"\n"
        let (_, spy) = try await run(makeSUT(features: ["features/a.feature": feature], libraries: [ShoutSteps.self]))

        let result = spy.envelopes.compactMap(\.testStepFinished).first?.testStepResult
        XCTAssertEqual(result?.status, .failed)
        XCTAssertTrue(
            result?.message?.contains("is a Shout made by its DocString type, which failed: an empty shout") ?? false,
            result?.message ?? "")
    }
}
