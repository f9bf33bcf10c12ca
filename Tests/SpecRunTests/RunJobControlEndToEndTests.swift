import Foundation
import XCTest

/// Ctrl-Z pauses the whole run. Each worker leads a process group of its own, which a terminal's Ctrl-Z (SIGTSTP to
/// its foreground group) does not reach: found by hand in a shell, the supervisor stopped and its worker ran on,
/// its steps too, while the run seemed paused. specrun now stops its workers before itself and continues them with
/// itself; a pause longer than `--timeout` times nothing out.
final class RunJobControlEndToEndTests: XCTestCase {
    func test_ctrlZ_stopsTheWorkersWithTheRunAndAPauseLongerThanTheTimeoutTimesNothingOut() throws {
        #if !os(Linux)
        throw XCTSkip("reads the processes' states from /proc (Linux)")
        #endif
        let scenarios = (1...4).map { "  Scenario: s\($0)\n    When a step sleeps 300 ms\n" }.joined()
        var stopped = false
        var workersWhileStopped: [Character] = []
        var pause = (from: 0.0, to: 0.0)
        let run = try runHostile(["w.feature": "Feature: paused\n" + scenarios], ["--timeout", "1"]) { pid, folder in
            self.waitForStepStarts(1, in: folder)
            kill(pid, SIGTSTP)
            stopped = RunOnDisk.waitUntil(seconds: 5) { self.processState(of: pid) == "T" }
            guard stopped else { return }
            // (specrun may stop a moment before a worker its SIGSTOP has yet to reach: a sleeping thread is woken to stop.)
            let workers = Self.children(of: pid)
            _ = RunOnDisk.waitUntil(seconds: 2) { workers.allSatisfy { self.processState(of: $0) == "T" } }
            workersWhileStopped = workers.compactMap { self.processState(of: $0) }
            pause.from = Date().timeIntervalSince1970
            // Longer than the timeout and its slack (1 s + 1 s): the step stopped midway is not past its deadline.
            usleep(2_500_000)
            pause.to = Date().timeIntervalSince1970
            kill(pid, SIGCONT)
        }
        guard stopped else {
            throw XCTSkip("SIGTSTP did not stop specrun: its process group is orphaned here, where no job control applies")
        }

        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(workersWhileStopped.isEmpty, "a worker ran")
        XCTAssertEqual(Set(workersWhileStopped), ["T"], "every worker stopped with the run")
        let starts = run.stream.compactMap(\.testStepStarted).map { Double($0.timestamp.seconds) + Double($0.timestamp.nanos) / 1e9 }
        XCTAssertEqual(starts.count, 4)
        XCTAssertEqual(starts.filter { $0 > pause.from + 0.1 && $0 < pause.to - 0.1 }, [], "no step started while the run was stopped")
        XCTAssertEqual(run.statuses, [.passed, .passed, .passed, .passed], run.stderr)
        XCTAssertEqual(run.exceptionTypes, [])
    }

    /// The processes `pid` started, from every one of its threads.
    private static func children(of pid: pid_t) -> [pid_t] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { pid_t($0) }
        }
    }
}
