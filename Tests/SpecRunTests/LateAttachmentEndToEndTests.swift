import Foundation
import Messages
import XCTest

/// `attach` from work a step left running, after its scenario finished, has no step to go to: it is dropped with
/// one line on stderr naming the scenario (cucumber-js throws "Cannot attach when a step/hook is not running").
/// Found by a hostile sweep: dropped without a word.
final class LateAttachmentEndToEndTests: XCTestCase {
    func test_run_warnsOnceNamingTheScenarioOnAnAttachmentFromATaskThatOutlivedIt() throws {
        let features = [
            "h.feature": """
            Feature: Hostile
              Scenario: before
                Given a passing step
              Scenario: hostile
                When a step leaves a Task that attaches after 100 ms
              Scenario: after
                When a step sleeps 600 ms

            """
        ]
        for isolation in [[], ["--no-isolation"]] {
            let run = try runHostile(features, isolation)

            XCTAssertEqual(run.status, 0, run.stderr)
            let lines = run.stderr.split(separator: "\n").filter { $0.contains("an attachment") }
            XCTAssertEqual(
                lines,
                [
                    "specrun: an attachment (text/plain) came after scenario 'hostile' (h.feature:4) had finished, "
                        + "from work a step or hook left running (a Task not awaited); it is dropped, as is any more "
                        + "from it. Await that work in the step that starts it"
                ], "\(isolation): \(run.stderr)")
            XCTAssertEqual(run.stream.compactMap(\.attachment).count, 0, "\(isolation): nothing lands in another scenario")
            XCTAssertEqual(run.stream.compactMap(\.testCaseFinished).count, 3, "\(isolation)")
        }
    }

    func test_run_warnsNamingTheHooksOnAnAttachmentFromATaskABeforeAllHookLeftRunning() throws {
        let run = try runHostile(
            ["h.feature": "Feature: F\n  Scenario: s\n    When a step sleeps 600 ms\n"],
            environment: ["SPECRUN_FIXTURE_BEFORE_ALL_ATTACHES_LATE": "1"])

        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("an attachment") }
        XCTAssertEqual(lines.count, 1, run.stderr)
        XCTAssertTrue(
            lines.first?.contains("an attachment (text/x.cucumber.log+plain) came after the BeforeAll hooks had finished") ?? false,
            run.stderr)
        XCTAssertEqual(run.stream.compactMap(\.attachment).count, 0)
    }
}
