import Messages
import SharedState
import XCTest

@testable import SpecRunCore

/// `SpecRunner.plansFileByFile`: each feature file planned and run before the next is parsed — the very messages,
/// ids and summary of a run that plans every file first, in another order; and only where the run keeps its files'
/// own order and is not a shard.
final class FileByFileRunnerTests: XCTestCase {
    override func setUp() { _ = Journal.shared.take(); _ = BasketWorld.made.take() }

    func test_run_sendsTheSameMessagesAndSummaryAsPlanningEveryFileFirst() async throws {
        for configure in [{ (_: inout RunConfiguration) in }, { $0.dryRun = true }, { $0.failFast = true }, { $0.tags = "@none" }] {
            let planned = try await run(makeSUT(fileByFile: false, configure: configure))
            let fileByFile = try await run(makeSUT(fileByFile: true, configure: configure))

            XCTAssertEqual(try lines(fileByFile.1), try lines(planned.1), "the same messages, in another order")
            XCTAssertNotEqual(fileByFile.1.kinds, planned.1.kinds)
            XCTAssertEqual(fileByFile.0.exitCode, planned.0.exitCode)
            XCTAssertEqual(fileByFile.0.unparsableFiles, ["features/b.feature"])
            XCTAssertEqual(fileByFile.0.unparsableFiles, planned.0.unparsableFiles)
            XCTAssertEqual(fileByFile.0.nothingSelected, planned.0.nothingSelected)
            XCTAssertEqual(fileByFile.0.scenarios, planned.0.scenarios)
            XCTAssertEqual(fileByFile.0.steps, planned.0.steps)
        }
    }

    func test_run_stillSendsAndPlansTheFilesLeftWhenTheRunIsToStop() async throws {
        let stop = Locked(false)
        var planned = try makeSUT(fileByFile: false)
        planned.runner.stopRequested = { stop.withLock { $0 } }
        var fileByFile = try makeSUT(fileByFile: true)
        fileByFile.runner.stopRequested = { stop.withLock { $0 } }

        // (The run is to stop once the first test case started.)
        let stopAfterTheFirst = EnvelopeSpy()
        stop.withLock { $0 = false }
        _ = try await planned.runner.run {
            stopAfterTheFirst.record($0); if $0.testCaseStarted != nil { stop.withLock { $0 = true } }
        }
        let stoppedFileByFile = EnvelopeSpy()
        stop.withLock { $0 = false }
        _ = try await fileByFile.runner.run {
            stoppedFileByFile.record($0); if $0.testCaseStarted != nil { stop.withLock { $0 = true } }
        }

        XCTAssertEqual(stoppedFileByFile.envelopes.compactMap(\.testCaseStarted).count, 1)
        XCTAssertEqual(try lines(stoppedFileByFile), try lines(stopAfterTheFirst))
    }

    func test_run_callsTheHookAfterEachFileOnlyWhenMadeFileByFile() async throws {
        for fileByFile in [true, false] {
            let calls = Locked(0)
            var sut = try makeSUT(fileByFile: fileByFile)
            sut.runner.betweenTestCases = { calls.withLock { $0 += 1 } }

            _ = try await run(sut)

            XCTAssertEqual(calls.withLock { $0 }, fileByFile ? 3 : 0, "file by file: \(fileByFile)")
        }
    }

    func test_run_callsTheParseThreadsHookBeforeEachFileAndAfterTheLastOnThatThreadOnlyWhenMadeFileByFile() async throws {
        for fileByFile in [true, false] {
            let calls = Locked<[Bool]>([])
            let hookThreads = ThreadsSeen()
            let runnerThreads = ThreadsSeen()
            var sut = try makeSUT(fileByFile: fileByFile)
            sut.runner.onParseThread = { done in
                calls.withLock { $0.append(done) }
                hookThreads.noteCurrent()
            }

            _ = try await sut.runner.run { _ in runnerThreads.noteCurrent() }

            XCTAssertEqual(calls.withLock { $0 }, fileByFile ? [false, false, false, true] : [], "file by file: \(fileByFile)")
            XCTAssertLessThanOrEqual(hookThreads.count, 1, "one thread")
            XCTAssertFalse(hookThreads.overlaps(runnerThreads), "not the runner's")
        }
    }

    func test_run_callsTheHookWithinAFileAfterEvery64TestCases() async throws {
        var (runner, folder) = try makeSUT(fileByFile: true, features: Self.outline(rows: 130))
        defer { withExtendedLifetime(folder) {} }
        let started = Locked(0)
        let calls = Locked<[Int]>([])
        runner.betweenTestCases = { calls.withLock { $0.append(started.withLock { $0 }) } }

        _ = try await runner.run { if $0.testCaseStarted != nil { started.withLock { $0 += 1 } } }

        XCTAssertEqual(calls.withLock { $0 }, [64, 128, 130], "after the 64th and 128th test cases, and the file's end")
    }

    func test_run_plansALargeFilesTestCasesAFewAtATimeWithTheSameMessages() async throws {
        var spies: [EnvelopeSpy] = []
        for fileByFile in [false, true] {
            spies.append(try await run(makeSUT(fileByFile: fileByFile, features: Self.outline(rows: SpecRunner.planAhead + 2))).1)
        }

        let kinds = spies[1].kinds
        let firstStart = try XCTUnwrap(kinds.firstIndex(of: "testCaseStarted"))
        XCTAssertEqual(kinds[..<firstStart].filter { $0 == "testCase" }.count, SpecRunner.planAhead)
        XCTAssertEqual(try lines(spies[1]), try lines(spies[0]))
    }

    func test_run_selectsTheSameTestCasesByLineAndRetriesTheSameFileByFile() async throws {
        let paths = ["features/a.feature:4", "features/c.feature:8"]
        let retry = { (configuration: inout RunConfiguration) in configuration.retry = 1 }
        let planned = try await run(makeSUT(fileByFile: false, paths: paths, configure: retry))
        let fileByFile = try await run(makeSUT(fileByFile: true, paths: paths, configure: retry))

        XCTAssertEqual(fileByFile.1.startedPickleNames, ["two", "two", "three"], "the failing one retried once")
        XCTAssertEqual(try lines(fileByFile.1), try lines(planned.1))
        XCTAssertNotEqual(fileByFile.1.kinds, planned.1.kinds)
    }

    func test_run_startsTheFirstTestCaseBeforeItSendsTheLastFile() async throws {
        let (_, spy) = try await run(makeSUT(fileByFile: true))

        let kinds = spy.kinds
        let firstStart = try XCTUnwrap(kinds.firstIndex(of: "testCaseStarted"))
        XCTAssertLessThan(firstStart, try XCTUnwrap(kinds.lastIndex(of: "gherkinDocument")))
        XCTAssertLessThan(try XCTUnwrap(kinds.firstIndex(of: "testRunStarted")), try XCTUnwrap(kinds.firstIndex(of: "source")))
    }

    func test_run_plansEveryFileFirstOnAShuffledOrderOrAShard() async throws {
        for configure in [{ (c: inout RunConfiguration) in c.order = .random(seed: 7) }, { $0.shard = Shard(index: 1, count: 2) }] {
            let (_, spy) = try await run(makeSUT(fileByFile: true, configure: configure))

            let kinds = spy.kinds
            let lastTestCase = try XCTUnwrap(kinds.lastIndex(of: "testCase"))
            XCTAssertLessThan(try XCTUnwrap(kinds.lastIndex(of: "gherkinDocument")), lastTestCase)
            XCTAssertLessThan(lastTestCase, try XCTUnwrap(kinds.firstIndex(of: "testCaseStarted")))
        }
    }

    func test_run_plansEveryFileFirstOnIdsNumberedInOneSequence() async throws {
        var sut = try makeSUT(features: Self.features, libraries: [BasketSteps.self])
        sut.runner.plansFileByFile = true

        let (_, spy) = try await run(sut)

        let kinds = spy.kinds
        XCTAssertLessThan(try XCTUnwrap(kinds.lastIndex(of: "testCase")), try XCTUnwrap(kinds.firstIndex(of: "testCaseStarted")))
    }

    func test_run_plansNoTestCaseFileByFileWhenABeforeAllHookFailed() async throws {
        let (summary, spy) = try await run(makeSUT(fileByFile: true, libraries: [BasketSteps.self, FailingBeforeAllSteps.self]))

        XCTAssertEqual(spy.testCases.count, 0)
        XCTAssertEqual(spy.pickleNames.count, 4, "every file is still sent")
        XCTAssertLessThan(try XCTUnwrap(spy.kinds.firstIndex(of: "testRunStarted")), try XCTUnwrap(spy.kinds.firstIndex(of: "source")))
        XCTAssertFalse(summary.success)
    }

    func test_openPlanningByFile_plansAFileWhenAskedWithTheSameMessagesAndSummaryAsPlanningEveryFileFirst() async throws {
        for configure in [{ (_: inout RunConfiguration) in }, { $0.tags = "@none" }] {
            let planned = try await run(makeSUT(fileByFile: false, configure: configure))
            let sut = try makeSUT(fileByFile: false, configure: configure)
            let spy = EnvelopeSpy()
            let planning = try await sut.runner.openPlanningByFile(
                emit: spy.record, testCase: { spy.record(Envelope(testCase: $0.message)) })
            XCTAssertEqual(planning.count, 0, "no file is planned before it is asked for")

            var ran = 0
            while planning.planNextFile() {
                while ran < planning.count {
                    await planning.session.run(ran, emit: spy.record)
                    ran += 1
                }
            }
            let summary = await planning.session.finish(emit: spy.record)

            XCTAssertTrue(planning.isComplete)
            XCTAssertEqual(try lines(spy), try lines(planned.1), "the same messages, in another order")
            XCTAssertEqual(summary.exitCode, planned.0.exitCode)
            XCTAssertEqual(summary.unparsableFiles, planned.0.unparsableFiles)
            XCTAssertEqual(summary.nothingSelected, planned.0.nothingSelected)
            XCTAssertEqual(summary.scenarios, planned.0.scenarios)
        }
    }

    func test_openPlanningByFile_plansEachFilesTestCasesAfterThoseOfTheFilesBefore() async throws {
        let sut = try makeSUT(fileByFile: false)
        let spy = EnvelopeSpy()
        let planning = try await sut.runner.openPlanningByFile(emit: spy.record, testCase: { spy.record(Envelope(testCase: $0.message)) })

        var lots: [Int] = []
        while planning.planNextFile() { lots.append(planning.count) }

        XCTAssertEqual(lots, [2, 2, 4], "a: two scenarios; b: none (it does not parse); c: two examples")
        XCTAssertFalse(planning.planNextFile())
        XCTAssertEqual(spy.kinds.filter { $0 == "testCase" }.count, 4)
        XCTAssertLessThan(try XCTUnwrap(spy.kinds.firstIndex(of: "testRunStarted")), try XCTUnwrap(spy.kinds.firstIndex(of: "source")))
    }

    // MARK: - Helpers

    /// Three files in order: one passing and one failing scenario; a file that does not parse; an outline.
    static let features = [
        "features/a.feature": "Feature: a\n  Scenario: one\n    Given the basket has 2 items\n  Scenario: two\n    Given a step fails\n",
        "features/b.feature": "Feature: b\n  Scenario: broken\n    Given a step passes\n      | a |\n      | b | c |\n",
        "features/c.feature": """
        Feature: c
          Scenario Outline: three
            Given the basket has <n> items
            Then the basket holds <n> items
            Examples:
              | n |
              | 1 |
              | 3 |
        """,
    ]

    private func makeSUT(
        fileByFile: Bool, features: [String: String] = FileByFileRunnerTests.features,
        libraries: [any StepLibrary.Type] = [BasketSteps.self], paths: [String] = ["features"],
        configure: (inout RunConfiguration) -> Void = { _ in }
    ) throws -> (runner: SpecRunner, folder: FeatureFolder) {
        let sut = try makeSUT(features: features, libraries: libraries, paths: paths, configure: configure)
        // (Ids of seeded parts: the only ones a run made file by file names as a run planning first does.)
        var runner = SpecRunner(
            libraries: libraries, configuration: sut.runner.configuration, ids: RandomIdGenerator(seed: 42),
            clock: SteppingClock(), environment: [:])
        runner.meta = sut.runner.meta
        runner.plansFileByFile = fileByFile
        return (runner, sut.folder)
    }

    /// One file of an outline of `rows` examples.
    private static func outline(rows: Int) -> [String: String] {
        let table = (1...rows).map { "      | \($0) |" }.joined(separator: "\n")
        let outline = "Feature: many\n  Scenario Outline: row\n    Given the basket has <n> items\n    Examples:\n"
        return ["features/many.feature": outline + "      | n |\n\(table)\n"]
    }

    /// The stream's lines, sorted.
    private func lines(_ spy: EnvelopeSpy) throws -> [String] {
        try spy.ndjson().split(separator: "\n").map(String.init).sorted()
    }
}

/// The threads some code ran on, each kept (not its address: a thread that ended could lend its address to another).
private final class ThreadsSeen: @unchecked Sendable {
    private let lock = NSLock()
    private var threads: [Thread] = []

    func noteCurrent() {
        let thread = Thread.current
        lock.withLock { if !threads.contains(where: { $0 === thread }) { threads.append(thread) } }
    }

    var count: Int { lock.withLock { threads.count } }

    func overlaps(_ other: ThreadsSeen) -> Bool {
        let mine = lock.withLock { threads }
        return other.lock.withLock { other.threads.contains { thread in mine.contains { $0 === thread } } }
    }
}
