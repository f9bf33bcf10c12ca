import XCTest

@testable import SpecRunWorkers

/// Where a crash's runtime line points, and whose code that is (`Supervisor+Culprit`).
final class SupervisorCulpritTests: XCTestCase {
    func test_trapLocation_readsTheFileAndLineOfTheRuntimesLine() {
        XCTAssertEqual(location("CartSteps/CartSteps.swift:42: Fatal error: boom"), "CartSteps/CartSteps.swift:42")
        XCTAssertEqual(location("/home/ci/Specs/Jobs.swift:7: Precondition failed: needs x"), "/home/ci/Specs/Jobs.swift:7")
        XCTAssertEqual(location("Jobs.swift:9: Assertion failed"), "Jobs.swift:9")
    }

    func test_trapLocation_findsNoneOnALineWithoutAPlace() {
        XCTAssertNil(location("Fatal error: failed to allocate 64 bytes of memory"))
        XCTAssertNil(location("something: Fatal error"))
        XCTAssertNil(location("a step printed this"))
    }

    func test_definition_picksTheNearestDefinitionAboveTheTrapInAFileOfTheSameName() {
        let definitions = [
            source("Specs/Cart/CartSteps.swift", 10, "a cart"),
            source("Specs/Cart/CartSteps.swift", 30, "an item"),
            source("Specs/Quiz/QuizSteps.swift", 35, "a quiz"),
            source("Specs/Cart/CartSteps.swift", 50, "a total"),
        ]

        let found = Supervisor.definition(containing: ("Cart/CartSteps.swift", 42), in: definitions)

        XCTAssertEqual(found?.0, 1)
        XCTAssertEqual(found?.1.text, "an item")
    }

    func test_definition_findsNoneAboveEveryDefinitionOrInAnotherFile() {
        let definitions = [source("Specs/Cart/CartSteps.swift", 10, "a cart")]

        XCTAssertNil(Supervisor.definition(containing: ("CartSteps.swift", 5), in: definitions))
        XCTAssertNil(Supervisor.definition(containing: ("Swift/ContiguousArrayBuffer.swift", 600), in: definitions))
    }

    // MARK: - Helpers

    private func location(_ line: String) -> String? {
        Supervisor.trapLocation(in: line).map { "\($0.file):\($0.line)" }
    }

    private func source(_ uri: String, _ line: Int, _ text: String) -> Supervisor.DefinitionSource {
        Supervisor.DefinitionSource(uri: uri, line: line, text: text, isHook: false)
    }
}
