import Foundation
import Messages
import SpecRunCore
import XCTest

@testable import SpecRun

/// `specrun watch`, one poll at a time: real feature files and dry runs, a fake clock of modification times, a
/// fake build and fake runs that record what they were asked to run.
final class WatchSessionTests: XCTestCase {
    static let feature = """
        Feature: cart
          Scenario: one
            Given a passing step

          Scenario: two
            Given a passing step

        """

    func test_start_runsEverythingWatched() throws {
        let (sut, spy) = try makeSUT()
        XCTAssertEqual(spy.runs, [[spy.folder]])
        XCTAssertEqual(sut.failing, [])
    }

    func test_start_saysNothingOfWatchingOnARunASignalEnded() throws {
        let (_, spy) = try makeSUT()
        let stopped = try WatchSpy(folder: spy.folder)
        stopped.stopped = true
        var sut = WatchSession(world: stopped.world, paths: [stopped.folder])

        sut.start()

        XCTAssertTrue(spy.said.contains("watching"), spy.said)
        XCTAssertFalse(stopped.said.contains("watching"), stopped.said)
    }

    func test_poll_rerunsOnlyTheScenarioASaveChanged() async throws {
        var (sut, spy) = try makeSUT()
        try spy.save(line: 6, "    Given a failing step")
        await sut.poll()
        XCTAssertEqual(spy.runs.last, ["\(spy.file):5"])
    }

    func test_poll_saysAFileIsGoneAndStopsRerunningItsFailuresOnADeletedFile() async throws {
        var (sut, spy) = try makeSUT()
        spy.failing = ["\(spy.file):5"]
        try spy.save(line: 6, "    Given a failing step")
        await sut.poll()
        XCTAssertEqual(sut.failing, ["\(spy.file):5"])
        let runs = spy.runs.count

        try FileManager.default.removeItem(atPath: spy.file)
        await sut.poll()

        XCTAssertTrue(spy.said.contains("specrun watch: \(spy.file) is gone; its scenarios leave the watch"), spy.said)
        XCTAssertEqual(sut.failing, [])
        XCTAssertEqual(spy.runs.count, runs)
    }

    func test_poll_runsNothingWhenNoFileMoved() async throws {
        var (sut, spy) = try makeSUT()
        await sut.poll()
        XCTAssertEqual(spy.runs.count, 1)
    }

    func test_poll_rerunsWhatFailedFirstOnEveryChangeUntilItPasses() async throws {
        var (sut, spy) = try makeSUT()
        spy.failing = ["\(spy.file):5"]
        try spy.save(line: 6, "    Given a failing step")
        await sut.poll()
        XCTAssertEqual(sut.failing, ["\(spy.file):5"])
        spy.failing = []
        try spy.save(line: 3, "    Given a passing step ")
        await sut.poll()
        XCTAssertEqual(spy.runs.suffix(2), [["\(spy.file):5"], ["\(spy.file):2"]], "what failed runs first, on its own")
        XCTAssertEqual(sut.failing, [])
        try spy.save(line: 3, "    Given a passing step")
        await sut.poll()
        XCTAssertEqual(spy.runs.last, ["\(spy.file):2"])
    }

    func test_poll_tellsTheSecondRunOfARerunTheFilesTheFirstRanSoEachWarningIsSaidOnce() async throws {
        var (sut, spy) = try makeSUT()
        spy.failing = ["\(spy.file):5"]
        try spy.save(line: 6, "    Given a failing step")
        await sut.poll()
        try spy.save(line: 3, "    Given a passing step ")
        await sut.poll()
        XCTAssertEqual(spy.runs.suffix(2), [["\(spy.file):5"], ["\(spy.file):2"]])
        XCTAssertEqual(spy.saidBefore.suffix(3), [[], [], [spy.file]], "alone, or first in its rerun, a run says its warnings")
    }

    func test_poll_showsAParseErrorAndGoesOnWatching() async throws {
        var (sut, spy) = try makeSUT()
        try spy.save(line: 7, "  @orphan")
        await sut.poll()
        XCTAssertEqual(spy.parseErrors.count, 1)
        XCTAssertEqual(spy.runs.count, 1, "nothing runs while the file does not parse")
        XCTAssertTrue(spy.said.contains("fix the file and save it again; still watching"), spy.said)
        try spy.save(line: 7, "")
        try spy.save(line: 6, "    Given a failing step")
        await sut.poll()
        XCTAssertEqual(spy.runs.last, ["\(spy.file):5"])
    }

    func test_poll_rebuildsAndRerunsTheScenariosOfAChangedStepDefinition() async throws {
        var (sut, spy) = try makeSUT()
        spy.definitions = await WatchSpy.dryRun([spy.file])
        let definition = try XCTUnwrap(spy.definitions.compactMap(\.stepDefinition).first { $0.pattern.source == "a failing step" })
        try spy.save(line: 6, "    Given a failing step")
        await sut.poll()
        spy.swiftText = Array(repeating: "x", count: 300)
        spy.swiftText[(definition.sourceReference.location?.line ?? 1) - 1] = "changed"
        spy.swiftVersion += 1
        for _ in 1...WatchSession.swiftEvery { await sut.poll() }
        XCTAssertEqual(spy.builds, 1)
        XCTAssertEqual(spy.runs.last, ["\(spy.file):5"])
    }

    func test_poll_keepsWatchingOnAFailedBuildAndRerunsOnceItBuilds() async throws {
        var (sut, spy) = try makeSUT()
        try spy.save(line: 6, "    Given a failing step")
        await sut.poll()
        spy.definitions = await WatchSpy.dryRun([spy.file])
        let runs = spy.runs.count
        let line = try XCTUnwrap(spy.definitions.compactMap(\.stepDefinition).first { $0.pattern.source == "a failing step" })
            .sourceReference.location?.line
        spy.builds = 0
        spy.builds_ok = false
        spy.swiftText[(line ?? 1) - 1] = "broken"
        spy.swiftVersion += 1
        for _ in 1...WatchSession.swiftEvery { await sut.poll() }
        XCTAssertEqual(spy.runs.count, runs, "no run of a package that does not build")
        XCTAssertTrue(spy.said.contains("the build failed"), spy.said)
        spy.builds_ok = true
        spy.swiftText[0] = "an unrelated line"
        spy.swiftVersion += 1
        for _ in 1...WatchSession.swiftEvery { await sut.poll() }
        XCTAssertEqual(spy.runs.last, ["\(spy.file):5"], "the change of the failed build still counts")
    }

    func test_poll_runsNothingAndSaysNothingOfAFailedBuildOnABuildOrItsDryRunASignalEnded() async throws {
        for step in [WatchSpy.Step.build, .dryRun] {
            var (sut, spy) = try makeSUT()
            spy.definitions = await WatchSpy.dryRun([spy.file])
            let line = try XCTUnwrap(spy.definitions.compactMap(\.stepDefinition).first { $0.pattern.source == "a passing step" })
                .sourceReference.location?.line
            spy.signalDuring = step
            spy.builds_ok = step != .build
            spy.swiftText[(line ?? 1) - 1] = "changed"
            spy.swiftVersion += 1
            let said = spy.said

            for _ in 1...WatchSession.swiftEvery { await sut.poll() }

            XCTAssertEqual(spy.builds, 1, "\(step)")
            XCTAssertEqual(spy.dryRuns, step == .build ? 0 : 1, "\(step): no dry run after a build a signal ended")
            XCTAssertEqual(spy.runs.count, 1, "\(step): nothing runs after the signal (the first run only)")
            XCTAssertEqual(String(spy.said.dropFirst(said.count)), "specrun watch: 1 Swift file(s) changed: swift build\n", "\(step)")
        }
    }

    func test_parse_passesTheRunOptionsWithoutThePathsOnWatch() throws {
        let command = try CommandLineParser.parse(["watch", "Features/quiz", "-j", "2", "--tags", "@a", "b.feature", "--no-color"])
        guard case .watch(let options) = command else { return XCTFail("not watch: \(command)") }
        XCTAssertEqual(options.run.paths, ["Features/quiz", "b.feature"])
        XCTAssertEqual(options.passOn, ["-j", "2", "--tags", "@a", "--no-color"])
        XCTAssertEqual(try CommandLineParser.parse(["watch", "--help"]), .help(topic: "watch"))
    }

    func test_merge_keepsEachFileOnceAndItsLinesOnce() {
        XCTAssertEqual(RunPaths.merge(["a:3", "b", "a:7:3", "b:2"]), ["a:3:7", "b"])
    }

    func test_subtract_leavesTheScenariosNotNamed() {
        XCTAssertEqual(RunPaths.subtract(["a:5"], from: "a:2:5"), "a:2")
        XCTAssertNil(RunPaths.subtract(["a:5"], from: "a:5"))
        XCTAssertNil(RunPaths.subtract(["a"], from: "a:5"))
        XCTAssertEqual(RunPaths.subtract(["b:1"], from: "a:5"), "a:5")
    }

    func test_record_marksTheLinesBetweenTheCommonHeadAndTail() {
        var changed = ChangedLines()
        TextChange.record("f", old: "a\nb\nc\nd", new: "a\nB\nB2\nc\nd", into: &changed)
        TextChange.record("g", old: "a\nb\nc", new: "a\nc", into: &changed)
        TextChange.record("h", old: nil, new: "a", into: &changed)
        XCTAssertEqual(changed.lines, ["f": [2, 3], "g": [1, 2]])
        XCTAssertEqual(changed.wholeFiles, ["h"])
    }

    // MARK: - Helpers

    private func makeSUT() throws -> (WatchSession, WatchSpy) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let spy = try WatchSpy(folder: WatchSession.resolved(folder.path))
        var sut = WatchSession(world: spy.world, paths: [spy.folder])
        sut.start()
        return (sut, spy)
    }
}

final class WatchSpy {
    let folder: String
    let file: String
    let swiftFile = "/package/Sources/Steps.swift"
    var versions: [String: Int] = [:]
    var swiftVersion = 0
    var swiftText = Array(repeating: "x", count: 300)
    var runs: [[String]] = []
    /// Each run's files whose warnings an earlier run of the same rerun said.
    var saidBefore: [[String]] = []
    var failing: [String] = []
    var builds = 0
    var builds_ok = true
    var said = ""
    var parseErrors: [Envelope] = []
    var definitions: [Envelope] = []
    /// Whether a signal ended the watch.
    var stopped = false
    enum Step { case build, dryRun }
    /// The step a signal comes during (`stopped` turns true then).
    var signalDuring: Step?
    var dryRuns = 0

    init(folder: String) throws {
        self.folder = folder
        file = folder + "/cart.feature"
        try WatchSessionTests.feature.write(toFile: file, atomically: true, encoding: .utf8)
    }

    func save(line: Int, _ text: String) throws {
        var lines = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\n")
        lines[line - 1] = text
        try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        versions[file, default: 0] += 1
    }

    var world: WatchSession.World {
        WatchSession.World(
            scan: { [unowned self] _ in
                var times = [swiftFile: Date(timeIntervalSince1970: Double(swiftVersion))]
                if FileManager.default.fileExists(atPath: file) { times[file] = Date(timeIntervalSince1970: Double(versions[file] ?? 0)) }
                return times
            },
            read: { [unowned self] path in
                path == swiftFile ? swiftText.joined(separator: "\n") : try? String(contentsOfFile: path, encoding: .utf8)
            },
            documents: { WatchCommand.documents(of: $0, libraries: [CLITestSteps.self], environment: [:]) },
            build: { [unowned self] in
                builds += 1
                if signalDuring == .build { stopped = true }
                return builds_ok
            },
            rebuiltMessages: { [unowned self] in
                dryRuns += 1
                if signalDuring == .dryRun { stopped = true }
                // The rebuilt executable's definitions, as if in the Swift file this spy changes.
                return definitions.map { envelope in
                    guard var definition = envelope.stepDefinition else { return envelope }
                    definition.sourceReference.uri = swiftFile
                    return Envelope(stepDefinition: definition)
                }
            },
            run: { [unowned self] paths, said in
                runs.append(paths)
                saidBefore.append(said)
                return failing
            },
            say: { [unowned self] in said += $0 },
            showParseError: { [unowned self] in parseErrors.append($0) },
            stopped: { [unowned self] in stopped })
    }

    /// A whole dry run (its step definitions: what the rebuilt executable's messages hold).
    static func dryRun(_ files: [String]) async -> [Envelope] {
        let runner = SpecRunner(
            libraries: [CLITestSteps.self], configuration: RunConfiguration(paths: files, dryRun: true), ids: IncrementingIdGenerator())
        return (try? await runner.runCollecting().envelopes) ?? []
    }
}
