import Foundation
import XCTest

/// Under `--no-isolation` a step runs in specrun's own process: bytes it (or a copy it forked) writes to every
/// descriptor reach the pipe the ending signals are caught into. They are no signal: the run is not ended
/// "interrupted" (it was: a stray `!E 0 0 0⏎` read as signals 33 and 10, exit 161 or 138).
final class SignalPipeForgeryEndToEndTests: XCTestCase {
    func test_run_endsAsItsScenariosSayAndNotInterruptedOnAStepWritingStrayBytesToEveryDescriptorOnNoIsolation() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "h.feature": """
            Feature: H
              Scenario: first
                Given a passing step
              Scenario: hostile
                When a step forks a child that writes a stray line after 0 ms
                And a step writes garbage to every descriptor
                Then a step sleeps 200 ms
              Scenario: last
                Given a passing step

            """
        ])

        let result = try runProcess(fixture, ["\(folder)/h.feature", "--no-isolation", "--format", "message:\(folder)/m.ndjson"])

        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("interrupted"), result.stderr)
        let stream = try String(contentsOfFile: "\(folder)/m.ndjson", encoding: .utf8)
        XCTAssertEqual(stream.components(separatedBy: #"{"testRunFinished":"#).count - 1, 1, stream)
        XCTAssertTrue(stream.contains(#""success":true"#), stream)
    }
}
