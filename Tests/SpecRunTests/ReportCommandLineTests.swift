import XCTest

@testable import SpecRun

/// The options of `specrun report`.
final class ReportCommandLineTests: XCTestCase {
    func test_parse_setsExitStatusOnExitStatusFlag() throws {
        guard case .report(let options) = try CommandLineParser.parse(["report", "a.ndjson", "--exit-status"]) else {
            return XCTFail("not a report command")
        }
        XCTAssertTrue(options.exitStatus)
        XCTAssertEqual(options.inputs, ["a.ndjson"])
    }

    func test_parse_leavesExitStatusOffByDefault() throws {
        guard case .report(let options) = try CommandLineParser.parse(["report", "a.ndjson"]) else {
            return XCTFail("not a report command")
        }
        XCTAssertFalse(options.exitStatus)
    }

    func test_parse_givesTheHelpOnReportHelp() throws {
        XCTAssertEqual(try CommandLineParser.parse(["report", "--help"]), .help(topic: "report"))
    }

    func test_parse_suggestsExitStatusOnAMisspelling() {
        XCTAssertThrowsError(try CommandLineParser.parse(["report", "a.ndjson", "--exit-stats"])) { error in
            XCTAssertEqual("\(error)", "unknown option '--exit-stats' (did you mean '--exit-status'?)")
        }
    }

    func test_help_documentsExitStatus() {
        XCTAssertTrue(HelpText.main.contains("--exit-status"))
    }
}
