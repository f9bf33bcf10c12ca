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
