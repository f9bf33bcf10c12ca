import Foundation
import Messages
import XCTest

/// What a SIGKILL of a `-j N` run leaves: the journal beside the message report (`.m.ndjson.<pid>.<random>.journal.tmp`),
/// every envelope in the order it arrived — so a scenario that finished while an earlier-planned one still runs
/// (held in memory for the report's planned order) is on disk too — and nothing of it after a run that ended.
final class SigkillJournalEndToEndTests: XCTestCase {
    func test_sigkill_leavesTheJournalWithALaterScenarioFinishedAndTheEarlierOneStartedOnAKillWhileTheEarlierHangs() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "k.feature": "Feature: F\n"
                + "  Scenario: early\n    When a step sleeps 30000 ms and logs \"early\"\n"
                + "  Scenario: later\n    When a step sleeps 10 ms and logs \"later\"\n"
        ])
        let log = "\(folder)/ended.log"
        let process = Process()
        process.executableURL = fixture
        process.arguments = [folder, "--format", "message:\(folder)/out/m.ndjson", "-j", "2", "--timeout", "0"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = ProcessInfo.processInfo.environment.merging(["SPECRUN_FIXTURE_LOG": log]) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        // The moment the later scenario ended (its step's own line), then how long until the journal has it.
        var laterEnded: Date?
        let onDisk = RunOnDisk.waitUntil(seconds: 25, every: 0.005) {
            if laterEnded == nil, let text = try? String(contentsOfFile: log, encoding: .utf8), text.contains("later ") {
                laterEnded = Date()
            }
            // (And the running scenario's start: its worker writes it within its 50 ms flush, which may come after
            // the later scenario's result.)
            guard laterEnded != nil, let stream = journal(in: "\(folder)/out") else { return false }
            return stream.compactMap(\.testCaseFinished).count == 1 && stream.compactMap(\.testCaseStarted).count == 2
        }
        let delay = laterEnded.map { Date().timeIntervalSince($0) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        XCTAssertTrue(onDisk, "the later scenario's result reaches the disk while the earlier one runs")
        // ~0.1 s on a quiet machine; 5 s (the earlier scenario sleeps 30 s) still proves it is written while that one
        // runs, and holds on a CI machine that is busy with other builds (1 s did not, once).
        XCTAssertLessThan(delay ?? 99, 5.0, "written while the earlier scenario still runs, not at the end")
        let stream = journal(in: "\(folder)/out") ?? []
        XCTAssertEqual(names(of: stream.compactMap(\.testCaseFinished).map(\.testCaseStartedId), in: stream), ["later"])
        XCTAssertEqual(
            names(of: stream.compactMap(\.testCaseStarted).map(\.id), in: stream).sorted(), ["early", "later"],
            "the running scenario's start is there too")
        // `specrun report` reads it: the later scenario passed, the earlier one not finished, the run incomplete.
        guard let name = RunOnDisk.streamName(in: "\(folder)/out", journal: true) else { return XCTFail("no journal") }
        let report = try runProcess(fixture, ["report", "\(folder)/out/\(name)", "--no-color", "--format", "summary"])
        XCTAssertEqual(report.status, 2, report.stdout + report.stderr)
        XCTAssertTrue(report.stdout.contains("1 passed"), report.stdout + report.stderr)
        XCTAssertTrue((report.stdout + report.stderr).contains("early"), report.stdout + report.stderr)
    }

    func test_run_leavesNoJournalAndTheReportInThePlannedOrderOnARunThatEnds() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "k.feature": "Feature: F\n"
                + "  Scenario: early\n    When a step sleeps 600 ms\n"
                + "  Scenario: later\n    When a step sleeps 10 ms\n"
        ])
        let run = try runProcess(fixture, [folder, "--format", "message:\(folder)/out/m.ndjson", "-j", "2", "--no-color"])

        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: "\(folder)/out"), ["m.ndjson"], "the journal is removed")
        let stream = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(folder)/out/m.ndjson")))
        XCTAssertEqual(names(of: stream.compactMap(\.testCaseStarted).map(\.id), in: stream), ["early", "later"], "planned order")
    }

    // MARK: - Helpers

    /// Scenario names of test-case-started ids, in order.
    private func names(of startedIds: [String], in stream: [Envelope]) -> [String] {
        let cases = Dictionary(stream.compactMap(\.testCaseStarted).map { ($0.id, $0.testCaseId) }, uniquingKeysWith: { a, _ in a })
        let pickles = Dictionary(stream.compactMap(\.testCase).map { ($0.id, $0.pickleId) }, uniquingKeysWith: { a, _ in a })
        let names = Dictionary(stream.compactMap(\.pickle).map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        return startedIds.map { cases[$0].flatMap { pickles[$0] }.flatMap { names[$0] } ?? "?" }
    }

    private func journal(in folder: String) -> [Envelope]? { RunOnDisk.stream(in: folder, journal: true) }
}
