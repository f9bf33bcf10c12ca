import Foundation
import Messages
import XCTest

/// Runs the crash fixture as a user would, with a wall-clock limit the test keeps itself: a run that hangs is a
/// failed test (the process group killed), never a hung test suite.
struct HostileProcessRun {
    var status: Int32
    var stderr: String
    var seconds: Double
    var hung: Bool
    var folder: String
    /// The message report (`m.ndjson`), decoded; empty when it was not written.
    var stream: [Envelope]

    var statuses: [TestStepResultStatus] { stream.compactMap(\.testStepFinished).map(\.testStepResult.status) }
    /// The same, ordered by scenario as the feature has them (a replacement worker may finish the scenario after a
    /// hostile one before the supervisor has reported the hostile one: the stream's order is not the feature's).
    var statusesInFeatureOrder: [TestStepResultStatus] {
        var pickleOrder: [String: Int] = [:], caseOrder: [String: Int] = [:], startedOrder: [String: Int] = [:]
        var finished: [(order: Int, status: TestStepResultStatus)] = []
        for envelope in stream {
            if let pickle = envelope.pickle { pickleOrder[pickle.id] = pickleOrder.count }
            if let testCase = envelope.testCase { caseOrder[testCase.id] = pickleOrder[testCase.pickleId] ?? Int.max }
            if let started = envelope.testCaseStarted { startedOrder[started.id] = caseOrder[started.testCaseId] ?? Int.max }
            if let step = envelope.testStepFinished {
                finished.append((startedOrder[step.testCaseStartedId] ?? Int.max, step.testStepResult.status))
            }
        }
        return finished.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }.map(\.element.status)
    }
    var failureMessages: [String] { stream.compactMap(\.testStepFinished).compactMap(\.testStepResult.message) }
    var exceptionTypes: [String] { stream.compactMap(\.testStepFinished).compactMap(\.testStepResult.exception?.type) }
    var runFinished: TestRunFinished? { stream.compactMap(\.testRunFinished).last }
    var hookResults: [TestStepResult] { stream.compactMap(\.testRunHookFinished).map(\.result) }

    /// Each finished test case's scenario name and worst status, in stream order.
    var scenarios: [(name: String, status: TestStepResultStatus)] {
        var pickleNames: [String: String] = [:], caseNames: [String: String] = [:], startedCases: [String: String] = [:]
        var worst: [String: TestStepResultStatus] = [:]
        var result: [(name: String, status: TestStepResultStatus)] = []
        for envelope in stream {
            if let pickle = envelope.pickle { pickleNames[pickle.id] = pickle.name }
            if let testCase = envelope.testCase { caseNames[testCase.id] = pickleNames[testCase.pickleId] ?? "" }
            if let started = envelope.testCaseStarted { startedCases[started.id] = started.testCaseId }
            if let step = envelope.testStepFinished {
                let status = step.testStepResult.status
                if status.severity > (worst[step.testCaseStartedId]?.severity ?? -1) { worst[step.testCaseStartedId] = status }
            }
            if let finished = envelope.testCaseFinished, !finished.willBeRetried {
                let name = startedCases[finished.testCaseStartedId].flatMap { caseNames[$0] } ?? ""
                result.append((name, worst[finished.testCaseStartedId] ?? .unknown))
            }
        }
        return result
    }
}

extension XCTestCase {
    /// Runs the fixture on `features` with `arguments` (a message report `m.ndjson` and a JUnit report `j.xml` in
    /// the features' folder are added; without `messageReport`, a JSON report `c.json` instead of the message
    /// report), killing it after `limit` seconds. `during` runs once it started (to send signals), given its pid
    /// and the folder.
    func runHostile(
        _ features: [String: String], _ arguments: [String] = [], environment: [String: String] = [:],
        limit: Double = 30, messageReport: Bool = true, during: ((pid_t, String) -> Void)? = nil
    ) throws -> HostileProcessRun {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures(features)
        let process = Process()
        process.executableURL = fixture
        let report = messageReport ? "message:\(folder)/m.ndjson" : "json:\(folder)/c.json"
        process.arguments = [folder, "--format", report, "--format", "junit:\(folder)/j.xml"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let started = Date()
        try process.run()
        let reader = ErrorsReader(errors.fileHandleForReading)
        during?(process.processIdentifier, folder)
        let ended = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            process.waitUntilExit(); ended.signal()
        }
        var hung = false
        if ended.wait(timeout: .now() + limit) == .timedOut {
            hung = true
            kill(process.processIdentifier, SIGKILL)
            ended.wait()
        }
        let seconds = Date().timeIntervalSince(started)
        let stderr = hung ? "(hung: killed after \(limit) s)" : reader.text()
        let data = FileManager.default.contents(atPath: "\(folder)/m.ndjson")
        let stream = try data.map { try NDJSON.decode($0) } ?? []
        return HostileProcessRun(
            status: process.terminationStatus, stderr: stderr, seconds: seconds, hung: hung, folder: folder, stream: stream)
    }

    /// Waits (up to 20 s: a loaded machine) until the message stream on disk shows `count` step starts — the
    /// hostile step running — and a moment more.
    func waitForStepStarts(_ count: Int, in folder: String) {
        RunOnDisk.waitUntil(seconds: 20) {
            (RunOnDisk.streamText(in: folder)?.components(separatedBy: "\"testStepStarted\"").count ?? 0) - 1 >= count
        }
        usleep(300_000)
    }

    /// A process's state letter from /proc (`T`: stopped), nil once it is gone.
    func processState(of pid: pid_t) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[close...].dropFirst(2).first
    }

    /// A feature of a passing scenario, the hostile one, and another passing one.
    func betweenPassingScenarios(_ step: String) -> [String: String] {
        [
            "h.feature": """
            Feature: Hostile
              Scenario: before
                Given a passing step
              Scenario: hostile
                \(step)
              Scenario: after
                Given a passing step

            """
        ]
    }
}
