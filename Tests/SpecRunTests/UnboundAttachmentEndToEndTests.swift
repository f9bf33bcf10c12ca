import Foundation
import Messages
import XCTest

/// `attach` from a `Thread` or a `Task.detached` (neither carries the step's context) has no step to go to: it is
/// dropped, and named once on stderr. Found by a hostile sweep: dropped without the promised line.
final class UnboundAttachmentEndToEndTests: XCTestCase {
    func test_run_namesOnceAnAttachmentFromAThreadOrADetachedTask() throws {
        let features = [
            "h.feature": """
            Feature: Hostile
              Scenario: hostile
                When a step starts a Thread and a detached Task that attach after 50 ms
              Scenario: after
                When a step sleeps 600 ms

            """
        ]
        for isolation in [[], ["--no-isolation"]] {
            let run = try runHostile(features, isolation)

            XCTAssertEqual(run.status, 0, run.stderr)
            let lines = run.stderr.split(separator: "\n").filter { $0.contains("an attachment") }
            XCTAssertEqual(lines.count, 1, "\(isolation): \(run.stderr)")
            XCTAssertTrue(lines.first?.contains("outside any step or hook — from a Thread or a Task.detached") ?? false, "\(lines)")
            XCTAssertEqual(run.stream.compactMap(\.attachment).count, 0, "\(isolation): nothing lands in another scenario")
        }
    }
}
