import Foundation
import XCTest

/// Without a message report a worker does not say when a step starts (no report reads it): a step that a crash or
/// a timeout ends is still the one failed, named, and timed from the end of the step before it.
final class UnsaidStepStartsEndToEndTests: XCTestCase {
    func test_run_failsTheRunningStepTimedFromTheStepBeforeOnATimeoutWithoutAMessageReport() throws {
        let run = try runHostile(
            scenario(["Given a passing step", "When a step with a 100 ms limit sleeps 3000 ms", "Then a passing step"]),
            messageReport: false)
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.status, 1, run.stderr)

        let steps = try jsonSteps(in: run.folder)
        XCTAssertEqual(steps.map(\.status), ["passed", "failed", "skipped", "passed"])
        let timedOut = steps[1]
        XCTAssertTrue(
            timedOut.message.contains("step 'a step with a 100 ms limit sleeps 3000 ms' at"),
            "the watchdog names the running step: \(timedOut.message)")
        XCTAssertGreaterThanOrEqual(timedOut.seconds, 0.1, "from the end of the step before, not from the report")
        XCTAssertLessThan(timedOut.seconds, 3)
    }

    func test_run_failsTheRunningStepAndSkipsTheRestOnACrashWithoutAMessageReport() throws {
        let run = try runHostile(
            scenario(["Given a passing step", "When a step force-unwraps nil", "Then a passing step"]), messageReport: false)
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.status, 1, run.stderr)

        let steps = try jsonSteps(in: run.folder)
        XCTAssertEqual(steps.map(\.status), ["passed", "failed", "skipped", "passed"])
        XCTAssertTrue(steps[1].message.contains("crashed"), steps[1].message)
    }

    // MARK: Helpers

    /// A scenario of `steps` followed by one that passes.
    private func scenario(_ steps: [String]) -> [String: String] {
        [
            "h.feature": """
            Feature: Unsaid starts
              Scenario: hostile
                \(steps.joined(separator: "\n    "))
              Scenario: after
                Given a passing step

            """
        ]
    }

    /// Each step of the JSON report (`c.json`), in order: its status, seconds and error message.
    private func jsonSteps(in folder: String) throws -> [(status: String, seconds: Double, message: String)] {
        let data = try XCTUnwrap(FileManager.default.contents(atPath: "\(folder)/c.json"), "no JSON report")
        let features = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return features.flatMap { feature in
            (feature["elements"] as? [[String: Any]] ?? []).flatMap { element in
                (element["steps"] as? [[String: Any]] ?? []).map { step in
                    let result = step["result"] as? [String: Any] ?? [:]
                    return (
                        result["status"] as? String ?? "", Double(result["duration"] as? Int ?? 0) / 1e9,
                        result["error_message"] as? String ?? ""
                    )
                }
            }
        }
    }
}
