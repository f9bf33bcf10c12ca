import Messages
import XCTest

@testable import SpecRunCore

enum UnknownTypeSteps: StepLibrary {
    static func register(_ steps: inout Steps<BasketWorld>) {
        steps.given("{airport} is closed") { (_, airport: String) in }
        steps.given("a step passes") { _ in }
    }
}

enum BadPatternSteps: StepLibrary {
    static func register(_ steps: inout Steps<BasketWorld>) {
        steps.given("a (broken step") { _ in }
    }
}

enum BadHookTagSteps: StepLibrary {
    static func register(_ steps: inout Steps<BasketWorld>) {
        steps.before(tags: "@a and") { _ in }
    }
}

enum DuplicateParameterTypeSteps: StepLibrary {
    static func register(_ steps: inout Steps<BasketWorld>) {
        steps.parameterType(name: "int", regex: "\\d+") { (text: String) in text }
    }
}

/// Configuration problems are thrown before anything is emitted, with one line for humans.
final class RunConfigurationErrorTests: XCTestCase {
    func test_run_throwsOnABadTagExpression() async throws {
        try await assertThrows(configure: { $0.tags = "@a and or" }) { error in
            guard case .badTagExpression(let expression, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(expression, "@a and or")
        }
    }

    func test_run_throwsOnABadNameRegex() async throws {
        try await assertThrows(configure: { $0.names = ["(unclosed"] }) { error in
            XCTAssertEqual(error, .badNameRegex(pattern: "(unclosed", reason: "not a valid regular expression"))
        }
    }

    func test_run_throwsOnAMissingPath() async throws {
        try await assertThrows(paths: ["nowhere"]) { error in
            guard case .missingPath(let path) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(path.hasSuffix("/nowhere"), path)
            XCTAssertTrue(error.description.hasPrefix("no such file or folder: "))
        }
    }

    func test_run_throwsOnAMissingRerunFile() async throws {
        try await assertThrows(paths: ["@rerun.txt"]) { error in
            guard case .badRerunFile = error else { return XCTFail("\(error)") }
        }
    }

    func test_run_throwsOnAnUnknownParameterTypeNamingTheDefinition() async throws {
        try await assertThrows(libraries: [UnknownTypeSteps.self]) { error in
            guard case .unknownParameterType(let name, let pattern, let location) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(name, "airport")
            XCTAssertEqual(pattern, "{airport} is closed")
            XCTAssertTrue(location.contains("RunConfigurationErrorTests.swift:"), location)
            XCTAssertFalse(error.description.contains("\n"))
        }
    }

    func test_run_reportsAnUnknownParameterTypeAsAMessageWhenAskedTo() async throws {
        let sut = try makeSUT(
            features: ["features/a.feature": "Feature: f\n  Scenario: s\n    Given CDG is closed\n"],
            libraries: [UnknownTypeSteps.self]
        ) { $0.unknownParameterTypes = .report }
        let (_, spy) = try await run(sut)

        XCTAssertEqual(
            spy.envelopes.compactMap(\.undefinedParameterType),
            [UndefinedParameterType(expression: "{airport} is closed", name: "airport")])
        XCTAssertEqual(spy.envelopes.compactMap(\.stepDefinition).map(\.pattern.source), ["a step passes"])
        XCTAssertEqual(spy.testStepResults, [.undefined])
    }

    func test_run_throwsOnABadStepPattern() async throws {
        try await assertThrows(libraries: [BadPatternSteps.self]) { error in
            guard case .badStepPattern(let pattern, _, let reason) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(pattern, "a (broken step")
            XCTAssertTrue(reason.contains("column 3"), reason)
            XCTAssertFalse(error.description.contains("\n"), error.description)
            XCTAssertTrue(error.description.contains("RunConfigurationErrorTests.swift:"), error.description)
        }
    }

    func test_run_throwsOnABadHookTagExpression() async throws {
        try await assertThrows(libraries: [BadHookTagSteps.self]) { error in
            guard case .badTagExpression(let expression, let reason) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(expression, "@a and")
            XCTAssertTrue(reason.contains("RunConfigurationErrorTests.swift:"), reason)
        }
    }

    func test_run_throwsOnADuplicateParameterType() async throws {
        try await assertThrows(libraries: [DuplicateParameterTypeSteps.self]) { error in
            guard case .badParameterType(let name, _, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(name, "int")
        }
    }

    // MARK: Helpers

    private func assertThrows(
        libraries: [any StepLibrary.Type] = [BasketSteps.self], paths: [String] = ["features"],
        configure: (inout RunConfiguration) -> Void = { _ in },
        file: StaticString = #filePath, line: UInt = #line,
        _ check: (SpecRunError) -> Void
    ) async throws {
        let sut = try makeSUT(
            features: ["features/a.feature": "Feature: f\n  Scenario: s\n    Given a step passes\n"],
            libraries: libraries, paths: paths, configure: configure)
        let spy = EnvelopeSpy()
        do {
            _ = try await sut.runner.run(emit: spy.record)
            XCTFail("expected an error", file: file, line: line)
        } catch let error as SpecRunError {
            check(error)
        }
        XCTAssertTrue(spy.envelopes.isEmpty, "nothing is emitted before a configuration error", file: file, line: line)
    }
}

final class SpecRunErrorDescriptionTests: XCTestCase {
    func test_description_foldsACaretMessageIntoOneLine() {
        let error = SpecRunError.badStepPattern(
            pattern: "a (b", location: "Steps.swift:3",
            reason: """
                This Cucumber Expression has a problem at column 3:

                a (b
                  ^
                The '(' does not have a matching ')'.
                If you did not intend to use optional text you can use '\\(' to escape the optional text
                """)
        XCTAssertEqual(
            error.description,
            "Steps.swift:3: bad step pattern 'a (b': This Cucumber Expression has a problem at column 3: "
                + "The '(' does not have a matching ')'. If you did not intend to use optional text you can use '\\(' to escape the optional text"
        )
    }
}
