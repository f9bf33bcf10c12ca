import Foundation
import XCTest

@testable import SpecRun
@testable import SpecRunReportCore

enum NeedsSteps: StepLibrary {
    static func register(_ steps: inout Steps<CLITestWorld>) {
        steps.given("I have {int} cukes in {string}") { (_, count: Int, bowl: String) in _ = (count, bowl) }
        steps.given("the note:") { (_, note: DocString) in _ = note }
        steps.given("the prices:") { (_, prices: DataTable) in _ = prices }
        steps.when("it breaks at {int}") { (_, at: Int) in throw fail("broke at \(at)") }
    }
}

/// A report gets what it needs of a run (`ListenerNeeds`): a run that asks for one format alone — so the run
/// forwards, keeps and sends only what that format declares it needs — writes the very report a run asking for
/// it beside the formats that need everything (the message stream, the steps' match arguments, the scenarios' own
/// tags) writes. A format
/// that reads more than it declares writes less when alone, and fails here.
final class ListenerNeedsMetTests: XCTestCase {
    func test_eachFormat_writesTheSameReportAloneAsBesideTheFormatsThatNeedEverything() async throws {
        let folder = try makeFeatures()
        let everything = ListenerNeeds(
            messageStream: true, stepArguments: true, passedSteps: true, scenarioTags: true, passedStepTimes: true)
        XCTAssertEqual(ListenerNeeds(formats: [.message, .html]), everything, "the second run needs everything")
        // (A folder, not a file: `html-site`; the message stream itself is what the others are compared with.)
        for format in ReportFormat.allCases where format != .message && format != .htmlSite {
            let alone = try await report(format, in: folder, label: "alone", beside: [])
            let beside = try await report(
                format, in: folder, label: "beside",
                beside: ["--format", "message:\(folder)/beside-m.ndjson", "--format", "html:\(folder)/beside-h.html"])

            XCTAssertFalse(alone.isEmpty, "\(format.rawValue): no report written")
            XCTAssertEqual(alone, beside, "\(format.rawValue) written alone differs from \(format.rawValue) beside message and html")
        }
    }

    func test_eachFormat_writesTheSameDryRunReportAloneAsBesideTheFormatsThatNeedEverything() async throws {
        let folder = try makeFeatures()
        for format in ReportFormat.allCases where format != .message && format != .htmlSite {
            let alone = try await report(format, in: folder, label: "dry-alone", beside: ["--dry-run"])
            let beside = try await report(
                format, in: folder, label: "dry-beside",
                beside: [
                    "--dry-run", "--format", "message:\(folder)/dry-beside-m.ndjson", "--format", "json:\(folder)/dry-beside-c.json",
                ])

            XCTAssertFalse(alone.isEmpty, "\(format.rawValue): no report written")
            XCTAssertEqual(alone, beside, "a dry run's \(format.rawValue) written alone differs from it beside message and json")
        }
        let stream = try String(contentsOfFile: "\(folder)/dry-beside-m.ndjson", encoding: .utf8)
        XCTAssertTrue(stream.contains("\"testStepStarted\""), "a message report still gets the steps' starts")
    }

    // MARK: - Helpers

    /// The report of `format` of one in-process run with predictable ids, every number masked (times, durations).
    private func report(_ format: ReportFormat, in folder: String, label: String, beside: [String]) async throws -> String {
        let path = "\(folder)/\(label)-\(format.rawValue).out"
        _ = await SpecRunCLI.run(
            [
                "\(folder)/needs.feature", "--no-isolation", "--predictable-ids", "--no-color", "--no-requirements",
                "--format", "\(format.rawValue):\(path)",
            ] + beside,
            libraries: [NeedsSteps.self], console: SpyConsole())
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let masked = text.replacingOccurrences(of: folder, with: "<folder>").replacingOccurrences(
            of: "[0-9]+", with: "#", options: .regularExpression)
        // (The usage reports list the slowest first: the order of steps that take no time is the clock's.)
        guard format == .usage || format == .usageJSON else { return masked }
        return masked.split(separator: "\n", omittingEmptySubsequences: false).sorted().joined(separator: "\n")
    }

    private func makeFeatures() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-needs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let feature = """
            @needs
            Feature: Needs
              @arguments @smoke
              Scenario: arguments
                Given I have 3 cukes in "the blue bowl"
                And the note:
                  \"\"\"
                  fresh
                  \"\"\"
                And the prices:
                  | cuke | 2 |
              Scenario: failure
                Given I have 4 cukes in "a bowl"
                When it breaks at 7
                Then nobody wrote this step
              @outline
              Scenario Outline: outline
                Given I have <n> cukes in "<bowl>"
                Examples:
                  | n | bowl |
                  | 1 | one  |
                  | 2 | two  |

            """
        try feature.write(to: folder.appendingPathComponent("needs.feature"), atomically: true, encoding: .utf8)
        return folder.path
    }
}
