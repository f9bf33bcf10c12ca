import Foundation
import Messages
@testable import SpecRun
import XCTest

/// The supervisor with simulated workers: each runs the real `WorkerCommand` in this process, and "crashes"
/// (its output cut off, a SIGILL reported) where a step throws `SimulatedCrash`.
final class IsolatedRunCommandTests: XCTestCase {
    func test_run_resumesAfterTheCrashedScenarioAndReportsOneCompleteStream() async throws {
        let folder = try makeFeatures(["c.feature": """
            Feature: F
              Scenario: A
                Given a passing step
              Scenario: B
                Given a crashing step
                Given a passing step
              Scenario: C
                Given a passing step

            """])
        let (sut, launcher, console) = makeSUT(["\(folder)/c.feature", "--format", "message", "--predictable-ids"])

        let code = await sut.run()

        XCTAssertEqual(code, 1, console.stderr)
        XCTAssertEqual(launcher.received.count, 2)
        XCTAssertFalse(launcher.received[0].contains(WorkerFlag.resumeAfter))
        XCTAssertEqual(launcher.received[1].suffix(3), [WorkerFlag.resumeAfter, "2", "\(folder)/c.feature"])
        let stream = try NDJSON.decode(console.stdout)
        let started = stream.compactMap(\.testCaseStarted)
        XCTAssertEqual(started.count, 3)
        XCTAssertEqual(Set(started.map(\.id)).count, 3, "unique ids")
        XCTAssertEqual(Set(stream.compactMap(\.testCaseFinished).map(\.testCaseStartedId)), Set(started.map(\.id)))
        XCTAssertEqual(stream.compactMap(\.testStepFinished).map(\.testStepResult.status), [.passed, .failed, .skipped, .passed])
        XCTAssertEqual(stream.compactMap(\.testStepFinished)[1].testStepResult.exception?.type, "Crash")
        XCTAssertEqual(stream.compactMap(\.testRunFinished).map(\.success), [false])
        XCTAssertEqual(stream.compactMap(\.pickle).count, 3, "definitions once")
        XCTAssertTrue(console.stderr.contains("1 crash(es) of the worker process"), console.stderr)
    }

    func test_run_givesEveryWorkerTheSameResolvedRandomOrderAndIdSeed() async throws {
        let folder = try makeFeatures(["c.feature": """
            Feature: F
              Scenario: A
                Given a crashing step
              Scenario: B
                Given a passing step

            """])
        let (sut, launcher, console) = makeSUT([folder, "--order", "random", "--format", "summary"])

        _ = await sut.run()

        XCTAssertEqual(launcher.received.count, 2)
        for arguments in launcher.received {
            XCTAssertTrue(arguments.joined(separator: " ").contains("--order random:1234 --id-seed 99 "), "\(arguments)")
        }
        XCTAssertTrue(console.stderr.contains("Randomized with seed 1234"), console.stderr)
    }

    func test_run_returnsTheUsageErrorOfAWorkerThatCouldNotStart() async throws {
        let (sut, launcher, console) = makeSUT(["/no/such/folder"])

        let code = await sut.run()

        XCTAssertEqual(code, 2)
        XCTAssertEqual(launcher.received.count, 1)
        XCTAssertTrue(console.stderr.contains("no such file or folder: /no/such/folder"), console.stderr)
    }

    func test_run_refusesAnUnknownFormatBeforeStartingAWorker() async throws {
        var options = RunOptions()
        options.formats = [FormatRequest(name: "nope", path: nil)]
        let console = SpyConsole()
        let launcher = SimulatedWorkers(console: console)
        let sut = IsolatedRunCommand(options: options, libraries: [CLITestSteps.self, CrashingSteps.self],
                                     console: console, launcher: launcher)

        let code = await sut.run()

        XCTAssertEqual(code, 2)
        XCTAssertTrue(launcher.received.isEmpty)
    }

    // MARK: - Helpers

    private func makeSUT(_ arguments: [String]) -> (IsolatedRunCommand, SimulatedWorkers, SpyConsole) {
        guard case .run(let options) = try? CommandLineParser.parse(arguments + ["--no-color"]) else {
            fatalError("not a run: \(arguments)")
        }
        let console = SpyConsole()
        let launcher = SimulatedWorkers(console: console)
        var sut = IsolatedRunCommand(options: options, libraries: [CLITestSteps.self, CrashingSteps.self],
                                     console: console, launcher: launcher)
        sut.now = { Date(timeIntervalSince1970: 0) }
        sut.randomSeed = { 1234 }
        sut.idSeed = { 99 }
        return (sut, launcher, console)
    }

    private func makeFeatures(_ files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-supervisor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder.path
    }
}

struct SimulatedCrash: Error {}

enum CrashingSteps: StepLibrary {
    static func register(_ steps: inout Steps<CLITestWorld>) {
        steps.given("a crashing step") { _ in throw SimulatedCrash() }
    }
}

/// Workers run in this process: the output is cut just before the result of a step that threw `SimulatedCrash`,
/// as a crash would cut it, and the worker "dies" of SIGILL.
final class SimulatedWorkers: WorkerLauncher {
    private(set) var received: [[String]] = []
    private let console: SpyConsole

    init(console: SpyConsole) { self.console = console }

    func run(arguments: [String], onOutput: ([UInt8]) -> Void) async throws -> WorkerResult {
        received.append(arguments)
        guard case .run(let options) = try CommandLineParser.parse(arguments), options.worker else {
            return WorkerResult(exit: .exited(2))
        }
        var output: [UInt8] = []
        var crashed = false
        let worker = WorkerCommand(options: options, libraries: [CLITestSteps.self, CrashingSteps.self], console: console,
                                   write: { chunk in
                                       guard !crashed else { return }
                                       if String(decoding: chunk, as: UTF8.self).contains("SimulatedCrash") {
                                           crashed = true
                                           return
                                       }
                                       output += chunk
                                   })
        let code = await worker.run()
        onOutput(output)
        return WorkerResult(exit: crashed ? .signaled(4) : .exited(code))
    }
}
