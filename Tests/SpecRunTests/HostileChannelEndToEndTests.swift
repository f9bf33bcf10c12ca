import Foundation
import Messages
import XCTest

/// User code cannot reach the worker's protocol: its instructions and messages travel on descriptors of their own
/// (`WorkerChannels`), close-on-exec, near the top of the table; stdin is /dev/null and stdout goes to stderr.
final class HostileChannelEndToEndTests: XCTestCase {
    func test_run_givesTheStepNothingAndLosesNoInstructionOnAStepReadingStdin() throws {
        let features = [
            "r.feature": "Feature: R\n"
                + (1...8).map { index in
                    "  Scenario: s\(index)\n    When a step reads a line of stdin\n"
                }.joined()
        ]
        let run = try runHostile(features, ["--timeout", "5"])
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.scenarios.map(\.name), (1...8).map { "s\($0)" }, "every scenario once, none eaten")
        XCTAssertTrue(run.stderr.contains("the step read: nothing"), run.stderr)
        XCTAssertFalse(run.stderr.contains("the step read: run"), "an instruction reached the step: \(run.stderr)")
    }

    func test_run_givesTheStepNothingOnAStepReadingStdinInAnExecdWorker() throws {
        // SPECRUN_PREFORK=0: the first worker exec'd too (the others always are); both claim their channels alike.
        let run = try runHostile(
            betweenPassingScenarios("When a step reads a line of stdin"), ["--timeout", "5"],
            environment: ["SPECRUN_PREFORK": "0"])
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.statuses, [.passed, .passed, .passed])
        XCTAssertTrue(run.stderr.contains("the step read: nothing"), run.stderr)
    }

    func test_run_endsTheStepAtTheEndOfStdinOnAStepReadingItToTheEnd() throws {
        let run = try runHostile(betweenPassingScenarios("When a step reads stdin to the end"), ["--timeout", "5"])
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.statuses, [.passed, .passed, .passed])
        XCTAssertTrue(run.stderr.contains("the step read 0 line(s)"), run.stderr)
    }

    func test_run_failsTheScenarioWithTheReasonAndRunsTheOthersOnAStepClosingEveryDescriptor() throws {
        let run = try runHostile(betweenPassingScenarios("When a step closes every descriptor above 2"), ["--timeout", "5"])
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.statusesInFeatureOrder, [.passed, .failed, .passed])
        XCTAssertTrue(run.failureMessages.first?.contains("broke the worker's channel to specrun") ?? false, "\(run.failureMessages)")
    }

    func test_run_endsTheWorkerAndRunsTheOthersOnAStepClosingEveryDescriptorThenSleeping() throws {
        // The worker learns of it only at its next write: the supervisor sees the channel end first and ends it.
        let run = try runHostile(
            betweenPassingScenarios("When a step closes every descriptor above 2 and sleeps 8000 ms"), ["--timeout", "0"])
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.statusesInFeatureOrder, [.passed, .failed, .passed])
        XCTAssertLessThan(run.seconds, 7.5, "not the step's 8 s")
    }

    func test_run_keepsTheStreamOnAChildProcessWritingEnvelopesToItsStdout() throws {
        let run = try runHostile(
            betweenPassingScenarios("When a step starts a shell that writes to its stdout and stderr"), ["--timeout", "5"])
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.statuses, [.passed, .passed, .passed])
        XCTAssertEqual(run.stream.compactMap(\.testRunFinished).count, 1)
        XCTAssertTrue(run.stderr.contains("read:\n") || run.stderr.contains("read:"), "the child's stdin is empty: \(run.stderr)")
    }

    func test_run_failsTheScenarioAsEndedOnAStepThatExecsAnotherProgram() throws {
        let run = try runHostile(betweenPassingScenarios("When a step execs another program"), ["--timeout", "5"])
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.statusesInFeatureOrder, [.passed, .failed, .passed], "the channels are close-on-exec: /bin/true holds none")
    }
}
