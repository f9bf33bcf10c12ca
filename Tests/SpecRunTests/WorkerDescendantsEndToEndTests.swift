import Foundation
import Messages
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// Whatever way a worker ends, the processes its steps started end with it — even a daemon that left the worker's
/// process group, session and environment (ProcessControl+Descendants).
final class WorkerDescendantsEndToEndTests: XCTestCase {
    func test_run_endsADaemonThatClearedItsEnvironmentOnARunThatEnds() throws {
        #if !os(Linux)
        throw XCTSkip("Linux: a worker is a child subreaper")
        #else
        let fixture = try fixtureExecutable()
        let pidFile = NSTemporaryDirectory() + "specrun-daemon-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: pidFile) }
        let folder = try makeFixtureFeatures([
            "d.feature": """
            Feature: Daemons
              Scenario: leaves a daemon behind
                When a step starts a daemon without its environment, its pid in "\(pidFile)"
              Scenario: after
                Given a passing step

            """
        ])

        let run = try runProcess(fixture, [folder])

        XCTAssertEqual(run.status, 0, run.stderr)
        let daemon = try XCTUnwrap(Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        let alive = HostileResourceStepsEndToEndTests.isAlive(daemon)
        if alive { kill(daemon, SIGKILL) }
        XCTAssertFalse(alive, "the daemon (no token, another session) ended with its worker")
        #endif
    }

    func test_sigkill_endsADaemonThatClearedItsEnvironmentOnAKilledSupervisor() throws {
        #if !os(Linux)
        throw XCTSkip("Linux: a worker is a child subreaper")
        #else
        let fixture = try fixtureExecutable()
        let pidFile = NSTemporaryDirectory() + "specrun-daemon-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: pidFile) }
        let folder = try makeFixtureFeatures([
            "d.feature": """
            Feature: Daemons
              Scenario: hangs
                When a step starts a daemon without its environment, its pid in "\(pidFile)"
                And a step loops forever

            """
        ])
        let process = Process()
        process.executableURL = fixture
        process.arguments = [folder, "--timeout", "0", "--format", "message:\(folder)/out/m.ndjson"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        RunOnDisk.waitUntil(seconds: 20, every: 0.002) { FileManager.default.fileExists(atPath: pidFile) }
        kill(process.processIdentifier, SIGKILL)  // at once: the worker's next write meets a dead pipe
        process.waitUntilExit()

        let daemon = try XCTUnwrap(Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        RunOnDisk.waitUntil(seconds: 5, every: 0.05) { !HostileResourceStepsEndToEndTests.isAlive(daemon) }
        let alive = HostileResourceStepsEndToEndTests.isAlive(daemon)
        if alive { kill(daemon, SIGKILL) }
        XCTAssertFalse(alive, "the daemon ended with the worker of a killed supervisor")
        #endif
    }

    func test_run_reportsEachStepOnceOnAStepWhoseForkedChildCallsExit() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "f.feature": """
            Feature: Forks
              Scenario: forks
                When a step forks a child that calls exit
                Given a passing step

            """
        ])

        let run = try runProcess(fixture, [folder, "--format", "message:\(folder)/m.ndjson"])

        XCTAssertEqual(run.status, 0, run.stderr)
        let stream = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(folder)/m.ndjson")))
        XCTAssertEqual(stream.compactMap(\.testStepStarted).count, 2, "no envelope written again by the child")
        XCTAssertEqual(stream.compactMap(\.testStepFinished).map(\.testStepResult.status), [.passed, .passed])
    }
}

extension WorkerDescendantsEndToEndTests {
    func test_run_endsEveryProcessOfAStepsTreeOnAStepThatTimesOut() throws {
        #if !os(Linux)
        throw XCTSkip("Linux: a worker is a child subreaper")
        #else
        let fixture = try fixtureExecutable()
        let pidFile = NSTemporaryDirectory() + "specrun-tree-\(UUID().uuidString)"
        addTeardownBlock {
            try? FileManager.default.removeItem(atPath: pidFile); try? FileManager.default.removeItem(atPath: pidFile + ".sh")
        }
        let folder = try makeFixtureFeatures([
            "t.feature": """
            Feature: Trees
              Scenario: a tree, then a hang
                When a step starts a tree of processes, their pids in "\(pidFile)", and hangs
              Scenario: after
                Given a passing step

            """
        ])

        let run = try runProcess(fixture, [folder, "--timeout", "2", "--format", "message:\(folder)/m.ndjson"])

        XCTAssertEqual(run.status, 1, run.stderr)
        let stream = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(folder)/m.ndjson")))
        XCTAssertEqual(stream.compactMap(\.testStepFinished).map(\.testStepResult.status), [.failed, .passed])
        let pids = try String(contentsOfFile: pidFile, encoding: .utf8).split(separator: "\n").compactMap { Int32($0) }
        XCTAssertEqual(pids.count, 5, "the tree's processes wrote their pids")
        let alive = pids.filter(HostileResourceStepsEndToEndTests.isAlive)
        for pid in alive { kill(pid, SIGKILL) }
        XCTAssertEqual(alive, [], "every process of the tree ended with the timed-out worker")
        #endif
    }
}
