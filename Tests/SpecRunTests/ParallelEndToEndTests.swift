import Foundation
import Messages
import XCTest

/// `--parallel`, `--timeout`, `--shard` and interruption, run as a user runs them: the fixture executable.
final class ParallelEndToEndTests: XCTestCase {
    private let features = """
        Feature: F
          Scenario: passes
            Given a passing step
          Scenario: fails
            Given a failing step
            Then a passing step
          Scenario: crashes
            When a step force-unwraps nil
          @serial
          Scenario: serial one
            When a step sleeps 50 ms
          @serial
          Scenario: serial two
            When a step sleeps 50 ms
          Scenario Outline: rows
            Given a <kind> step
            Examples:
              | kind    |
              | passing |
              | failing |
              | passing |

        """

    func test_parallel_writesTheSameReportsAsASerialRun() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures(["f.feature": features])

        let serial = try runProcess(fixture, [folder, "-j", "1", "--no-color", "--format", "summary", "--format", "junit:\(folder)/1.xml"])
        let parallel = try runProcess(
            fixture,
            [
                folder, "-j", "3", "--no-color", "--format", "summary", "--format", "junit:\(folder)/3.xml",
                "--format", "message:\(folder)/3.ndjson",
            ])

        XCTAssertEqual(serial.status, 1, serial.stderr)
        XCTAssertEqual(parallel.status, 1, parallel.stderr)
        XCTAssertEqual(withoutTimes(parallel.stdout), withoutTimes(serial.stdout))
        XCTAssertTrue(serial.stdout.contains("8 scenarios (3 failed, 5 passed)"), serial.stdout)
        XCTAssertEqual(try junit("\(folder)/3.xml"), try junit("\(folder)/1.xml"))
        let stream = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(folder)/3.ndjson")))
        let started = stream.compactMap(\.testCaseStarted)
        XCTAssertEqual(Set(started.map(\.id)).count, started.count, "no two test case runs share an id")
        XCTAssertEqual(stream.compactMap(\.testRunFinished).count, 1)
        XCTAssertEqual(stream.compactMap(\.testCase).count, 8, "definitions and test cases once")
    }

    func test_timeout_failsAHangingStepReplacesItsWorkerAndGoesOn() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "h.feature": """
            Feature: F
              Scenario: busy
                When a step loops forever
                Then a passing step
              Scenario: awaits
                When a step awaits forever
              Scenario: after
                Given a passing step

            """
        ])
        let began = Date()

        let run = try runProcess(fixture, [folder, "-j", "2", "--timeout", "1", "--format", "message:\(folder)/m.ndjson"])

        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(began), 20)
        let stream = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(folder)/m.ndjson")))
        let results = stream.compactMap(\.testStepFinished).map(\.testStepResult)
        XCTAssertEqual(results.map(\.status), [.failed, .skipped, .failed, .passed])
        XCTAssertTrue(
            results[0].message?.hasPrefix("the step timed out after 1 s (step 'a step loops forever' at ") ?? false,
            results[0].message ?? "")
        XCTAssertEqual(results[0].exception?.type, "Timeout")
        XCTAssertTrue(run.stderr.contains("2 step(s) timed out (after 1 s"), run.stderr)
    }

    /// A scoped timeout, as a user writes it: `@timeout:1s` on one scenario (its worker's watchdog and the
    /// supervisor's deadline follow it), a step definition's `timeout:`, and a tag that is no duration.
    func test_timeoutTag_failsItsScenarioWithTimeoutWhileTheOthersPass() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "t.feature": """
            Feature: F
              @timeout:1s
              Scenario: limited
                When a step sleeps 3000 ms
                Then a passing step
              Scenario: unlimited
                When a step sleeps 1500 ms
              @timeout:500ms
              Scenario: a step definition's limit wins
                When a step with a 5 s limit sleeps 1000 ms
              Scenario: after
                Given a passing step

            """
        ])

        for isolation in [[], ["--no-isolation"]] {
            let began = Date()
            let run = try runProcess(fixture, [folder, "--timeout", "2", "--format", "message:\(folder)/m.ndjson"] + isolation)

            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertLessThan(Date().timeIntervalSince(began), 9, "\(isolation)")
            let stream = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(folder)/m.ndjson")))
            let results = stream.compactMap(\.testStepFinished).map(\.testStepResult)
            XCTAssertEqual(results.map(\.status), [.failed, .skipped, .passed, .passed, .passed], "\(isolation)")
            XCTAssertEqual(results.first?.exception?.type, "Timeout")
            XCTAssertTrue(
                results.first?.message?.hasPrefix("the step timed out after 1 s (step 'a step sleeps 3000 ms' at ") ?? false,
                results.first?.message ?? "")
            XCTAssertTrue(results.first?.message?.contains("@timeout:1s") ?? false, results.first?.message ?? "")
        }
    }

    func test_timeoutTag_namesABadValueAtItsLineAndColumn() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "b.feature": """
            Feature: F
              @smoke @timeout:abc
              Scenario: bad
                Given a passing step
              Scenario: good
                Given a passing step

            """
        ])

        let run = try runProcess(fixture, [folder, "--format", "summary"])

        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("b.feature:2:10: error: tag '@timeout:abc': expected a duration"), run.stderr)
        XCTAssertTrue(run.stdout.contains("2 scenarios (1 failed, 1 passed)"), run.stdout)
    }

    func test_profileTimeouts_limitTheScenariosTheirTagsMatch() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "p.feature": """
            Feature: F
              @slow
              Scenario: slow
                When a step sleeps 2500 ms
              Scenario: other
                When a step sleeps 1200 ms

            """
        ])
        try #"{"default": {"timeouts": {"@slow": "1s"}}}"#.write(toFile: "\(folder)/specrun.json", atomically: true, encoding: .utf8)

        let run = try runProcess(fixture, [folder, "--config", "\(folder)/specrun.json", "--format", "message:\(folder)/m.ndjson"])

        XCTAssertEqual(run.status, 1, run.stderr)
        let results = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(folder)/m.ndjson"))).compactMap(\.testStepFinished).map(
            \.testStepResult)
        XCTAssertEqual(results.map(\.status), [.failed, .passed])
        XCTAssertTrue(results.first?.message?.contains("its limit: --tag-timeout '@slow=1s'") ?? false, results.first?.message ?? "")
    }

    func test_shard_splitsTheTestCasesIntoPartsThatMergeIntoTheSerialRun() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures(["f.feature": features])
        _ = try runProcess(
            fixture,
            [
                folder, "--format", "summary", "--format", "junit:\(folder)/serial.xml",
                "--format", "message:\(folder)/serial.ndjson",
            ])
        var names: [String] = []
        for index in 1...3 {
            let run = try runProcess(fixture, [folder, "--shard", "\(index)/3", "--format", "message:\(folder)/shard\(index).ndjson"])
            XCTAssertNotEqual(run.status, 2, run.stderr)
            let stream = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(folder)/shard\(index).ndjson")))
            let pickles = Dictionary(stream.compactMap(\.pickle).map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
            names += stream.compactMap(\.testCase).compactMap { pickles[$0.pickleId] }
        }

        XCTAssertEqual(names.count, 8, "each test case in exactly one shard")
        XCTAssertEqual(Set(names), ["passes", "fails", "crashes", "serial one", "serial two", "rows"])
        let merged = try runProcess(
            fixture,
            [
                "report", "\(folder)/shard1.ndjson", "\(folder)/shard2.ndjson", "\(folder)/shard3.ndjson",
                "--no-color", "--format", "summary",
            ])
        XCTAssertTrue(merged.stdout.contains("8 scenarios (3 failed, 5 passed)"), merged.stdout + merged.stderr)
    }

    func test_shardTimings_refusesAFileThatIsNoMessageStream() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures(["f.feature": features, "timings.ndjson": "hello\n"])

        let run = try runProcess(fixture, [folder, "--shard", "1/2", "--shard-timings", "\(folder)/timings.ndjson"])

        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.hasPrefix("specrun-crash-fixture: --shard-timings: "), run.stderr)
        XCTAssertEqual(run.stderr.split(separator: "\n").count, 2, run.stderr)
    }

    func test_interrupt_reportsTheRunningScenariosAndWritesEveryReport() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "slow.feature": (1...6).map { "  Scenario: s\($0)\n    When a slow step\n" }
                .reduce("Feature: F\n", +)
        ])
        let process = Process()
        process.executableURL = fixture
        process.arguments = [folder, "-j", "2", "--format", "junit:\(folder)/j.xml", "--format", "message:\(folder)/m.ndjson"]
        process.currentDirectoryURL = FileManager.default.temporaryDirectory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 1)
        let interrupted = Date()
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()

        XCTAssertLessThan(Date().timeIntervalSince(interrupted), 2)
        XCTAssertEqual(process.terminationStatus, 130)
        let stream = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(folder)/m.ndjson")))
        let started = stream.compactMap(\.testCaseStarted)
        XCTAssertLessThanOrEqual(started.count, 2, "at most the two running ones, nothing new")
        XCTAssertEqual(
            stream.compactMap(\.testStepFinished).map { $0.testStepResult.exception?.type },
            Array(repeating: "Interrupted", count: started.count))
        XCTAssertEqual(stream.compactMap(\.testRunFinished).map(\.success), [false])
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/j.xml"))
    }

    func test_sigkill_leavesNoReportUnderItsNameAndAStreamSoFarThatReportReads() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "k.feature": "Feature: F\n" + (1...40).map { "  Scenario: s\($0)\n    When a step sleeps 100 ms\n" }.joined()
        ])
        let process = Process()
        process.executableURL = fixture
        process.arguments = [folder, "--format", "message:\(folder)/out/m.ndjson", "--format", "junit:\(folder)/out/j.xml"]
        process.currentDirectoryURL = FileManager.default.temporaryDirectory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Kill it once the stream has reached the disk (a loaded machine may take a while to start the workers).
        RunOnDisk.waitUntil(seconds: 20, every: 0.05) { RunOnDisk.streamText(in: "\(folder)/out")?.contains("testCaseFinished") == true }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        let names = try FileManager.default.contentsOfDirectory(atPath: "\(folder)/out")
        XCTAssertFalse(names.contains("m.ndjson"), "no half-written file under the final name")
        XCTAssertFalse(names.contains("j.xml"))
        guard let partial = names.first(where: { $0.hasPrefix(".m.ndjson.") && !$0.hasSuffix(".journal.tmp") }) else {
            return XCTFail("no stream so far: \(names)")
        }
        let report = try runProcess(fixture, ["report", "\(folder)/out/\(partial)", "--no-color", "--format", "summary"])
        XCTAssertEqual(report.status, 2, report.stderr)
        XCTAssertTrue(report.stdout.contains("passed"), report.stdout + report.stderr)
    }

    // MARK: - Helpers

    private func withoutTimes(_ text: String) -> String {
        text.split(separator: "\n").filter { !$0.hasPrefix("0m") }.joined(separator: "\n")
    }

    private func junit(_ path: String) throws -> String {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let times = try NSRegularExpression(pattern: #"(time|timestamp)="[^"]*""#)
        return times.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "$1=\"\"")
    }
}
