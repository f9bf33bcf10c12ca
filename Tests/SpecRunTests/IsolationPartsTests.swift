import Foundation
import Messages
@testable import SpecRun
import XCTest

final class EnvelopeLinesTests: XCTestCase {
    func test_append_decodesALineSplitAcrossChunksOnceComplete() throws {
        let (sut, bad) = makeSUT()
        let line = Array((try NDJSON.encode(Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 0), id: "r")))).utf8) + [0x0A]
        var received: [Envelope] = []

        sut.append(Array(line[..<10]), { received.append($0) })
        XCTAssertTrue(received.isEmpty)
        sut.append(Array(line[10...]) + line, { received.append($0) })

        XCTAssertEqual(received.compactMap(\.testRunStarted?.id), ["r", "r"])
        XCTAssertTrue(bad.lines.isEmpty)
    }

    func test_append_namesAForeignLineAndKeepsTheOthers() throws {
        let (sut, bad) = makeSUT()
        let good = try NDJSON.encode(Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 0), id: "r")))
        var received: [Envelope] = []

        sut.append(Array("\(good)\nhello from a step\n\(good)\n".utf8), { received.append($0) })

        XCTAssertEqual(received.count, 2)
        XCTAssertEqual(bad.lines, ["hello from a step"])
    }

    func test_finish_dropsALineCutByACrash() throws {
        let (sut, bad) = makeSUT()
        var received: [Envelope] = []
        sut.append(Array("{\"testRunStarted\":{\"timesta".utf8), { received.append($0) })

        sut.finish { received.append($0) }

        XCTAssertTrue(received.isEmpty)
        XCTAssertTrue(bad.lines.isEmpty)
    }

    private func makeSUT() -> (EnvelopeLines, BadLines) {
        let bad = BadLines()
        return (EnvelopeLines(onBadLine: bad.append), bad)
    }

    final class BadLines {
        private(set) var lines: [String] = []
        func append(_ line: String) { lines.append(line) }
    }
}

final class StackTraceFilterTests: XCTestCase {
    func test_append_dropsTheRuntimeStackTraceAndKeepsTheFatalErrorLine() {
        var written = ""
        let sut = StackTraceFilter { written += String(decoding: $0, as: UTF8.self) }

        sut.append(Array("step output\nmain.swift:15: Fatal error: Unexpectedly found nil\nCurrent stack trace:\n0    libswiftCore.so    0x00007f4812f5f130 swift_reportError + 33\n1    libswiftCore.so  ".utf8))
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
}

final class WorkerArgumentsTests: XCTestCase {
    func test_make_givesAWorkerCommandLineThatParsesBackToTheSameRun() throws {
        var options = RunOptions()
        options.paths = ["Features/a.feature:3", "-"]
        options.tags = ["@a", "not @b"]
        options.names = ["^Login"]
        options.formats = [FormatRequest(name: "junit", path: "r.xml")]
        options.failFast = true
        options.strict = false
        options.order = "random:42"
        options.retry = 2
        options.idSeed = 7

        let arguments = WorkerArguments.make(options, resumeAfter: 3)

        guard case .run(let parsed) = try CommandLineParser.parse(arguments) else { return XCTFail("not a run: \(arguments)") }
        XCTAssertEqual(parsed.paths, options.paths)
        XCTAssertEqual(parsed.tags, options.tags)
        XCTAssertEqual(parsed.names, options.names)
        XCTAssertEqual(parsed.formats, [], "the supervisor owns the reports")
        XCTAssertTrue(parsed.failFast)
        XCTAssertFalse(parsed.strict)
        XCTAssertEqual(parsed.order, "random:42")
        XCTAssertEqual(parsed.retry, 2)
        XCTAssertEqual(parsed.idSeed, 7)
        XCTAssertTrue(parsed.worker)
        XCTAssertEqual(parsed.resumeAfter, 3)
    }

    func test_parse_turnsIsolationOffOnNoIsolation() throws {
        guard case .run(let options) = try CommandLineParser.parse(["--no-isolation"]) else { return XCTFail("not a run") }
        XCTAssertFalse(options.isolation)
        guard case .run(let byDefault) = try CommandLineParser.parse([]) else { return XCTFail("not a run") }
        XCTAssertTrue(byDefault.isolation)
    }
}

final class SeededIdGeneratorTests: XCTestCase {
    func test_newId_repeatsTheSequenceOnTheSameSeedAsUUIDs() {
        let first = SeededIdGenerator(seed: 42), second = SeededIdGenerator(seed: 42), other = SeededIdGenerator(seed: 43)

        let ids = (0..<100).map { _ in first.newId() }

        XCTAssertEqual(ids, (0..<100).map { _ in second.newId() })
        XCTAssertNotEqual(ids, (0..<100).map { _ in other.newId() })
        XCTAssertEqual(Set(ids).count, 100)
        for id in ids { XCTAssertNotNil(UUID(uuidString: id), id) }
    }
}

final class WorkerCommandTests: XCTestCase {
    func test_run_writesEveryEnvelopeAsOneLineAndSkipsTheTestCasesAlreadyRunOnResume() async throws {
        let folder = try makeFeatures(["two.feature": "Feature: F\n  Scenario: A\n    Given a passing step\n  Scenario: B\n    Given a failing step\n"])
        var output: [UInt8] = []
        var options = RunOptions()
        options.paths = [folder]
        options.predictableIds = true
        options.worker = true
        options.resumeAfter = 1
        let sut = WorkerCommand(options: options, libraries: [CLITestSteps.self], console: SpyConsole(),
                                write: { output += $0 })

        let code = await sut.run()

        XCTAssertEqual(code, 1)
        let envelopes = try NDJSON.decode(Data(output))
        XCTAssertEqual(envelopes.compactMap(\.testCase).count, 2, "every test case is announced")
        let started = envelopes.compactMap(\.testCaseStarted)
        XCTAssertEqual(started.count, 1, "only the second runs")
        XCTAssertEqual(started.first?.testCaseId, envelopes.compactMap(\.testCase).last?.id)
        XCTAssertEqual(envelopes.last?.testRunFinished?.success, false)
    }

    func test_run_skipsTheRestOnResumeUnderFailFast() async throws {
        let folder = try makeFeatures(["three.feature": "Feature: F\n  Scenario: A\n    Given a passing step\n  Scenario: B\n    Given a passing step\n  Scenario: C\n    Given a passing step\n"])
        var output: [UInt8] = []
        var options = RunOptions()
        options.paths = [folder]
        options.failFast = true
        options.worker = true
        options.resumeAfter = 1
        let sut = WorkerCommand(options: options, libraries: [CLITestSteps.self], console: SpyConsole(),
                                write: { output += $0 })

        _ = await sut.run()

        let envelopes = try NDJSON.decode(Data(output))
        XCTAssertEqual(envelopes.compactMap(\.testCaseStarted).count, 2)
        XCTAssertEqual(envelopes.compactMap(\.testStepFinished).map(\.testStepResult.status), [.skipped, .skipped],
                       "a resumed run follows a crash, which failed the run: fail-fast skips the rest")
    }

    private func makeFeatures(_ files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-worker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder.path
    }
}
