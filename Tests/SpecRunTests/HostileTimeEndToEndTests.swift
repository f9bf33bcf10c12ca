import Foundation
import Messages
import XCTest

/// The supervisor owns time: steps, hooks and Worlds that never end, processes that stop themselves or ignore
/// signals, Ctrl-C and SIGTERM of specrun — the run ends, in a bounded time, with every report written.
/// (`--timeout 1`: the worker's watchdog fires at 1 s, the supervisor's deadline at 2 s, SIGKILL 1 s later.)
final class HostileTimeEndToEndTests: XCTestCase {
    func test_run_failsTheStepAsTimeoutAndRunsTheOthersOnAStepThatRaisesSIGSTOP() throws {
        let run = try runHostile(betweenPassingScenarios("When a step stops its own process"), ["--timeout", "1"])
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.statuses, [.passed, .failed, .passed])
        XCTAssertEqual(run.exceptionTypes, ["Timeout"])
        // (The supervisor's SIGCONT may let the worker's own watchdog speak first: either names the timeout.)
        XCTAssertTrue(run.failureMessages.first?.hasPrefix("the step timed out after 1 s") ?? false, "\(run.failureMessages)")
        XCTAssertLessThan(run.seconds, 15)
    }

    func test_run_failsTheStepAsTimeoutOnAStepThatSendsSIGSTOPToItsOwnPid() throws {
        let run = try runHostile(betweenPassingScenarios("When a step sends SIGSTOP to its own process"), ["--timeout", "1"])
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.statuses, [.passed, .failed, .passed])
        XCTAssertEqual(run.exceptionTypes, ["Timeout"])
    }

    func test_run_failsTheStepAsTimeoutOnAStepThatIgnoresSIGTERMAndHangs() throws {
        let run = try runHostile(betweenPassingScenarios("When a step ignores SIGTERM and SIGINT and hangs"), ["--timeout", "1"])
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.statuses, [.passed, .failed, .passed])
        XCTAssertEqual(run.exceptionTypes, ["Timeout"])
    }

    func test_run_failsTheHookAndEndsTheRunWithEveryReportOnABeforeAllThatNeverEnds() throws {
        let run = try runHostile(betweenPassingScenarios("Given a passing step"), ["--timeout", "1"],
                                 environment: ["SPECRUN_FIXTURE_BEFORE_ALL_HANGS": "1"])
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.hookResults.map(\.status), [.failed])
        XCTAssertEqual(run.hookResults.first?.exception?.type, "Timeout")
        XCTAssertTrue(run.hookResults.first?.message?.contains("BeforeAll hook timed out after 1 s") ?? false, "\(run.hookResults)")
        XCTAssertEqual(run.runFinished?.success, false)
        XCTAssertFalse(run.stderr.contains("no scenario matched"), "not a run that found nothing: \(run.stderr)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(run.folder)/j.xml"))
    }

    func test_run_reportsTheScenariosAndFailsTheHookOnAnAfterAllThatNeverEnds() throws {
        let run = try runHostile(betweenPassingScenarios("Given a passing step"), ["--timeout", "1"],
                                 environment: ["SPECRUN_FIXTURE_AFTER_ALL_HANGS": "1"])
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.statuses, [.passed, .passed, .passed])
        XCTAssertEqual(run.hookResults.map(\.status), [.failed])
        XCTAssertEqual(run.hookResults.first?.exception?.type, "Timeout")
    }

    func test_run_failsEveryScenarioAsTimeoutAndEndsOnAWorldWhoseMakingNeverEnds() throws {
        let run = try runHostile(betweenPassingScenarios("Given a passing step"), ["--timeout", "1"],
                                 environment: ["SPECRUN_FIXTURE_WORLD_INIT_HANGS": "1"])
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.scenarios.map(\.status), [.failed, .failed, .failed])
        XCTAssertEqual(Set(run.exceptionTypes), ["Timeout"])
    }

    func test_run_failsTheScenarioAsTimeoutOnABeforeHookThatNeverEnds() throws {
        let run = try runHostile(["b.feature": "Feature: B\n  Scenario: one\n    Given a passing step\n"], ["--timeout", "1"],
                                 environment: ["SPECRUN_FIXTURE_BEFORE_HANGS": "1"])
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.scenarios.map(\.status), [.failed])
        XCTAssertEqual(run.exceptionTypes, ["Timeout"])
    }

    // MARK: Ctrl-C and SIGTERM of specrun

    func test_interrupt_endsWithinTheGraceAndWritesEveryReportOnAStepThatIgnoresSignals() throws {
        var interrupted = Date()
        let run = try runHostile(betweenPassingScenarios("When a step ignores SIGTERM and SIGINT and hangs"), ["--timeout", "0"]) { pid in
            self.waitForHostileStep()
            interrupted = Date()
            kill(pid, SIGINT)
        }
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.status, 130, run.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(interrupted), 8, "the 2 s grace, then SIGKILL")
        XCTAssertEqual(run.statuses, [.passed, .failed])
        XCTAssertEqual(run.exceptionTypes, ["Interrupted"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(run.folder)/j.xml"))
    }

    func test_interrupt_endsAtOnceWithEveryReportOnASecondCtrlC() throws {
        var second = Date()
        let run = try runHostile(betweenPassingScenarios("When a step ignores SIGTERM and SIGINT and hangs"), ["--timeout", "0"]) { pid in
            self.waitForHostileStep()
            kill(pid, SIGINT)
            usleep(200_000)
            second = Date()
            kill(pid, SIGINT)
        }
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.status, 130, run.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(second), 1.8, "not the 2 s grace")
        XCTAssertEqual(run.runFinished?.success, false)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(run.folder)/j.xml"))
    }

    func test_sigterm_endsTheRunWithEveryReportOnAStoppedWorker() throws {
        let run = try runHostile(betweenPassingScenarios("When a step stops its own process"), ["--timeout", "0"]) { pid in
            self.waitForHostileStep()
            kill(pid, SIGTERM)
        }
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.status, 143, run.stderr)
        XCTAssertEqual(run.exceptionTypes, ["Interrupted"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(run.folder)/j.xml"))
    }

    // MARK: Numbers out of range

    func test_run_startsAtMostFourWorkersACoreAndSaysSoOnParallel4096() throws {
        let run = try runHostile(["one.feature": "Feature: one\n  Scenario: only\n    Given a passing step\n"], ["-j", "4096"])
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("specrun: -j 4096 is more than 4 worker processes a core"), run.stderr)
        XCTAssertEqual(run.statuses, [.passed])
        XCTAssertLessThan(run.seconds, 20)
    }

    func test_run_refusesTheReportInOneLineAndEndsOnAFIFOReportPathWithoutAReader() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-fifo-\(UUID().uuidString)").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        addTeardownBlock { unlink(fifo) }
        let run = try runHostile(["one.feature": "Feature: one\n  Scenario: only\n    Given a passing step\n"],
                                 ["--format", "junit:\(fifo)"], limit: 20)
        XCTAssertFalse(run.hung, "a blocking open would wait for a reader forever")
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("it is a FIFO that nothing reads"), run.stderr)
        XCTAssertEqual(run.statuses, [.passed], "the other reports are written")
    }

    // MARK: - Helpers

    /// Long enough for the first scenario to pass and the hostile step to start (a loaded machine: generous).
    private func waitForHostileStep() { usleep(1_500_000) }
}

/// What a SIGKILL of specrun leaves on disk: the temporary message stream beside the report, at most a bounded
/// time behind (`tools/sigkill_bound.py` measures it at random moments), with the running scenario's start.
final class SigkillStreamEndToEndTests: XCTestCase {
    func test_sigkill_leavesEveryFinishedScenarioAndTheRunningOnesStartOnDiskOnAKillDuringALongStep() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures(["k.feature": "Feature: F\n"
            + (1...20).map { "  Scenario: s\($0)\n    When a step sleeps 10 ms and logs \"s\($0)\"\n" }.joined()
            + "  Scenario: long\n    When a step sleeps 20000 ms and logs \"long\"\n"])
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
        let deadline = Date().addingTimeInterval(20)
        var lastEnded: Date?
        var onDisk: (finished: Int, runningStarted: Bool)?
        while Date() < deadline {
            if lastEnded == nil, let text = try? String(contentsOfFile: log, encoding: .utf8), text.contains("s20 ") { lastEnded = Date() }
            if lastEnded != nil, let stream = temporaryStream(in: "\(folder)/out") {
                let finished = stream.compactMap(\.testCaseFinished).count
                if finished == 20 && stream.compactMap(\.testCaseStarted).count == 21 {
                    onDisk = (finished, true)
                    break
                }
            }
            usleep(5_000)
        }
        let delay = lastEnded.map { Date().timeIntervalSince($0) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        XCTAssertNotNil(onDisk, "the 20 finished scenarios and the running one's start reach the disk while it runs")
        XCTAssertLessThan(delay ?? 99, 1.0, "at most ~0.2 s behind (1 s: a loaded machine)")
        let stream = temporaryStream(in: "\(folder)/out") ?? []
        XCTAssertEqual(stream.compactMap(\.testCaseFinished).count, 20, "kept after the SIGKILL")
        let running = stream.compactMap(\.testCaseStarted).last?.testCaseId
        let pickle = stream.compactMap(\.testCase).first { $0.id == running }?.pickleId
        XCTAssertEqual(stream.compactMap(\.pickle).first { $0.id == pickle }?.name, "long", "the running scenario is named")
    }

    private func temporaryStream(in folder: String) -> [Envelope]? {
        guard let name = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.first(where: { $0.hasPrefix(".m.ndjson.") }),
              let data = FileManager.default.contents(atPath: "\(folder)/\(name)") else { return nil }
        // Whole lines only (the last may be cut by the kill).
        let whole = data.lastIndex(of: 0x0A).map { data[...$0] } ?? Data()
        return try? NDJSON.decode(Data(whole))
    }
}
