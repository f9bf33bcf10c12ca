import Foundation
import XCTest

@testable import SpecRun

enum MoneySteps: StepLibrary {
    static func register(_ steps: inout Steps<CLITestWorld>) {
        steps.parameterType(name: "money", regex: #"\d+\.\d\d EUR"#) { (text: String) in text }
        steps.when("I pay {money}") { (_, _: String) in }
    }
}

/// "did you mean" for an undefined step whose value does not fit its parameter.
final class NearestDefinitionValueTests: XCTestCase {
    func test_check_namesTheNearestDefinitionOnAStepWhoseValueDoesNotFitItsParameter() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-nearest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        try "Feature: F\n  Scenario: S\n    When I pay 12 EUR\n".write(
            to: folder.appendingPathComponent("f.feature"), atomically: true, encoding: .utf8)
        let console = SpyConsole()

        _ = await SpecRunCLI.run(["check", "--no-requirements", folder.path], libraries: [MoneySteps.self], console: console)

        XCTAssertTrue(console.stdout.contains("undefined step 'I pay 12 EUR' (did you mean 'I pay {money}' at "), console.stdout)
    }
}
