import Foundation
import SharedState
import XCTest

/// Each kind of warning a run prints — an option that does nothing, a file's shape (a step or a second `Feature:` line
/// read as a description, an outline without Examples, a `@timeout:` tag that is no duration), the story documents'
/// (a criterion id used twice, a misspelt keyword, also when the document is run as Gherkin) — is printed once,
/// whatever runs the scenarios: this process, worker processes, retries, and each rerun of `watch` (where a rerun
/// can be two runs: what failed, then what changed).
final class WarningsOnceEndToEndTests: XCTestCase {
    /// The kinds of run: in this process, in workers, and each with a failing scenario retried.
    static let modes = [
        ["--no-isolation"], ["-j", "2"], ["--retry", "1"], ["--no-isolation", "--retry", "1"], ["-j", "2", "--retry", "1"],
    ]

    static let feature = """
        Feature: F
          The cart.
        Feature: Second

          Scenario: S
            Gvien a passing step
            When a passing step

          Scenario Outline: O
            Given a passing step

          @timeout:soon
          Scenario: T
            Given a passing step

          Scenario: U
            Given a failing step

        """

    static let story = """
        # Cart

        Document Id: CART

        ### Story: Add to cart

        #### Scenarios (Acceptance criteria)

        ```
        Givn a passing step
         When a passing step
        ```

        """

    func test_run_saysAnOptionThatDoesNothingOnceInEveryKindOfRun() throws {
        let sut = try makeSUT()
        for mode in Self.modes {
            let run = try sut.run(mode)
            // (The executable names itself, not `specrun`.)
            XCTAssertEqual(
                count("specrun-crash-fixture: warning: --shard-timings does nothing", in: run.stderr), 1, "\(mode): \(run.stderr)")
        }
    }

    func test_run_saysEachWarningOfAFilesShapeOnceInEveryKindOfRun() throws {
        let sut = try makeSUT()
        for mode in Self.modes {
            let run = try sut.run(mode)
            for marker in Self.shapeMarkers {
                XCTAssertEqual(count(marker, in: run.stderr), 1, "\(mode), \(marker): \(run.stderr)")
            }
        }
    }

    func test_runAndCheck_sayEachWarningOfTheStoryDocumentsOnceThoughADocumentIsRunToo() throws {
        let sut = try makeSUT()
        // a.md is read as a story document of the requirements folder and, named, run as Gherkin: one warning of each.
        let document = sut.folder + "/Requirements/a.md"
        for mode in Self.modes {
            let run = try sut.run(mode, also: [document])
            XCTAssertEqual(count("Document Id CART is also", in: run.stderr), 1, "\(mode): \(run.stderr)")
            XCTAssertEqual(count("a.md:10: warning: 'Givn' read as 'Given'", in: run.stderr), 1, "\(mode): \(run.stderr)")
        }
        let check = try runProcess(
            sut.executable, ["check", sut.folder + "/f.feature", document, "--requirements", sut.folder + "/Requirements"])
        XCTAssertEqual(count("a.md:10:1: warning: 'Givn' read as 'Given'", in: check.stdout), 1, check.stdout)
        XCTAssertEqual(count("Document Id CART is also", in: check.stdout), 1, check.stdout)
    }

    func test_watch_saysEachWarningOncePerRerunThoughARerunIsTwoRuns() throws {
        let sut = try makeSUT()
        let process = Process()
        process.executableURL = try fixtureExecutable()
        process.arguments = ["watch", "f.feature"] + sut.arguments
        process.currentDirectoryURL = URL(fileURLWithPath: sut.folder)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let seen = PrintedOutput()
        output.fileHandleForReading.readabilityHandler = { seen.append($0.availableData) }
        try process.run()
        defer {
            process.interrupt()
            process.waitUntilExit()
            output.fileHandleForReading.readabilityHandler = nil
        }
        XCTAssertTrue(seen.wait(for: "specrun-crash-fixture watch: ", count: 1), seen.text)
        // A save of S: U (failing) runs first, on its own, then S.
        let file = sut.folder + "/f.feature"
        try Self.feature.replacingOccurrences(of: "    When a passing step", with: "    When a passing step ")
            .write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertTrue(seen.wait(for: "specrun-crash-fixture watch: ", count: 2), seen.text)
        let rerun = seen.text.components(separatedBy: "specrun-crash-fixture watch: ")[1]
        let summaries = rerun.components(separatedBy: "\n").filter {
            $0.range(of: #"^\d+ scenarios? \("#, options: .regularExpression) != nil
        }
        XCTAssertEqual(summaries.count, 2, "two runs: \(rerun)")
        for marker in Self.shapeMarkers + ["warning: --shard-timings does nothing", "Document Id CART is also"] {
            XCTAssertEqual(count(marker, in: rerun), 1, "\(marker): \(rerun)")
        }
    }

    static let shapeMarkers = [
        "'Gvien a passing step' is read as the description", "'Feature: Second' is read as the description",
        "'O' has no Examples", "tag '@timeout:soon': expected a duration",
    ]

    private struct SUT {
        let folder: String
        let executable: URL
        let test: XCTestCase
        /// Every run's options: an option that does nothing (`--shard-timings` without `--shard`), the story documents.
        var arguments: [String] {
            [
                "--format", "summary", "--no-color", "--shard-timings", folder + "/timings.ndjson", "--requirements",
                folder + "/Requirements",
            ]
        }

        func run(_ mode: [String], also paths: [String] = []) throws -> (status: Int32, stdout: String, stderr: String) {
            try test.runProcess(executable, [folder + "/f.feature"] + paths + arguments + mode)
        }
    }

    private func makeSUT() throws -> SUT {
        let folder = try makeFixtureFeatures(["f.feature": Self.feature])
        try FileManager.default.createDirectory(atPath: folder + "/Requirements", withIntermediateDirectories: true)
        for name in ["a.md", "b.md"] { try Self.story.write(toFile: folder + "/Requirements/" + name, atomically: true, encoding: .utf8) }
        let executable = try fixtureExecutable()
        // The timings `--shard-timings` reads (a run's message stream).
        _ = try runProcess(executable, [folder + "/f.feature", "--no-requirements", "--format", "message:" + folder + "/timings.ndjson"])
        return SUT(folder: folder, executable: executable, test: self)
    }

    private func count(_ marker: String, in text: String) -> Int {
        text.components(separatedBy: marker).count - 1
    }
}
