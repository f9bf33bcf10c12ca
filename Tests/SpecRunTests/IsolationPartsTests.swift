import Foundation
import Messages
import XCTest

@testable import SpecRun
@testable import SpecRunWorkers

final class WorkerOutputDecoderTests: XCTestCase {
    func test_append_decodesALineSplitAcrossChunksOnceComplete() throws {
        let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false)
        let line = try encoded(Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 0), id: "r")))

        XCTAssertTrue(sut.append(Array(line[..<10])).isEmpty)
        let events = sut.append(Array(line[10...]) + line)

        XCTAssertEqual(envelopes(events).compactMap(\.testRunStarted?.id), ["r", "r"])
    }

    func test_append_keepsEachLinesJSONOnlyWhenAMessageReportWantsIt() throws {
        let line = try encoded(Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 0), id: "r")))

        let kept = envelopes(WorkerOutputDecoder(number: 0, skipsPrelude: false, keepsJSON: true).append(line))
        let dropped = envelopes(WorkerOutputDecoder(number: 0, skipsPrelude: false, keepsJSON: false).append(line))

        XCTAssertEqual(kept.first?.json, Array(line.dropLast()))
        XCTAssertEqual(dropped.count, 1)
        XCTAssertNil(dropped.first?.json)
    }

    func test_append_namesAForeignLineAndKeepsTheOthers() throws {
        let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false)
        let good = try encoded(Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 0), id: "r")))

        let events = sut.append(good + Array("hello from a step\n".utf8) + good)

        XCTAssertEqual(envelopes(events).count, 2)
        XCTAssertEqual(events.compactMap { if case .badLine(_, let line) = $0 { return line } else { return nil } }, ["hello from a step"])
    }

    func test_append_keepsControlLinesInTheirPlaceAmongEnvelopes() throws {
        let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false)
        let good = try encoded(Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 0), id: "r")))
        let ready = WorkerControl.ready(testCases: 2, beforeAllPassed: true, keys: nil)

        let events = sut.append(good + ready.line + good)

        XCTAssertEqual(events.count, 3)
        guard case .control(0, ready) = events[1] else { return XCTFail("\(events)") }
    }

    func test_append_dropsTheRepeatedPreludeOfAnotherWorkerButKeepsItsHookRuns() throws {
        let sut = WorkerOutputDecoder(number: 1, skipsPrelude: true)
        let run = try encoded(Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 0), id: "r")))
        let hook = try encoded(
            Envelope(
                testRunHookStarted: TestRunHookStarted(
                    id: "h1", testRunStartedId: "r", hookId: "h",
                    timestamp: Timestamp(seconds: 1, nanos: 0))))
        let ready = WorkerControl.ready(testCases: 0, beforeAllPassed: true, keys: nil).line

        let events = sut.append(run + hook + ready + run)

        XCTAssertEqual(envelopes(events).compactMap(\.testRunHookStarted?.id), ["h1"])
        XCTAssertEqual(envelopes(events).compactMap(\.testRunStarted?.id), ["r"], "after ready, nothing is dropped")
    }

    func test_finish_dropsALineCutByACrash() throws {
        let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false)
        _ = sut.append(Array("{\"testRunStarted\":{\"timesta".utf8))

        XCTAssertTrue(sut.finish().isEmpty)
    }

    private func encoded(_ envelope: Envelope) throws -> [UInt8] { Array(try NDJSON.encode(envelope).utf8) + [0x0A] }

    private func envelopes(_ events: [WorkerEvent]) -> [Envelope] {
        events.flatMap { if case .envelopes(_, let list) = $0 { return list } else { return [] } }
    }
}

final class StackTraceFilterTests: XCTestCase {
    func test_append_dropsTheRuntimeStackTraceAndKeepsTheFatalErrorLine() {
        var written = ""
        let sut = StackTraceFilter { written += String(decoding: $0, as: UTF8.self) }

        sut.append(
            Array(
                "step output\nmain.swift:15: Fatal error: Unexpectedly found nil\nCurrent stack trace:\n0    libswiftCore.so    0x00007f4812f5f130 swift_reportError + 33\n1    libswiftCore.so  "
                    .utf8))
        sut.append(Array("  0x00007f4813312b60 _swift_stdlib_reportFatalErrorInFile + 109\nafter\n".utf8))
        sut.finish()

        XCTAssertEqual(written, "step output\nmain.swift:15: Fatal error: Unexpectedly found nil\nafter\n")
    }

    func test_finish_writesALastLineWithoutNewline() {
        var written = ""
        let sut = StackTraceFilter { written += String(decoding: $0, as: UTF8.self) }

        sut.append(Array("no newline".utf8))
        XCTAssertEqual(written, "")
        sut.finish()

        XCTAssertEqual(written, "no newline")
    }

    func test_append_passesALineWithoutNewlineThroughHoldingAtMostTheLimitOnMegabytesWithoutALineBreak() {
        var written = 0
        let sut = StackTraceFilter { written += $0.count }
        let chunk = [UInt8](repeating: 0x41, count: 65_536)

        for count in 1...64 {
            sut.append(chunk)
            XCTAssertLessThanOrEqual(count * chunk.count - written, StackTraceFilter.longestHeldLine + chunk.count)
        }
        sut.append(Array("Current stack trace:\nafter\n".utf8))
        sut.finish()

        XCTAssertEqual(
            written, 64 * chunk.count + "Current stack trace:\nafter\n".utf8.count,
            "the end of the long line is passed as it is, even if it reads like the trace's marker")
    }
}

final class WorkerProtocolTests: XCTestCase {
    func test_configuration_roundTripsThroughItsLine() throws {
        var sut = WorkerConfiguration(
            paths: ["Features/a.feature:3", "-"], tags: "@a and not @b", names: ["^Login"],
            failFast: true, strict: false, order: "random:42", retry: 2, idSeed: 7, number: 3,
            timeoutSeconds: 1.5)
        sut.shard = .init(index: 2, count: 3, timings: ["a.feature:3": 0.25])

        let line = String(decoding: sut.encodedLine().dropLast(), as: UTF8.self)

        XCTAssertEqual(try WorkerConfiguration.decode(line), sut)
        XCTAssertFalse(line.contains("\n"))
    }

    func test_decode_explainsALineThatIsNoConfiguration() {
        XCTAssertThrowsError(try WorkerConfiguration.decode("hello")) { error in
            XCTAssertTrue("\(error)".contains("started by specrun itself"), "\(error)")
        }
    }

    func test_instruction_parsesBackEveryLineItWrites() {
        for instruction in [
            WorkerInstruction.run(12), .runs(0..<4096), .runs(49_998..<50_000), .skip(0), .end,
            .name(7, pickleId: "Ab3", uri: "features/a b.feature"),
            .name(0, pickleId: "p", uri: "odd%0A\nname\r%\r\n.feature"),
        ] {
            XCTAssertEqual(WorkerInstruction(line: String(instruction.line.dropLast())), instruction)
        }
        XCTAssertEqual(WorkerInstruction(line: "run 123456"), .run(123_456))
        for bad in [
            "run x", "jump 1", "run", "run ", "run 1 2", "skip 1x", "end 1", "run 99999999999999999999999",
            "name 1 p", "name x p a.feature", "name -1 p a.feature", "name 1  a.feature", "name 1 p ",
            "runs 5 5", "runs 6 5", "runs 5", "runs 5 ", "runs  5", "runs a 6", "runs 1 2 3", "runs -1 2",
        ] {
            XCTAssertNil(WorkerInstruction(line: bad), bad)
        }
    }

    func test_control_parsesBackEveryLineItWrites() {
        for control in [
            WorkerControl.ready(testCases: 3, beforeAllPassed: false, keys: ["a:1"]),
            .ready(testCases: 0, beforeAllPassed: true, keys: nil), .timedOut(seconds: 2, step: "step 'x' at a:3"),
            .ready(testCases: 2, beforeAllPassed: true, keys: ["my features/ä b.feature:12", "q\"uote\\d\u{1}:3"]),
            .ready(testCases: 0, beforeAllPassed: true, keys: []),
            .timedOut(seconds: 0.25, step: "step 'say \"hi\"\n\tthen 👋' at Features/a b.feature:3"),
            .timedOut(seconds: 60, step: nil),
        ] {
            XCTAssertTrue(WorkerControl.isControl(control.line))
            XCTAssertEqual(WorkerControl(line: control.line.dropLast()), control)
        }
    }

    func test_control_readsLinesWrittenByAnyJSONWriterAndRefusesOthers() {
        let escaped = #"{"specrunWorker": {"kind": "timedOut", "seconds": 1.5e1, "step": "a\/b \u00e9\ud83d\udc4b"}}"#
        XCTAssertEqual(WorkerControl(line: Array(escaped.utf8)), .timedOut(seconds: 15, step: "a/b é👋"))
        for bad in [
            #"{"specrunWorker":{"kind":"ready"}}"#, #"{"specrunWorker":{"kind":"ready","testCases":1.5,"beforeAllPassed":true}}"#,
            #"{"specrunWorker":{"kind":"jump"}}"#, #"{"specrunWorker":{"kind":"timedOut","seconds":1}"#,
            #"{"specrunWorker":{"kind":"timedOut","seconds":1}} x"#, #"{"other":{"kind":"ready"}}"#, "{", "",
        ] {
            XCTAssertNil(WorkerControl(line: Array(bad.utf8)), bad)
        }
    }

    func test_parse_turnsIsolationOffOnNoIsolation() throws {
        guard case .run(let options) = try CommandLineParser.parse(["--no-isolation"]) else { return XCTFail("not a run") }
        XCTAssertFalse(options.isolation)
        guard case .run(let byDefault) = try CommandLineParser.parse([]) else { return XCTFail("not a run") }
        XCTAssertTrue(byDefault.isolation)
    }
}

final class SeededIdGeneratorTests: XCTestCase {
    func test_newId_repeatsTheSequenceOnTheSameSeedAsShortIds() {
        let first = SeededIdGenerator(seed: 42), second = SeededIdGenerator(seed: 42), other = SeededIdGenerator(seed: 43)

        let ids = (0..<100).map { _ in first.newId() }

        XCTAssertEqual(ids, (0..<100).map { _ in second.newId() })
        XCTAssertNotEqual(ids, (0..<100).map { _ in other.newId() })
        XCTAssertEqual(Set(ids).count, 100)
        for id in ids { XCTAssertEqual(id.utf8.count, 15, id) }
    }
}

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

    private func envelopes(_ events: [WorkerEvent]) -> [Envelope] {
        events.flatMap { if case .envelopes(_, let list) = $0 { return list } else { return [] } }
    }

    private func run(
        _ configuration: WorkerConfiguration, instructions: [String],
        console: SpyConsole = SpyConsole()
    ) async throws -> (Int32, [WorkerEvent]) {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        let lines = Lines([String(decoding: configuration.encodedLine().dropLast(), as: UTF8.self)] + instructions)
        let sut = WorkerCommand(
            libraries: [CLITestSteps.self], console: console, nextLine: { lines.next() },
            outbox: WorkerOutbox(fd: fds[1]))
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
