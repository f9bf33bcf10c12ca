import Foundation
import XCTest

@testable import SpecRun

/// The end of a run with undefined steps: each distinct undefined step once, as one step library file grouped by
/// keyword (the file `specrun snippets` writes), after the console report.
final class UndefinedStepsLibraryTests: XCTestCase {
    private let features = """
        Feature: F
          Scenario: one
            Given the customer has connectivity
            Given the cart holds 3 "pears"
            When I pay
          Scenario: two
            Given the cart holds 3 "pears"
            When I pay

        """

    func test_run_printsEachDistinctUndefinedStepOnceAsOneStepLibraryOnUndefinedSteps() async throws {
        let folder = try makeFeatures(features)
        let console = SpyConsole()

        let code = await SpecRunCLI.run([folder, "--no-isolation", "--no-color"], libraries: [CheckSteps.self], console: console)

        XCTAssertEqual(code, 1)
        let library = try XCTUnwrap(console.stdout.range(of: "2 distinct undefined step(s) as one step library"), console.stdout)
        let file = console.stdout[library.upperBound...]
        XCTAssertTrue(file.contains("enum UndefinedSteps: StepLibrary {"), String(file))
        XCTAssertEqual(file.components(separatedBy: "the cart holds {int} {string}").count, 2, String(file))
        XCTAssertEqual(file.components(separatedBy: "\"I pay\"").count, 2, String(file))
        XCTAssertLessThan(
            try XCTUnwrap(file.range(of: "// MARK: Given")).lowerBound, try XCTUnwrap(file.range(of: "// MARK: When")).lowerBound)
    }

    func test_run_printsNoStepLibraryOnSnippetsLibraryFalse() async throws {
        let folder = try makeFeatures(features)
        let console = SpyConsole()

        _ = await SpecRunCLI.run(
            [folder, "--no-isolation", "--no-color", "--format-options", #"{"snippets": {"library": false}}"#],
            libraries: [CheckSteps.self], console: console)

        XCTAssertFalse(console.stdout.contains("as one step library"), console.stdout)
    }

    func test_run_printsNoStepLibraryOnEveryStepDefined() async throws {
        let folder = try makeFeatures("Feature: F\n  Scenario: S\n    Given the customer has connectivity\n")
        let console = SpyConsole()

        _ = await SpecRunCLI.run([folder, "--no-isolation", "--no-color"], libraries: [CheckSteps.self], console: console)

        XCTAssertFalse(console.stdout.contains("as one step library"), console.stdout)
    }

    private func makeFeatures(_ text: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-undefined-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        try text.write(to: folder.appendingPathComponent("f.feature"), atomically: true, encoding: .utf8)
        return folder.path
    }
}
