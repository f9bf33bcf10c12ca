import Foundation
import SharedState
import XCTest

@testable import SpecRun
@testable import SpecRunCore
@testable import SpecRunReportCore

/// Where the second feature file of `FileByFileRunTests` is, for the step that rewrites it.
private let laterFile = Locked<String?>(nil)

enum FileByFileSteps: StepLibrary {
    static func register(_ steps: inout Steps<CLITestWorld>) {
        NeedsSteps.register(&steps)
        steps.given("a twin step") { _ in }
        steps.given("a {word} step") { (_, word: String) in if word == "pending" { try pending("not yet") } }
        steps.given("the later file says {string}") { (_, text: String) in
            guard let laterFile = laterFile.withLock({ $0 }) else { return }
            try "Feature: Later\n  Scenario: \(text)\n    Given a twin step\n".write(toFile: laterFile, atomically: true, encoding: .utf8)
        }
        steps.before(tags: "@smoke") { _ in }
        steps.after { _ in }
        steps.beforeAll {}
        steps.afterAll {}
        steps.beforeFeature { _ in }
        steps.afterFeature { _ in }
    }
}

/// A run in this process with no report writing the message stream (and ids of its own parts, not
/// `--predictable-ids`) plans and runs each feature file before it
/// parses the next (`SpecRunner.plansFileByFile`): every report it writes is the one a run planning every file first
/// (a `message` report beside it) writes, byte for byte, numbers masked.
final class FileByFileRunTests: XCTestCase {
    func test_eachFormat_writesTheSameReportFileByFileAsWhenEveryFileIsPlannedFirst() async throws {
        for extra in [[], ["--dry-run"], ["--fail-fast"], ["--tags", "not @skip-me"]] {
            let folder = try makeFeatures()
            for format in ReportFormat.allCases where format != .message && format != .htmlSite {
                let fileByFile = try await report(format, in: folder, label: "files", extra: extra)
                let planned = try await report(
                    format, in: folder, label: "planned", extra: extra + ["--format", "message:\(folder)/planned-m.ndjson"])

                XCTAssertFalse(fileByFile.report.isEmpty, "\(format.rawValue) \(extra): no report written")
                XCTAssertEqual(fileByFile.report, planned.report, "\(format.rawValue) \(extra): file by file differs")
                XCTAssertEqual(fileByFile.console, planned.console, "\(format.rawValue) \(extra): the console differs")
                XCTAssertEqual(fileByFile.status, planned.status, "\(format.rawValue) \(extra): the exit status differs")
            }
        }
    }

    func test_requirementsReports_writeTheSameFileByFileAsWhenEveryFileIsPlannedFirst() async throws {
        let folder = try makeFeatures()
        try FileManager.default.createDirectory(atPath: folder + "/Requirements", withIntermediateDirectories: true)
        try """
        # Shop

        ### Story: Cukes

        ```
        Given I have 3 cukes in "the blue bowl"
        When it breaks at 7
        Then nobody wrote this step

        Given nothing
        Then it has no scenario
        ```
        """.write(toFile: folder + "/Requirements/shop.md", atomically: true, encoding: .utf8)
        let requirements = ["--requirements", folder + "/Requirements"]
        for format in [ReportFormat.requirements, .requirementsJSON, .html] {
            let fileByFile = try await report(format, in: folder, label: "files", extra: requirements, noRequirements: false)
            let planned = try await report(
                format, in: folder, label: "planned", extra: requirements + ["--format", "message:\(folder)/planned-m.ndjson"],
                noRequirements: false)

            XCTAssertTrue(fileByFile.report.contains("Cukes"), "\(format.rawValue): \(fileByFile.report)")
            XCTAssertEqual(fileByFile.report, planned.report, "\(format.rawValue): file by file differs")
            XCTAssertEqual(fileByFile.console, planned.console, "\(format.rawValue): the console differs")
        }
    }

    func test_run_runsTheFirstFilesScenariosBeforeItReadsTheNextOnNoMessageReport() async throws {
        let folder = try makeFeatures(rewriting: true)

        let fileByFile = try await report(.pretty, in: folder, label: "files", extra: [])

        XCTAssertTrue(fileByFile.report.contains("Scenario: rewritten"), fileByFile.report)
        XCTAssertFalse(fileByFile.report.contains("Scenario: as written"), fileByFile.report)
    }

    func test_run_readsEveryFileBeforeTheFirstScenarioOnAMessageReport() async throws {
        let folder = try makeFeatures(rewriting: true)

        let planned = try await report(.pretty, in: folder, label: "planned", extra: ["--format", "message:\(folder)/m.ndjson"])

        XCTAssertTrue(planned.report.contains("Scenario: as written"), planned.report)
        let stream = try String(contentsOfFile: "\(folder)/m.ndjson", encoding: .utf8)
        let lastTestCase = try XCTUnwrap(stream.range(of: "{\"testCase\":", options: .backwards))
        let firstStart = try XCTUnwrap(stream.range(of: "{\"testCaseStarted\":"))
        XCTAssertLessThan(lastTestCase.lowerBound, firstStart.lowerBound, "every testCase before the first run")
    }

    // MARK: - Helpers

    private struct Written {
        let report: String
        let console: String
        let status: Int32
    }

    /// One in-process run with predictable ids asking for `format` (a file) and the console's pretty report, every
    /// number masked (times, durations).
    private func report(
        _ format: ReportFormat, in folder: String, label: String, extra: [String], noRequirements: Bool = true
    ) async throws -> Written {
        let path = "\(folder)/\(label)-\(format.rawValue).out"
        let console = SpyConsole()
        let status = await SpecRunCLI.run(
            [
                folder, "--no-isolation", "--no-color",
                "--format", "\(format.rawValue):\(path)", "--format", "pretty",
            ] + (noRequirements ? ["--no-requirements"] : []) + extra,
            libraries: [FileByFileSteps.self], console: console)
        // (Random ids: `--predictable-ids` numbers in one sequence, which a run made file by file would number
        // otherwise, so such a run plans first. Each run's ids are its own: masked.)
        let masked = MaskedReport(folder: folder)
        return Written(
            report: masked.report(path, format: format), console: masked.mask(console.stdout) + masked.mask(console.stderr),
            status: status)
    }

    /// Three files: one with a Background, a Rule, an outline, a DocString, a DataTable, a failing and an undefined
    /// step; one that does not parse; one with an ambiguous and a pending step. With `rewriting`, the first file's
    /// scenario rewrites the last file, whose scenario is then "rewritten" if it is read after that scenario ran (more
    /// files lie between them than the runner parses ahead).
    private func makeFeatures(rewriting: Bool = false) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let files: [String: String]
        if rewriting {
            laterFile.withLock { $0 = folder.appendingPathComponent("z.feature").path }
            addTeardownBlock { laterFile.withLock { $0 = nil } }
            // (More files between than are parsed ahead of the runner.)
            var between: [String: String] = [:]
            for number in 0..<(ParseAhead.depth + 2) {
                between["m\(number + 10).feature"] = "Feature: Between\n  Scenario: between\n    Given a twin step\n"
            }
            files = between.merging([
                "a.feature": "Feature: First\n  Scenario: rewrites\n    Given the later file says \"rewritten\"\n",
                "z.feature": "Feature: Later\n  Scenario: as written\n    Given a twin step\n",
            ]) { first, _ in first }
        } else {
            files = [
                "a.feature": """
                @alpha
                Feature: Alpha
                  Background:
                    Given I have 1 cukes in "base"

                  @smoke
                  Scenario: passes
                    Given I have 3 cukes in "the blue bowl"
                    And the note:
                      \"\"\"
                      fresh
                      \"\"\"
                    And the prices:
                      | cuke | 2 |
                  Scenario: fails
                    When it breaks at 7
                    Then nobody wrote this step

                  Rule: a rule
                    @outline
                    Scenario Outline: outline <n>
                      Given I have <n> cukes in "<bowl>"
                      Examples:
                        | n | bowl |
                        | 1 | one  |
                        | 2 | two  |

                """,
                "b.feature": "Feature: Broken\n  Scenario: x\n    Given a twin step\n      | a |\n      | b | c |\n",
                // (More scenarios than a file plans at once.)
                "d.feature": "Feature: Many\n  Scenario Outline: row <n>\n    Given I have <n> cukes in \"d\"\n    Examples:\n      | n |\n"
                    + (1...(SpecRunner.planAhead + 2)).map { "      | \($0) |\n" }.joined(),
                "c.feature": """
                Feature: Gamma
                  Scenario: ambiguous
                    Given a twin step
                  @skip-me
                  Scenario: pending one
                    Given a pending step
                  Scenario: passes too
                    Given I have 2 cukes in "c"

                """,
            ]
        }
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return folder.path
    }
}
