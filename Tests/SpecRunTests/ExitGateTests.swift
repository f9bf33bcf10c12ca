import Messages
import XCTest

@testable import SpecRun
@testable import SpecRunCore

/// `--gate`: the exit status follows the release gate when the run marks criteria; without marks it is today's.
final class ExitGateTests: XCTestCase {
    func test_code_isZeroOnFailingScenariosWhenTheGateIsNotBlocked() {
        XCTAssertEqual(makeSUT(blocked: false).code, .passed)
    }

    func test_code_isOneWhenTheGateIsBlocked() {
        XCTAssertEqual(makeSUT(blocked: true, success: true).code, .failed)
    }

    func test_code_isTodaysWithoutMarkedCriteria() {
        XCTAssertEqual(makeSUT(blocked: nil).code, .failed)
        XCTAssertEqual(makeSUT(blocked: nil, success: true).code, .passed)
    }

    func test_parse_readsTheGateOption() throws {
        guard case .run(let options) = try CommandLineParser.parse(["--gate"]) else { return XCTFail("not a run") }
        XCTAssertTrue(options.gate)
        guard case .run(let plain) = try CommandLineParser.parse([]) else { return XCTFail("not a run") }
        XCTAssertFalse(plain.gate)
    }

    func test_parse_readsTheGateOptionOfTheReportCommandAsAnExitStatus() throws {
        guard case .report(let options) = try CommandLineParser.parse(["report", "a.ndjson", "--gate"]) else {
            return XCTFail("not a report")
        }
        XCTAssertTrue(options.gate)
        XCTAssertTrue(options.exitStatus, "the gate decides the exit status")
    }

    func test_parse_readsTheDiffOptionOfTheReportCommand() throws {
        guard case .report(let options) = try CommandLineParser.parse(["report", "--diff", "old.ndjson", "new.ndjson"]) else {
            return XCTFail("not a report")
        }
        XCTAssertTrue(options.diff)
        XCTAssertEqual(options.inputs, ["old.ndjson", "new.ndjson"])
    }

    func test_mergedRunStatus_isZeroOnFailingScenariosWhenTheGateIsNotBlocked() {
        var status = MergedRunStatus(gate: ExitStatus.Gate(handle: { _ in }, blocked: { false }))
        status.observe(Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 0, nanos: 0))))
        status.observe(Envelope(testCase: TestCase(id: "1", pickleId: "2", testSteps: [])))
        status.observe(Envelope(testRunFinished: TestRunFinished(success: false, timestamp: Timestamp(seconds: 1, nanos: 0))))
        XCTAssertEqual(status.exitCode, .passed)
        var plain = MergedRunStatus()
        plain.observe(Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 0, nanos: 0))))
        plain.observe(Envelope(testRunFinished: TestRunFinished(success: false, timestamp: Timestamp(seconds: 1, nanos: 0))))
        XCTAssertEqual(plain.exitCode, .failed)
    }

    private func makeSUT(blocked: Bool?, success: Bool = false) -> ExitStatus {
        var seen = 0
        let status = ExitStatus(gate: ExitStatus.Gate(handle: { _ in seen += 1 }, blocked: { seen > 0 ? blocked : false }))
        status.handle(Envelope(testCase: TestCase(id: "1", pickleId: "2", testSteps: [])))
        status.handle(Envelope(testRunFinished: TestRunFinished(success: success, timestamp: Timestamp(seconds: 1, nanos: 0))))
        return status
    }
}
