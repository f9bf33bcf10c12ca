import Foundation
import Messages
import SpecRunWorkers
import XCTest

/// Every signal that ends a run ends it with its reports: HUP, INT, TERM, QUIT, USR1, USR2, ALRM, XCPU, XFSZ and
/// PIPE sent to specrun write every report, marked interrupted, and exit 128 + the signal — with workers and with
/// `--no-isolation`. Found by a hostile sweep: SIGHUP, SIGUSR1 and SIGUSR2 killed the supervisor at once with no
/// report; under `--no-isolation` every signal did (SIGTERM: exit 143, no report; Ctrl-C did not interrupt).
final class RunSignalsEndToEndTests: XCTestCase {
    private let slowScenario = [
        "h.feature": """
        Feature: Signals
          Scenario: before
            Given a passing step
          Scenario: slow
            When a step sleeps 3000 ms
            Given a passing step
          Scenario: after
            Given a passing step
        """
    ]

    func test_run_writesEveryReportMarkedInterruptedAndExits128PlusTheSignalOnEachSignalThatEndsARun() throws {
        XCTAssertEqual(InterruptForwarder.endingSignals.count, 10)
        for isolation in [[], ["--no-isolation"]] {
            // (SIGPIPE too: sent with kill, it was dropped in 3 of 4 runs while it was ignored — libdispatch never
            // blocks it, so a signal source cannot see it. `signals.c` tells it apart from a broken pipe.)
            for signalNumber in InterruptForwarder.endingSignals {
                let context = "signal \(signalNumber) \(isolation)"
                let run = try runHostile(slowScenario, isolation) { pid, folder in
                    self.waitForStepStarts(2, in: folder)
                    kill(pid, signalNumber)
                }
                XCTAssertFalse(run.hung, context)
                XCTAssertEqual(run.status, 128 + signalNumber, "\(context): \(run.stderr)")
                XCTAssertEqual(run.runFinished?.success, false, context)
                XCTAssertTrue(
                    run.runFinished?.message?.contains("interrupted (signal \(signalNumber))") ?? false, "\(context): \(run.stderr)")
                let junit = try String(contentsOfFile: "\(run.folder)/j.xml", encoding: .utf8)
                XCTAssertTrue(junit.contains("<testsuite"), context)
                XCTAssertEqual(run.scenarios.first?.name, "before", context)
            }
        }
    }

    func test_run_stopsAfterTheRunningStepAndReportsOnCtrlCOnNoIsolation() throws {
        let run = try runHostile(slowScenario, ["--no-isolation"]) { pid, folder in
            self.waitForStepStarts(2, in: folder)
            kill(pid, SIGINT)
        }
        XCTAssertEqual(run.status, 130, run.stderr)
        XCTAssertEqual(run.statuses, [.passed, .passed, .skipped], "the running step ends, the rest of its scenario is skipped")
        XCTAssertEqual(run.scenarios.map(\.name), ["before", "slow"], "no scenario starts after it")
        XCTAssertGreaterThan(run.seconds, 2.5, "the running step ran to its end")
    }

    func test_run_endsAtOnceWithItsReportsOnASecondCtrlCWhileAStepHangsOnNoIsolation() throws {
        let hanging = [
            "h.feature": "Feature: F\n  Scenario: before\n    Given a passing step\n  Scenario: hangs\n    When a step loops forever\n"
        ]
        let run = try runHostile(hanging, ["--no-isolation"], limit: 20) { pid, folder in
            self.waitForStepStarts(2, in: folder)
            kill(pid, SIGINT)
            usleep(300_000)
            kill(pid, SIGINT)
        }
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.status, 130, run.stderr)
        XCTAssertTrue(run.runFinished?.message?.contains("interrupted (signal 2)") ?? false, run.stderr)
        XCTAssertEqual(run.scenarios.map(\.name), ["before"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(run.folder)/j.xml"))
    }

    /// A step that raises one of them on its own thread (where the concurrency pool keeps it pending): a crash of its
    /// scenario, in workers and in-process. Found by a hostile sweep: the scenario passed. (SIGPIPE is the exception:
    /// a worker takes it as a broken pipe, EPIPE — see docs/RELIABILITY.md, "Signals a step sends its own process".)
    func test_run_failsTheScenarioAsACrashNamingTheSignalOnAStepRaisingASignalThatEndsAProcess() throws {
        for isolation in [[], ["--no-isolation"]] {
            for signalNumber in InterruptForwarder.endingSignals where signalNumber != SIGPIPE {
                let context = "signal \(signalNumber) \(isolation)"
                let run = try runHostile(betweenPassingScenarios("When a step raises signal \(signalNumber)"), isolation)
                XCTAssertEqual(run.status, 1, "\(context): \(run.stderr)")
                XCTAssertEqual(run.statusesInFeatureOrder, [.passed, .failed, .passed], context)
                XCTAssertEqual(run.exceptionTypes, ["Crash"], context)
                XCTAssertTrue(run.failureMessages.first?.contains("signal \(signalNumber)") ?? false, "\(context): \(run.failureMessages)")
            }
        }
    }

    /// The kernel is asked for a pending signal only after a step that sent one through the C library (`sent.c`):
    /// the step that raised it is the one that fails, not a later one of its scenario.
    func test_run_failsTheStepThatRaisedTheSignalNotALaterOneOnARaiseBeforeTheLastStep() throws {
        for isolation in [[], ["--no-isolation"]] {
            let run = try runHostile(
                betweenPassingScenarios("When a step raises signal \(SIGUSR1)\n    Then a passing step"), isolation)
            XCTAssertEqual(run.status, 1, "\(isolation): \(run.stderr)")
            XCTAssertEqual(run.statusesInFeatureOrder, [.passed, .failed, .skipped, .passed], "\(isolation)")
            XCTAssertEqual(run.exceptionTypes, ["Crash"], "\(isolation)")
        }
    }

    /// A signal the kernel sends to the step's own thread (SIGXFSZ: a write past the file size limit) passes no
    /// wrapper: it is found after the scenario's last step, and fails that scenario, not a later one.
    func test_run_failsTheScenarioAsACrashOnASignalTheKernelSendsToTheStepsThread() throws {
        for isolation in [[], ["--no-isolation"]] {
            let run = try runHostile(
                betweenPassingScenarios("When a step writes past its file size limit\n    Then a passing step"), isolation)
            XCTAssertEqual(run.status, 1, "\(isolation): \(run.stderr)")
            XCTAssertEqual(run.statusesInFeatureOrder, [.passed, .passed, .failed, .passed], "\(isolation)")
            XCTAssertEqual(run.exceptionTypes, ["Crash"], "\(isolation)")
            XCTAssertTrue(run.failureMessages.first?.contains("signal \(SIGXFSZ)") ?? false, "\(isolation): \(run.failureMessages)")
        }
    }
}
