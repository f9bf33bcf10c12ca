import Foundation
import Messages
import SharedTestData
import XCTest

/// Every limit is enforced from the moment it applies, whatever its size: a `@timeout:` tag, a step definition's
/// `timeout:` and a `--tag-timeout`, from 10 ms up, in worker processes (where the run's `--timeout` of 30 s has the
/// watchdog look only every 200 ms until the small limit wakes it) and in this process (`--no-isolation`). A step
/// sleeping past its limit fails with `Timeout`; one well within it passes.
final class LimitsEnforcedPropertyEndToEndTests: XCTestCase {
    func test_run_failsEveryStepPastItsLimitOnLimitsFrom10MillisecondsUp() throws {
        let fixture = try fixtureExecutable()
        let seed = UInt64(Date().timeIntervalSince1970)
        var generator = SplitMix64(seed: seed)
        let limits = [10, 20, 50, 100, 130, 200] + (0..<4).map { _ in 10 + Int(generator.next() % 390) }
        var scenarios = limits.map { limit in
            """
              @timeout:\(limit)ms
              Scenario: a \(limit) ms limit
                When a step sleeps \(limit * 13 / 10 + 5) ms

            """
        }
        scenarios.append(
            """
              @tagged
              Scenario: a 120 ms tag timeout
                When a step sleeps 160 ms

              Scenario: a 100 ms limit of the step definition
                When a step with a 100 ms limit sleeps 135 ms

              @timeout:5s
              Scenario: within its limit
                When a step sleeps 20 ms

            """)
        let folder = try makeFixtureFeatures(["l.feature": "Feature: limits\n" + scenarios.joined()])
        let expected = limits.count + 2

        for isolation in [[], ["-j", "2"], ["--no-isolation"]] {
            let run = try runProcess(
                fixture,
                [folder, "--timeout", "30", "--tag-timeout", "@tagged=120ms", "--format", "message:\(folder)/m.ndjson"] + isolation)

            let context = "seed \(seed), limits \(limits), \(isolation): \(run.stderr)"
            XCTAssertEqual(run.status, 1, context)
            let stream = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(folder)/m.ndjson")))
            let results = stream.compactMap(\.testStepFinished).map(\.testStepResult)
            XCTAssertEqual(results.count, expected + 1, context)
            XCTAssertEqual(results.filter { $0.exception?.type == "Timeout" }.count, expected, "\(results.map(\.message)) \(context)")
            XCTAssertEqual(results.filter { $0.status == .passed }.count, 1, context)
            if isolation != ["--no-isolation"] {
                // The watchdog itself ends the step at its deadline (not only the check when it ends), from 50 ms up.
                let ended = results.filter { $0.message?.contains("its worker was replaced") ?? false }.count
                XCTAssertGreaterThanOrEqual(ended, limits.filter { $0 >= 50 }.count + 2, "\(results.map(\.message)) \(context)")
            }
        }
    }
}
