import Foundation
import Messages
import SharedState
import XCTest

@testable import SpecRun
@testable import SpecRunWorkers

final class WorkerCommandTests: XCTestCase {
    func test_run_sendsThePreludeThenRunsOnlyTheTestCasesHandedOut() async throws {
        let folder = try makeFeatures([
            "two.feature": "Feature: F\n  Scenario: A\n    Given a passing step\n  Scenario: B\n    Given a failing step\n"
        ])
        let configuration = WorkerConfiguration(paths: [folder], predictableIds: true)

        let (code, events) = try await run(configuration, instructions: ["run 1", "end"])

        XCTAssertEqual(code, 1)
        let envelopes = events.flatMap { if case .envelopes(_, let list) = $0 { return list } else { return [] } }
        XCTAssertEqual(envelopes.compactMap(\.testCase).count, 2, "every test case is announced")
        let started = envelopes.compactMap(\.testCaseStarted)
        XCTAssertEqual(started.map(\.testCaseId), [envelopes.compactMap(\.testCase)[1].id], "only the one handed out runs")
        XCTAssertEqual(envelopes.last?.testRunFinished?.success, false)
        let readies = events.filter { if case .control(_, .ready) = $0 { return true } else { return false } }
        XCTAssertEqual(readies.count, 1, "ready once, after the prelude")
    }

    func test_run_reportsEveryStepSkippedOnSkip() async throws {
        let folder = try makeFeatures(["one.feature": "Feature: F\n  Scenario: A\n    Given a passing step\n"])

        let (_, events) = try await run(WorkerConfiguration(paths: [folder]), instructions: ["skip 0"])

        let envelopes = events.flatMap { if case .envelopes(_, let list) = $0 { return list } else { return [] } }
        XCTAssertEqual(envelopes.compactMap(\.testStepFinished).map(\.testStepResult.status), [.skipped])
        XCTAssertNotNil(envelopes.last?.testRunFinished, "the end of stdin ends the run")
    }

    func test_run_makesRunIdsApartFromWorkerZerosOnAnotherWorker() async throws {
        let folder = try makeFeatures(["one.feature": "Feature: F\n  Scenario: A\n    Given a passing step\n"])
        var configuration = WorkerConfiguration(paths: [folder], predictableIds: true)
        configuration.number = 2

        let (_, events) = try await run(configuration, instructions: ["run 0"])

        let envelopes = events.flatMap { if case .envelopes(_, let list) = $0 { return list } else { return [] } }
        XCTAssertEqual(envelopes.compactMap(\.testCaseStarted).map(\.id), ["w2-0"])
    }

    func test_run_sendsTheFeaturesSourcesOnlyWhenAMessageReportWantsThem() async throws {
        let folder = try makeFeatures(["one.feature": "Feature: F\n  Scenario: A\n    Given a passing step\n"])
        var withReport = WorkerConfiguration(paths: [folder])
        withReport.messageReport = true

        let (_, plain) = try await run(WorkerConfiguration(paths: [folder]), instructions: ["run 0"])
        let (_, reported) = try await run(withReport, instructions: ["run 0"])

        let envelopes: ([WorkerEvent]) -> [Envelope] = { events in
            events.flatMap { if case .envelopes(_, let list) = $0 { return list } else { return [] } }
        }
        XCTAssertEqual(envelopes(plain).compactMap(\.source).count, 0)
        XCTAssertEqual(envelopes(plain).compactMap(\.gherkinDocument).count, 1, "the document still goes")
        XCTAssertEqual(envelopes(reported).compactMap(\.source).map { URL(fileURLWithPath: $0.uri).lastPathComponent }, ["one.feature"])
    }

    func test_run_sendsNoDocumentsWhenTheSupervisorMakesThem() async throws {
        let folder = try makeFeatures([
            "one.feature": "Feature: F\n  Scenario: A\n    Given a passing step\n",
            "two.feature": "Feature: G\n  Scenario B\n",
        ])
        var configuration = WorkerConfiguration(paths: [folder])
        configuration.messageReport = true
        configuration.sendsDocuments = false

        let (_, events) = try await run(configuration, instructions: ["run 0"])

        let envelopes = events.flatMap { if case .envelopes(_, let list) = $0 { return list } else { return [] } }
        XCTAssertEqual(envelopes.filter(WorkerCommand.isDocumentEnvelope).count, 0)
        XCTAssertEqual(envelopes.first?.kind, .meta)
        XCTAssertEqual(envelopes.compactMap(\.testCase).count, 1, "the test cases still go")
        XCTAssertEqual(envelopes.compactMap(\.testCaseStarted).count, 1)
    }

    func test_run_parsesOnlyTheNamedTestCasesFilesAndRunsThemWithTheFirstWorkersIdsOnAWorkerNamingTestCases() async throws {
        let folder = try makeFeatures([
            "one.feature": "Feature: F\n  Scenario: A\n    Given a passing step\n",
            "two.feature": "Feature: G\n  Scenario: B\n    Given a passing step\n    Given a passing step\n",
        ])
        var first = WorkerConfiguration(paths: [folder], idSeed: 99)
        first.namesTestCases = true
        var other = first
        other.number = 1
        let (_, prelude) = try await run(first, instructions: [])
        let pickle = try XCTUnwrap(envelopes(prelude).compactMap(\.pickle).first { $0.name == "B" })
        let planned = try XCTUnwrap(envelopes(prelude).compactMap(\.testCase).first { $0.pickleId == pickle.id })

        let (code, events) = try await run(other, instructions: ["name 1 \(pickle.id) \(pickle.uri)", "run 1"])

        XCTAssertEqual(code, 0)
        XCTAssertEqual(envelopes(events).filter { [.gherkinDocument, .pickle, .testCase].contains($0.kind) }.count, 0)
        XCTAssertEqual(envelopes(events).compactMap(\.testCaseStarted).map(\.testCaseId), [planned.id])
        XCTAssertEqual(envelopes(events).compactMap(\.testStepFinished).map(\.testStepId), planned.testSteps.map(\.id))
        XCTAssertTrue(events.contains { if case .control(_, .ready(0, true, nil)) = $0 { return true } else { return false } })
    }

    func test_run_endsWithAFatalErrorRatherThanLeaveTheSupervisorWaitingOnATestCaseItCannotFind() async throws {
        let folder = try makeFeatures(["one.feature": "Feature: F\n  Scenario: A\n    Given a passing step\n"])
        var configuration = WorkerConfiguration(paths: [folder], idSeed: 99)
        configuration.namesTestCases = true
        configuration.number = 1
        let console = SpyConsole()

        let (code, events) = try await run(
            configuration, instructions: ["name 0 not-a-pickle one.feature", "run 0"],
            console: console)

        XCTAssertEqual(code, 2)
        XCTAssertEqual(envelopes(events).compactMap(\.testCaseStarted).count, 0)
        XCTAssertTrue(console.stderr.contains("Fatal error: scenario 0 is not in its feature file"), console.stderr)
    }

    func test_run_runsEachFilesTestCasesUnaskedOnceItPlannedThemOnWorkerZero() async throws {
        let folder = try makeFeatures(Self.threeFiles)
        var configuration = WorkerConfiguration(paths: [folder], idSeed: 99)
        configuration.plansByFile = true
        configuration.sendsDocuments = false

        let (code, events) = try await run(configuration, instructions: ["end"])

        XCTAssertEqual(code, 0)
        XCTAssertEqual(
            lines(events),
            ["testCase", "planned 1", "run", "testCase", "planned 2", "run", "testCase", "planned 3", "ready 3", "run"],
            "each file's scenarios run before the next file is planned")
    }

    func test_run_plansAFileOnlyWhileNoInstructionWaitsWhenItPlansTheRestOfARun() async throws {
        let folder = try makeFeatures(Self.threeFiles)
        var configuration = WorkerConfiguration(paths: [folder], idSeed: 99, number: 1)
        configuration.plansByFile = true
        configuration.sendsDocuments = false

        let (waiting, waited) = try await run(configuration, instructions: ["run 0", "end"], hasInstruction: { true })
        let (_, idle) = try await run(configuration, instructions: ["run 0", "end"])

        XCTAssertEqual(waiting, 0)
        XCTAssertEqual(
            lines(waited), ["testCase", "planned 1", "run"], "only the file of the test case handed out, while instructions wait")
        XCTAssertEqual(
            lines(idle), ["testCase", "planned 1", "testCase", "planned 2", "testCase", "planned 3", "ready 3", "run"],
            "with no instruction waiting meanwhile, every file first")
    }

    func test_run_sendsTheWholePlanBeforeItsReadyOnIdsNumberedInOneSequence() async throws {
        let folder = try makeFeatures(Self.threeFiles)
        var configuration = WorkerConfiguration(paths: [folder], predictableIds: true)
        configuration.plansByFile = true
        configuration.sendsDocuments = false

        let (_, events) = try await run(configuration, instructions: ["run 0"], hasInstruction: { true })

        XCTAssertEqual(lines(events), ["testCase", "testCase", "testCase", "ready 3", "run"])
    }

    func test_run_plansAsFarAsTheTestCaseItIsHandedWithTheFirstWorkersIdsWhenItPlansTheRestOfARun() async throws {
        let folder = try makeFeatures(Self.threeFiles)
        var first = WorkerConfiguration(paths: [folder], idSeed: 99)
        first.plansByFile = true
        first.sendsDocuments = false
        var next = first
        next.number = 1
        let (_, firstEvents) = try await run(first, instructions: [])
        let planned = envelopes(firstEvents).compactMap(\.testCase)

        let (code, events) = try await run(next, instructions: ["run 2"], hasInstruction: { true })

        XCTAssertEqual(code, 0)
        XCTAssertEqual(lines(events), ["testCase", "planned 1", "testCase", "planned 2", "testCase", "planned 3", "ready 3", "run"])
        XCTAssertEqual(envelopes(events).compactMap(\.testCase), planned, "the very plan of the worker before it")
        XCTAssertEqual(envelopes(events).compactMap(\.testCaseStarted).map(\.testCaseId), [planned[2].id])
    }

    func test_run_letsASignalSentToTheProcessActAfterEachTestCasesLinesWentOutAndBeforeTheNextStarts() async throws {
        let folder = try makeFeatures(Self.threeFiles)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-worker-\(UUID().uuidString)").path
        let fd = open(output, O_CREAT | O_RDWR | O_TRUNC, 0o600)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer {
            close(fd)
            unlink(output)
        }
        let configuration = WorkerConfiguration(paths: [folder], predictableIds: true)
        let lines = Lines([String(decoding: configuration.encodedLine().dropLast(), as: UTF8.self), "runs 0 3", "end"])
        let seen = Locked<[String]>([])
        var sut = WorkerCommand(
            libraries: [CLITestSteps.self], console: SpyConsole(), nextLine: { lines.next() }, outbox: WorkerOutbox(fd: fd))
        sut.letProcessSignalAct = {
            // What the supervisor has of the run when the signal may act: every line of the test cases so far.
            let written = Self.envelopes(inFile: output)
            seen.withLock {
                $0.append(
                    "\(written.compactMap(\.testCaseStarted).count) started, \(written.compactMap(\.testCaseFinished).count) finished")
            }
        }

        _ = await sut.run()

        XCTAssertEqual(seen.value, ["1 started, 1 finished", "2 started, 2 finished", "3 started, 3 finished"])
    }

    /// Three files of one passing scenario each.
    private static let threeFiles = [
        "a.feature": "Feature: A\n  Scenario: A\n    Given a passing step\n",
        "b.feature": "Feature: B\n  Scenario: B\n    Given a passing step\n",
        "c.feature": "Feature: C\n  Scenario: C\n    Given a passing step\n",
    ]

    /// What a worker sent, in order: each `testCase` message, each test case's run (its start), its `planned` and
    /// `ready` lines.
    private func lines(_ events: [WorkerEvent]) -> [String] {
        events.flatMap { event -> [String] in
            switch event {
            case .envelopes(_, let list):
                return list.compactMap { $0.kind == .testCase ? "testCase" : $0.kind == .testCaseStarted ? "run" : nil }
            case .control(_, .planned(let count)): return ["planned \(count)"]
            case .control(_, .ready(let count, _, _)): return ["ready \(count)"]
            default: return []
            }
        }
    }

    private static func envelopes(inFile path: String) -> [Envelope] {
        let decoder = WorkerOutputDecoder(number: 0, skipsPrelude: false)
        let bytes = FileManager.default.contents(atPath: path) ?? Data()
        let events = decoder.append([UInt8](bytes)) + decoder.finish()
        return events.flatMap { if case .envelopes(_, let list) = $0 { return list } else { return [] } }
    }

    private func envelopes(_ events: [WorkerEvent]) -> [Envelope] {
        events.flatMap { if case .envelopes(_, let list) = $0 { return list } else { return [] } }
    }

    private func run(
        _ configuration: WorkerConfiguration, instructions: [String],
        console: SpyConsole = SpyConsole(), hasInstruction: (() -> Bool)? = nil
    ) async throws -> (Int32, [WorkerEvent]) {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        let lines = Lines([String(decoding: configuration.encodedLine().dropLast(), as: UTF8.self)] + instructions)
        var sut = WorkerCommand(
            libraries: [CLITestSteps.self], console: console, nextLine: { lines.next() },
            outbox: WorkerOutbox(fd: fds[1]))
        if let hasInstruction { sut.hasInstruction = hasInstruction }
        let code = await sut.run()
        close(fds[1])
        let decoder = WorkerOutputDecoder(number: configuration.number, skipsPrelude: false)
        var events: [WorkerEvent] = []
        FileDescriptorIO.readAll(fds[0]) { events += decoder.append($0) }
        close(fds[0])
        return (code, events + decoder.finish())
    }

    final class Lines: @unchecked Sendable {
        private var lines: [String]
        init(_ lines: [String]) { self.lines = lines }
        func next() -> String? { lines.isEmpty ? nil : lines.removeFirst() }
    }

    private func makeFeatures(_ files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-worker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder.path
    }
}
