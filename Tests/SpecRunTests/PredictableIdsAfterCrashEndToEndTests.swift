import Foundation
import Messages
import XCTest

/// With `--predictable-ids` every id is the next number of one sequence. A worker started after a crash once
/// numbered its test cases one off from the first worker's (whose BeforeAll hook run had taken a number first):
/// every later scenario was reported PASSED with an empty name, failures included. Each option set here runs a
/// suite with a crash, failures and a BeforeAll hook; every scenario's name and status must be the clean run's.
final class PredictableIdsAfterCrashEndToEndTests: XCTestCase {
    func test_run_namesEveryScenarioWithItsOwnStatusOnACrashWithPredictableIds() throws {
        try assertHonest([])
    }

    func test_run_namesEveryScenarioWithItsOwnStatusOnACrashWithPredictableIdsAndRetry() throws {
        try assertHonest(["--retry", "1"])
    }

    func test_run_namesEveryScenarioWithItsOwnStatusOnACrashWithPredictableIdsAndAShard() throws {
        try assertHonest(["--shard", "1/2"])
        try assertHonest(["--shard", "2/2"])
    }

    func test_run_namesEveryScenarioWithItsOwnStatusOnACrashWithPredictableIdsAndRandomOrder() throws {
        try assertHonest(["--order", "random:7"])
    }

    func test_run_namesEveryScenarioWithItsOwnStatusOnACrashWithPredictableIdsAndTwoWorkers() throws {
        try assertHonest(["-j", "2"])
    }

    // MARK: - Helpers

    /// s1 and s6 crash their worker, even ones fail, the rest pass.
    private static let expected: [String: TestStepResultStatus] = Dictionary(
        uniqueKeysWithValues: (0..<10).map { index in
            ("s\(index)", index == 1 || index == 6 || index % 2 == 0 ? .failed : .passed)
        })

    private func assertHonest(_ options: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let feature =
            "Feature: drift\n"
            + (0..<10).map { index in
                let step =
                    index == 1 || index == 6
                    ? "When a step calls fatalError" : index % 2 == 0 ? "Given a failing step" : "Given a passing step"
                return "  Scenario: s\(index)\n    \(step)\n"
            }.joined()
        let run = try runHostile(
            ["d.feature": feature], ["--predictable-ids"] + options,
            environment: ["SPECRUN_FIXTURE_BEFORE_ALL": "1"])
        XCTAssertFalse(run.hung, run.stderr, file: file, line: line)
        XCTAssertEqual(run.status, 1, run.stderr, file: file, line: line)
        let testCases = Set(run.stream.compactMap(\.testCase).map(\.id))
        let steps = Set(run.stream.compactMap(\.testCase).flatMap(\.testSteps).map(\.id))
        XCTAssertEqual(
            run.stream.compactMap(\.testCaseStarted).filter { !testCases.contains($0.testCaseId) }.count, 0,
            "every result names a planned test case \(options)", file: file, line: line)
        XCTAssertEqual(
            run.stream.compactMap(\.testStepFinished).filter { !steps.contains($0.testStepId) }.count, 0,
            "every step result names a planned step \(options)", file: file, line: line)
        let scenarios = run.scenarios
        XCTAssertFalse(scenarios.isEmpty, file: file, line: line)
        XCTAssertEqual(Set(scenarios.map(\.name)).count, scenarios.count, "each scenario once \(options)", file: file, line: line)
        for scenario in scenarios {
            XCTAssertEqual(scenario.status, Self.expected[scenario.name], "\(scenario.name) \(options)", file: file, line: line)
        }
        if !options.contains("--shard") {
            XCTAssertEqual(scenarios.count, 10, "\(options)", file: file, line: line)
        }
    }
}
