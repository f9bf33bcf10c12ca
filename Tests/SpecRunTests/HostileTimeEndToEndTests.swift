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
        XCTAssertEqual(run.statusesInFeatureOrder, [.passed, .failed, .passed])
        XCTAssertEqual(run.exceptionTypes, ["Timeout"])
        // (The supervisor's SIGCONT may let the worker's own watchdog speak first: either names the timeout.)
        XCTAssertTrue(run.failureMessages.first?.hasPrefix("the step timed out after 1 s") ?? false, "\(run.failureMessages)")
        XCTAssertLessThan(run.seconds, 15)
    }

    func test_run_failsTheStepAsTimeoutOnAStepThatSendsSIGSTOPToItsOwnPid() throws {
        let run = try runHostile(betweenPassingScenarios("When a step sends SIGSTOP to its own process"), ["--timeout", "1"])
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.statusesInFeatureOrder, [.passed, .failed, .passed])
        XCTAssertEqual(run.exceptionTypes, ["Timeout"])
    }

    func test_run_failsTheStepAsTimeoutOnAStepThatIgnoresSIGTERMAndHangs() throws {
        let run = try runHostile(betweenPassingScenarios("When a step ignores SIGTERM and SIGINT and hangs"), ["--timeout", "1"])
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.statusesInFeatureOrder, [.passed, .failed, .passed])
        XCTAssertEqual(run.exceptionTypes, ["Timeout"])
    }

    func test_run_failsTheHookAndEndsTheRunWithEveryReportOnABeforeAllThatNeverEnds() throws {
        let run = try runHostile(
            betweenPassingScenarios("Given a passing step"), ["--timeout", "1"],
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
        let run = try runHostile(
            betweenPassingScenarios("Given a passing step"), ["--timeout", "1"],
            environment: ["SPECRUN_FIXTURE_AFTER_ALL_HANGS": "1"])
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.statuses, [.passed, .passed, .passed])
        XCTAssertEqual(run.hookResults.map(\.status), [.failed])
        XCTAssertEqual(run.hookResults.first?.exception?.type, "Timeout")
    }

    func test_run_failsEveryScenarioAsTimeoutAndEndsOnAWorldWhoseMakingNeverEnds() throws {
        let run = try runHostile(
            betweenPassingScenarios("Given a passing step"), ["--timeout", "1"],
            environment: ["SPECRUN_FIXTURE_WORLD_INIT_HANGS": "1"])
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.scenarios.map(\.status), [.failed, .failed, .failed])
        XCTAssertEqual(Set(run.exceptionTypes), ["Timeout"])
    }

    func test_run_failsTheScenarioAsTimeoutOnABeforeHookThatNeverEnds() throws {
        let run = try runHostile(
            ["b.feature": "Feature: B\n  Scenario: one\n    Given a passing step\n"], ["--timeout", "1"],
            environment: ["SPECRUN_FIXTURE_BEFORE_HANGS": "1"])
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.scenarios.map(\.status), [.failed])
        XCTAssertEqual(run.exceptionTypes, ["Timeout"])
    }

    // MARK: Ctrl-C and SIGTERM of specrun

    func test_interrupt_endsWithinTheGraceAndWritesEveryReportOnAStepThatIgnoresSignals() throws {
        var interrupted = Date()
        let run = try runHostile(betweenPassingScenarios("When a step ignores SIGTERM and SIGINT and hangs"), ["--timeout", "0"]) {
            pid, folder in
            self.waitForStepStarts(2, in: folder)
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
        let run = try runHostile(betweenPassingScenarios("When a step ignores SIGTERM and SIGINT and hangs"), ["--timeout", "0"]) {
            pid, folder in
            self.waitForStepStarts(2, in: folder)
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
        let run = try runHostile(betweenPassingScenarios("When a step stops its own process"), ["--timeout", "0"]) { pid, folder in
            // (The stopped step's own start may never reach the disk: the first scenario's, then a moment.)
            self.waitForStepStarts(1, in: folder)
            kill(pid, SIGTERM)
        }
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.status, 143, run.stderr)
        // The SIGTERM comes with a SIGCONT (so a stopped worker hears it): the step may then return before the
        // worker's handler runs, and it passed; otherwise it is Interrupted. Either way the third scenario never ran.
        if run.exceptionTypes.isEmpty {
            XCTAssertEqual(run.statusesInFeatureOrder, [.passed, .passed], run.stderr)
        } else {
            XCTAssertEqual(run.exceptionTypes, ["Interrupted"], "\(run.statuses) \(run.stderr)")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(run.folder)/j.xml"))
    }

    func test_sigterm_startsNoOtherScenarioOnAProcessAStepStoppedOnNoIsolation() throws {
        #if !os(Linux)
        throw XCTSkip("reads the process's state from /proc (Linux)")
        #endif
        var stopped = false
        let run = try runHostile(betweenPassingScenarios("When a step stops its own process"), ["--no-isolation"]) { pid, _ in
            stopped = RunOnDisk.waitUntil(seconds: 20) { self.processState(of: pid) == "T" }
            // (The step stopped the whole run: the signal waits for something to continue it, as a shell's `kill %1`.)
            kill(pid, SIGTERM)
            kill(pid, SIGCONT)
        }
        XCTAssertTrue(stopped)
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.status, 143, run.stderr)
        XCTAssertEqual(run.scenarios.map(\.name), ["before", "hostile"], "no scenario starts after the signal: \(run.stderr)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(run.folder)/j.xml"))
    }

    // MARK: Numbers out of range

    func test_run_startsAtMostFourWorkersACoreAndSaysSoOnParallel4096() throws {
        let run = try runHostile(["one.feature": "Feature: one\n  Scenario: only\n    Given a passing step\n"], ["-j", "4096"])
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("specrun-crash-fixture: -j 4096 is more than 4 worker processes a core"), run.stderr)
        XCTAssertEqual(run.statuses, [.passed])
        XCTAssertLessThan(run.seconds, 20)
    }

    func test_run_refusesTheReportInOneLineAndEndsOnAFIFOReportPathWithoutAReader() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-fifo-\(UUID().uuidString)").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        addTeardownBlock { unlink(fifo) }
        let run = try runHostile(
            ["one.feature": "Feature: one\n  Scenario: only\n    Given a passing step\n"],
            ["--format", "junit:\(fifo)"], limit: 20)
        XCTAssertFalse(run.hung, "a blocking open would wait for a reader forever")
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("it is a FIFO that nothing reads"), run.stderr)
        XCTAssertEqual(run.statuses, [.passed], "the other reports are written")
    }
}
