import Foundation
import XCTest

@testable import SpecRun
@testable import SpecRunReports

/// The pretty console prints a step's table and doc string as Gherkin writes them: a cell's bar, backslash and line
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

    func test_fenced_takesBackticksOrEscapesOnAContentHoldingAFence() {
        XCTAssertEqual(ConsoleText.fenced("plain").fence, #"""""#)
        XCTAssertEqual(ConsoleText.fenced(#"a """ b"#).fence, "```")
        let both = ConsoleText.fenced(#"a """ b ``` c"#)
        XCTAssertEqual(both.fence, #"""""#)
        XCTAssertEqual(both.content, #"a \"\"\" b ``` c"#)
    }
}
