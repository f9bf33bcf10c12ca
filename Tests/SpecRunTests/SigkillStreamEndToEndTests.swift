import Foundation
import Messages
import XCTest

/// What a SIGKILL of specrun leaves on disk: the temporary message stream beside the report, at most a bounded
/// time behind (`tools/sigkill_bound.py` measures it at random moments), with the running scenario's start.
final class SigkillStreamEndToEndTests: XCTestCase {
    func test_sigkill_leavesEveryFinishedScenarioAndTheRunningOnesStartOnDiskOnAKillDuringALongStep() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "k.feature": "Feature: F\n"
                + (1...20).map { "  Scenario: s\($0)\n    When a step sleeps 10 ms and logs \"s\($0)\"\n" }.joined()
                + "  Scenario: long\n    When a step sleeps 20000 ms and logs \"long\"\n"
        ])
        let log = "\(folder)/ended.log"
        let process = Process()
        process.executableURL = fixture
        process.arguments = [folder, "--format", "message:\(folder)/out/m.ndjson", "--timeout", "0"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = ProcessInfo.processInfo.environment.merging(["SPECRUN_FIXTURE_LOG": log]) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        // The moment the last short scenario ended (its step's own line), then how long until the disk has it.
        var lastEnded: Date?
        let onDisk = RunOnDisk.waitUntil(seconds: 20, every: 0.005) {
            if lastEnded == nil, let text = try? String(contentsOfFile: log, encoding: .utf8), text.contains("s20 ") { lastEnded = Date() }
            guard lastEnded != nil, let stream = temporaryStream(in: "\(folder)/out") else { return false }
            return stream.compactMap(\.testCaseFinished).count == 20 && stream.compactMap(\.testCaseStarted).count == 21
        }
        let delay = lastEnded.map { Date().timeIntervalSince($0) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        XCTAssertTrue(onDisk, "the 20 finished scenarios and the running one's start reach the disk while it runs")
        // ~0.2 s on a quiet machine; 5 s (the long scenario sleeps 20 s) still proves it is written while that one runs.
        XCTAssertLessThan(delay ?? 99, 5.0, "written while the long scenario still runs, not at the end")
        let stream = temporaryStream(in: "\(folder)/out") ?? []
        XCTAssertEqual(stream.compactMap(\.testCaseFinished).count, 20, "kept after the SIGKILL")
        let running = stream.compactMap(\.testCaseStarted).last?.testCaseId
        let pickle = stream.compactMap(\.testCase).first { $0.id == running }?.pickleId
        XCTAssertEqual(stream.compactMap(\.pickle).first { $0.id == pickle }?.name, "long", "the running scenario is named")
    }

    private func temporaryStream(in folder: String) -> [Envelope]? { RunOnDisk.stream(in: folder) }
}
