import Foundation
import Messages
import XCTest

/// Steps that exhaust a resource — memory under `--memory-limit`, processes left running, a huge failure message,
/// a huge attachment: the run finishes, the scenario is reported with the cause, the others are unaffected, the
/// exit code is right. (`HostileStepsEndToEndTests`: crashes, exits and stdout.)
final class HostileResourceStepsEndToEndTests: XCTestCase {
    func test_run_failsTheScenarioWithTheLimitAndRunsTheOthersOnUnboundedAllocationUnderAMemoryLimit() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "m.feature": """
            Feature: Memory
              Scenario: before
                Given a passing step
              Scenario: hoards memory
                When a step allocates memory without end
                Then a passing step
              Scenario: after
                Given a passing step

            """
        ])

        let run = try runProcess(
            fixture,
            [
                folder, "--memory-limit", "256M", "--format", "message:\(folder)/m.ndjson",
                "--format", "junit:\(folder)/j.xml",
            ])

        XCTAssertEqual(run.status, 1, run.stderr)
        let stream = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(folder)/m.ndjson")))
        let results = stream.compactMap(\.testStepFinished).map(\.testStepResult)
        XCTAssertEqual(results.map(\.status), [.passed, .failed, .skipped, .passed])
        let message = results[1].message ?? ""
        XCTAssertTrue(message.contains("it ran out of memory: the worker's --memory-limit of 256M was reached"), message)
        XCTAssertTrue(message.contains("failed to allocate"), "the runtime's own line: \(message)")
        XCTAssertFalse(run.stderr.contains("Backtracing"), "no Swift stack trace: \(run.stderr)")
        let junit = try String(contentsOfFile: "\(folder)/j.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains(#"tests="3""#) && junit.contains(#"failures="1""#), junit)
    }

    func test_run_refusesAMemoryLimitWithOneLineOnNoIsolationOrATooSmallSize() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures(["a.feature": "Feature: F\n  Scenario: S\n    Given a passing step\n"])

        let inProcess = try runProcess(fixture, [folder, "--memory-limit", "1G", "--no-isolation"])
        let tiny = try runProcess(fixture, [folder, "--memory-limit", "1M"])
        let garbled = try runProcess(fixture, [folder, "--memory-limit", "lots"])

        XCTAssertEqual([inProcess.status, tiny.status, garbled.status], [2, 2, 2])
        XCTAssertTrue(inProcess.stderr.hasPrefix("specrun-crash-fixture: --memory-limit applies to worker processes"), inProcess.stderr)
        XCTAssertTrue(tiny.stderr.hasPrefix("specrun-crash-fixture: --memory-limit 1M: a worker needs at least 64M"), tiny.stderr)
        XCTAssertTrue(garbled.stderr.hasPrefix("specrun-crash-fixture: --memory-limit: expected a size such as 512M"), garbled.stderr)
    }

    func test_run_endsTheProcessGroupAndDoesNotWaitForItsPipesOnAChildThatOutlivesItsStep() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "c.feature": """
            Feature: Children
              Scenario: leaves a process behind
                When a step starts a process that outlives it, its pid in "PIDFILE"
              Scenario: after
                Given a passing step

            """.replacingOccurrences(of: "PIDFILE", with: NSTemporaryDirectory() + "specrun-child-\(UUID().uuidString)")
        ])
        let pidFile = try String(contentsOfFile: "\(folder)/c.feature", encoding: .utf8)
            .split(separator: "\"")[1]
        addTeardownBlock { try? FileManager.default.removeItem(atPath: String(pidFile)) }

        let started = Date()
        let run = try runProcess(fixture, [folder, "--format", "message:\(folder)/m.ndjson"])

        XCTAssertLessThan(Date().timeIntervalSince(started), 20, "the child sleeps 300 s: the run did not wait for it")
        XCTAssertEqual(run.status, 0, run.stderr)
        let stream = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(folder)/m.ndjson")))
        XCTAssertEqual(stream.compactMap(\.testStepFinished).map(\.testStepResult.status), [.passed, .passed])
        let pid = try XCTUnwrap(
            Int32(
                String(contentsOfFile: String(pidFile), encoding: .utf8)
                    .trimmingCharacters(in: .whitespacesAndNewlines)), "the step wrote its child's pid")
        XCTAssertFalse(Self.isAlive(pid), "the child ended with its worker's process group")
    }

    func test_run_leavesAProcessOfAnotherWorkerTokenAliveOnAChildThatOutlivesItsStep() throws {
        let fixture = try fixtureExecutable()
        let bystander = Process()
        bystander.executableURL = URL(fileURLWithPath: "/bin/sleep")
        bystander.arguments = ["30"]
        bystander.environment = ["SPECRUN_WORKER_TOKEN": "1.0.42"]
        try bystander.run()
        defer { bystander.terminate() }
        let pidFile = NSTemporaryDirectory() + "specrun-child-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: pidFile) }
        let folder = try makeFixtureFeatures([
            "c.feature": """
            Feature: Children
              Scenario: leaves a process behind
                When a step starts a process that outlives it, its pid in "\(pidFile)"

            """
        ])

        let run = try runProcess(fixture, [folder])

        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(bystander.isRunning, "only the worker's own token's processes are ended")
    }

    func test_run_reportsTheWholeMessageInEveryReportOnAOneMegabyteFailureMessage() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "b.feature": """
            Feature: Big message
              Scenario: fails at length
                When a step fails with a message of 1024 KiB
              Scenario: after
                Given a passing step

            """
        ])

        let run = try runProcess(
            fixture,
            [
                folder, "--format", "message:\(folder)/m.ndjson", "--format", "junit:\(folder)/j.xml",
                "--format", "json:\(folder)/c.json",
            ])

        XCTAssertEqual(run.status, 1, String(run.stderr.prefix(500)))
        let stream = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(folder)/m.ndjson")))
        let results = stream.compactMap(\.testStepFinished).map(\.testStepResult)
        XCTAssertEqual(results.map(\.status), [.failed, .passed])
        XCTAssertGreaterThanOrEqual(results[0].message?.count ?? 0, 1 << 20)
        for report in ["j.xml", "c.json"] {
            let size = try FileManager.default.attributesOfItem(atPath: "\(folder)/\(report)")[.size] as? Int ?? 0
            XCTAssertGreaterThan(size, 1 << 20, "\(report) holds the whole message")
        }
    }

    func test_run_carriesTheWholeAttachmentAndRunsTheOthersOnAFiftyMegabyteAttachment() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "a.feature": """
            Feature: Big attachment
              Scenario: attaches 50 MB
                When a step attaches 50 MB
              Scenario: after
                Given a passing step

            """
        ])

        let started = Date()
        let run = try runProcess(fixture, [folder, "--format", "message:\(folder)/m.ndjson", "--format", "junit:\(folder)/j.xml"])

        XCTAssertEqual(run.status, 0, String(run.stderr.prefix(500)))
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)
        let stream = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(folder)/m.ndjson")))
        XCTAssertEqual(stream.compactMap(\.testStepFinished).map(\.testStepResult.status), [.passed, .passed])
        let attachment = try XCTUnwrap(stream.compactMap(\.attachment).first)
        XCTAssertEqual(attachment.body.count, (50 << 20) / 3 * 4 + 4, "base64 of 50 MiB")
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/j.xml"))
    }

    /// Neither running nor a zombie waiting to be reaped.
    static func isAlive(_ pid: Int32) -> Bool {
        for _ in 0..<50 {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
            let state = stat.split(separator: ")").last?.split(separator: " ").first
            if state == "Z" || state == "X" { return false }
            usleep(20_000)
        }
        return true
    }
}
