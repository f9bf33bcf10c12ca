import Foundation
import XCTest

@testable import SpecRun
@testable import SpecRunReports

/// The console reports print a step's table and doc string as Gherkin writes them: a cell's bar, backslash and line
/// break escaped (printed as they are, they broke the table's columns and rows), a doc string that holds a fence
/// between another one.
final class PrettyArgumentsTests: XCTestCase {
    func test_pretty_escapesTheCellsAndFencesTheDocStringAsGherkinWritesThem() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-pretty-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let feature = #"""
            Feature: F
              Scenario: S
                Given a table nobody defined:
                  | A\|lice | B\nob | \\ |
                And a doc string nobody defined:
                  ```
                  {"a": """x"""}
                  ```

            """#
        try feature.write(toFile: "\(folder)/a.feature", atomically: true, encoding: .utf8)
        let console = SpyConsole()

        _ = await SpecRunCLI.run(
            ["\(folder)/a.feature", "--no-isolation", "--no-color", "--format", "pretty"], libraries: [CLITestSteps.self],
            console: console)

        XCTAssertTrue(console.stdout.contains(#"      | A\|lice | B\nob | \\ |"# + "\n"), console.stdout)
        XCTAssertTrue(console.stdout.contains("      ```\n      {\"a\": \"\"\"x\"\"\"}\n      ```\n"), console.stdout)
    }

    func test_usage_escapesABarInAStepsTextSoTheTableKeepsItsColumns() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-usage-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        try "Feature: F\n  Scenario: S\n    Given the user \"A|lice\" exists\n".write(
            toFile: "\(folder)/a.feature", atomically: true, encoding: .utf8)
        let console = SpyConsole()

        _ = await SpecRunCLI.run(
            ["\(folder)/a.feature", "--no-isolation", "--no-color", "--format", "usage"], libraries: [UserSteps.self], console: console)

        let row = console.stdout.split(separator: "\n").first { $0.contains("A") && $0.contains("lice") } ?? ""
        XCTAssertTrue(row.contains(#"the user "A\|lice" exists"#), console.stdout)
        XCTAssertEqual(row.filter { $0 == "|" }.count, 7, "five columns' six bars and the escaped one: \(row)")
    }

    func test_fenced_takesBackticksOrEscapesOnAContentHoldingAFence() {
        XCTAssertEqual(ConsoleText.fenced("plain").fence, #"""""#)
        XCTAssertEqual(ConsoleText.fenced(#"a """ b"#).fence, "```")
        let both = ConsoleText.fenced(#"a """ b ``` c"#)
        XCTAssertEqual(both.fence, #"""""#)
        XCTAssertEqual(both.content, #"a \"\"\" b ``` c"#)
        XCTAssertEqual(ConsoleText.fenced(#"a "" "" ``b`` ""#).fence, #"""""#, "two in a row are no fence")
        XCTAssertEqual(ConsoleText.fenced("é\"\"\"").fence, "```", "a fence after other UTF-8")
    }
}

enum UserSteps: StepLibrary {
    static func register(_ steps: inout Steps<CLITestWorld>) {
        steps.given("the user {string} exists") { (_, name: String) in _ = name }
    }
}
