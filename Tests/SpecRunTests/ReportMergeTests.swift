import Foundation
import Messages
import SharedTestData
import XCTest

@testable import SpecRun
@testable import SpecRunReportCore
@testable import SpecRunReports

/// `specrun report shard*.ndjson`: CI shards merged into one run equal to the serial run; a file given twice is
/// counted once; `--exit-status`; a cut-off stream is reported as incomplete.
final class ReportMergeTests: XCTestCase {
    func test_report_mergesThreeShardsIntoTheSerialRunsTestCasesAndStatuses() async throws {
        let folder = try makeFolder()
        let serial = try await run(folder, output: "serial.ndjson")
        var shards: [String] = []
        for index in 0..<3 {  // each shard is its own run: its own random ids, the whole prelude, its test cases
            let whole = try await run(folder, output: "run\(index).ndjson")
            shards.append(try write(shard(index, of: 3, try decode(whole)), to: "\(folder)/shard\(index).ndjson"))
        }
        let (code, console) = await sut(
            ["report"] + shards + [
                "--format", "junit:\(folder)/merged.xml",
                "--format", "message:\(folder)/merged.ndjson", "--format", "summary",
            ])
        XCTAssertEqual(code, 0, console.stderr)
        XCTAssertEqual(console.stderr, "")
        let (_, serialConsole) = await sut(["report", serial, "--format", "junit:\(folder)/serial.xml", "--format", "summary"])
        XCTAssertEqual(try testCases(in: "\(folder)/merged.xml"), try testCases(in: "\(folder)/serial.xml"))
        XCTAssertEqual(summaryLines(console.stdout), summaryLines(serialConsole.stdout))
        XCTAssertEqual(summaryLines(console.stdout).first, "6 scenarios (2 failed, 1 undefined, 3 passed)")
        try assertOneConsistentRun(try decode("\(folder)/merged.ndjson"), testCases: 6)
    }

    func test_report_startsTheMergedRunAtTheEarliestShardStartAndEndsItAtTheLatestFinish() async throws {
        let folder = try makeFolder()
        let whole = try decode(try await run(folder, output: "serial.ndjson"))
        let start = try XCTUnwrap(whole.compactMap(\.testRunStarted).first).timestamp
        let end = try XCTUnwrap(whole.compactMap(\.testRunFinished).first).timestamp
        let early = Timestamp(seconds: start.seconds - 100, nanos: 5)
        let late = Timestamp(seconds: end.seconds + 100, nanos: 7)
        let first = shard(0, of: 2, whole).map { envelope in  // started last, finished last
            guard var finished = envelope.testRunFinished else { return envelope }
            finished.timestamp = late
            return Envelope(testRunFinished: finished)
        }
        let second = shard(1, of: 2, whole).map { envelope in  // started first
            guard var started = envelope.testRunStarted else { return envelope }
            started.timestamp = early
            return Envelope(testRunStarted: started)
        }
        let paths = [try write(first, to: "\(folder)/s0.ndjson"), try write(second, to: "\(folder)/s1.ndjson")]
        let (code, console) = await sut(["report"] + paths + ["--format", "message:\(folder)/merged.ndjson"])
        XCTAssertEqual(code, 0, console.stderr)
        let merged = try decode("\(folder)/merged.ndjson")
        XCTAssertEqual(merged.compactMap(\.testRunStarted).map(\.timestamp), [early])
        XCTAssertEqual(merged.compactMap(\.testRunFinished).map(\.timestamp), [late])
    }

    func test_report_mergesPredictableIdShardsWithoutMixingTheirScenarios() async throws {
        let folder = try makeFolder()
        let serial = try await run(folder, output: "serial.ndjson", predictableIds: true)
        let whole = try decode(serial)
        // Every shard counts its own test cases, steps and attempts from the same number: the ids collide.
        let shards = try (0..<3).map { try write(countingRunIdsAfresh(shard($0, of: 3, whole)), to: "\(folder)/shard\($0).ndjson") }
        let (code, console) = await sut(
            ["report"] + shards + [
                "--format", "junit:\(folder)/merged.xml",
                "--format", "message:\(folder)/merged.ndjson",
            ])
        XCTAssertEqual(code, 0, console.stderr)
        _ = await sut(["report", serial, "--format", "junit:\(folder)/serial.xml"])
        XCTAssertEqual(try testCases(in: "\(folder)/merged.xml").count, 6)
        XCTAssertEqual(try testCases(in: "\(folder)/merged.xml"), try testCases(in: "\(folder)/serial.xml"))
        try assertOneConsistentRun(try decode("\(folder)/merged.ndjson"), testCases: 6)
    }

    func test_report_keepsEveryCompatibilityKitTestCaseWithItsOwnStepsOnMergingAllSamples() async throws {
        let samples = try compatibilityKitStreams()
        let folder = try makeFolder()
        var alone: [String] = []
        for (index, sample) in samples.enumerated() {
            let (code, console) = await sut(["report", sample, "--format", "junit:\(folder)/\(index).xml"])
            XCTAssertEqual(code, 0, console.stderr)
            alone += try testCases(in: "\(folder)/\(index).xml")
        }
        let (code, console) = await sut(["report"] + samples + ["--format", "junit:\(folder)/merged.xml"])
        XCTAssertEqual(code, 0, console.stderr)
        let merged = try testCases(in: "\(folder)/merged.xml")
        XCTAssertEqual(merged.count, 122, "120 test cases and 2 failing BeforeAll/AfterAll hooks")
        XCTAssertEqual(merged, alone.sorted(), "a merged test case lost its own steps or results (or took another's)")
    }

    func test_report_countsAFileGivenTwiceOnceAndSaysSo() async throws {
        let folder = try makeFolder()
        let stream = try await run(folder, output: "run.ndjson")
        try FileManager.default.copyItem(atPath: stream, toPath: "\(folder)/copy.ndjson")
        let (_, single) = await sut(["report", stream])
        let (code, console) = await sut(["report", stream, stream, "\(folder)/copy.ndjson"])
        XCTAssertEqual(code, 0, console.stderr)
        XCTAssertEqual(summaryLines(console.stdout), summaryLines(single.stdout))
        XCTAssertEqual(summaryLines(console.stdout).first, "6 scenarios (2 failed, 1 undefined, 3 passed)")
        XCTAssertTrue(console.stderr.contains("run.ndjson is given twice"), console.stderr)
        XCTAssertTrue(console.stderr.contains("copy.ndjson has the same content as"), console.stderr)
    }

    func test_report_exitsWithTheMergedRunsStatusOnlyWithExitStatus() async throws {
        let folder = try makeFolder()
        let failing = try await run(folder, output: "failing.ndjson")
        let passing = try await run(folder, output: "passing.ndjson", only: "a.feature")
        let (passed, _) = await sut(["report", passing, "--exit-status"])
        let (failed, _) = await sut(["report", passing, failing, "--exit-status"])
        let (byDefault, _) = await sut(["report", passing, failing])
        XCTAssertEqual([passed, failed, byDefault], [0, 1, 0])
        try "Feature: Broken\n  Scenario: S\n    Given a passing step\n    | a | b |\n    | c |\n"
            .write(toFile: "\(folder)/c_broken.feature", atomically: true, encoding: .utf8)
        let unparsable = try await run(folder, output: "unparsable.ndjson", only: "a.feature", also: "c_broken.feature")
        let (three, console) = await sut(["report", unparsable, "--exit-status"])
        XCTAssertEqual(three, 3, console.stderr)
        // Every shard reports the same parse error: the merged run has it once.
        let again = try await run(folder, output: "unparsable2.ndjson", only: "a.feature", also: "c_broken.feature")
        let (stillThree, _) = await sut(["report", unparsable, again, "--exit-status", "--format", "message:\(folder)/m.ndjson"])
        XCTAssertEqual(stillThree, 3)
        XCTAssertEqual(try decode("\(folder)/m.ndjson").compactMap(\.parseError).count, 1)
    }

    func test_report_writesTheValidPrefixOfACutOffStreamMarkedIncompleteAndExitsTwo() async throws {
        let folder = try makeFolder()
        let data = try Data(contentsOf: URL(fileURLWithPath: try await run(folder, output: "run.ndjson")))
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let cut = try XCTUnwrap(lines.firstIndex { $0.starts(with: Data(#"{"testStepFinished""#.utf8)) })
        let kept = lines[..<cut].map { Data($0) + Data("\n".utf8) }.reduce(Data(), +) + Data(lines[cut].prefix(25))
        try kept.write(to: URL(fileURLWithPath: "\(folder)/killed.ndjson"))
        let (code, console) = await sut([
            "report", "\(folder)/killed.ndjson", "--format", "message:\(folder)/out.ndjson",
            "--format", "junit:\(folder)/out.xml",
        ])
        XCTAssertEqual(code, 2)
        XCTAssertEqual(
            console.stderr,
            "specrun: \(folder)/killed.ndjson: 'one' (\(folder)/features/a.feature:2) was running and did not finish; it is reported failed\n"
                + "specrun: \(folder)/killed.ndjson:\(cut + 1): the last line is cut off (was the run killed?); the reports hold what came before it and are marked incomplete\n"
        )
        let merged = try decode("\(folder)/out.ndjson")
        let finished = try XCTUnwrap(merged.last?.testRunFinished)
        XCTAssertFalse(finished.success)
        XCTAssertEqual(finished.message, "\(folder)/killed.ndjson: the run ended before testRunFinished (file truncated?)")
        let closed = try XCTUnwrap(merged.compactMap(\.testStepFinished).last)
        XCTAssertEqual(closed.testStepResult.status, .failed, "the step that was running is reported failed")
        XCTAssertEqual(merged.compactMap(\.testCaseStarted).count, merged.compactMap(\.testCaseFinished).count)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/out.xml"))
    }

    func test_report_closesAStreamKilledBetweenTwoLinesAndExitsTwo() async throws {
        let folder = try makeFolder()
        let text = try String(contentsOfFile: try await run(folder, output: "run.ndjson"), encoding: .utf8)
        let lines = text.split(separator: "\n")
        // Killed during the last step of the second scenario (`two`, which would have passed).
        let secondAttempt = try XCTUnwrap(lines.indices.filter { lines[$0].hasPrefix(#"{"testCaseStarted""#) }.dropFirst().first)
        let cut = try XCTUnwrap(
            lines.indices.filter { $0 > secondAttempt && lines[$0].hasPrefix(#"{"testStepStarted""#) }.dropFirst().first)
        try (lines[...cut].joined(separator: "\n") + "\n").write(toFile: "\(folder)/killed.ndjson", atomically: true, encoding: .utf8)
        let (code, console) = await sut(["report", "\(folder)/killed.ndjson", "--format", "summary"])
        XCTAssertEqual(code, 2)
        XCTAssertEqual(
            console.stderr,
            "specrun: \(folder)/killed.ndjson: 'two' (\(folder)/features/a.feature:4) was running and did not finish; it is reported failed\n"
                + "specrun: \(folder)/killed.ndjson: the run ended before testRunFinished (was it killed?); the reports are marked incomplete\n"
        )
        XCTAssertEqual(
            summaryLines(console.stdout).first, "2 scenarios (1 failed, 1 passed)",
            "the scenario that was running is failed, the one before keeps its result: \(console.stdout)")
        XCTAssertTrue(console.stdout.contains("the run ended before testRunFinished (file truncated?)"), console.stdout)
    }

    func test_report_writesTheOtherStreamsReportsMarkedIncompleteNamingEachEmptyOneAndExitsTwoOnShardsSomeOfWhichAreEmpty() async throws {
        let folder = try makeFolder()
        let whole = try decode(try await run(folder, output: "serial.ndjson"))
        try Data().write(to: URL(fileURLWithPath: "\(folder)/empty.ndjson"))
        try Data(" \n\n".utf8).write(to: URL(fileURLWithPath: "\(folder)/blank.ndjson"))
        let paths = [
            try write(shard(0, of: 2, whole), to: "\(folder)/s0.ndjson"), "\(folder)/empty.ndjson",
            try write(shard(1, of: 2, whole), to: "\(folder)/s1.ndjson"), "\(folder)/blank.ndjson",
        ]

        let (code, console) = await sut(
            ["report"] + paths + [
                "--format", "junit:\(folder)/merged.xml", "--format", "message:\(folder)/merged.ndjson", "--format", "summary",
            ])

        XCTAssertEqual(code, 2, "an incomplete input, as a stream cut short: \(console.stderr)")
        XCTAssertEqual(
            console.stderr,
            "specrun: \(folder)/empty.ndjson: empty file (0 bytes), no messages in it (was the run killed before it started?); "
                + "the reports are made from the other streams and marked incomplete\n"
                + "specrun: \(folder)/blank.ndjson: blank file, only whitespace and blank lines, no messages in it; "
                + "the reports are made from the other streams and marked incomplete\n")
        XCTAssertEqual(summaryLines(console.stdout).first, "6 scenarios (2 failed, 1 undefined, 3 passed)", console.stdout)
        let junit = try String(contentsOfFile: "\(folder)/merged.xml", encoding: .utf8)
        XCTAssertEqual(
            junit.components(separatedBy: "<testcase ").count - 1, 7, "the six scenarios and the run that did not finish: \(junit)")
        XCTAssertTrue(junit.contains("Incomplete"), junit)
        let finished = try XCTUnwrap(try decode("\(folder)/merged.ndjson").compactMap(\.testRunFinished).last)
        XCTAssertEqual(finished.success, false)
        XCTAssertEqual(finished.exception?.type, RunProblemType.incomplete)
        XCTAssertTrue(finished.message?.contains("\(folder)/empty.ndjson: empty file (0 bytes), no messages in it") ?? false, "\(finished)")
        XCTAssertTrue(finished.message?.contains("\(folder)/blank.ndjson: blank file") ?? false, "\(finished)")
    }

    func test_report_exitsTwoWithOneLineOnEachBadInput() async throws {
        let folder = try makeFolder()
        let envelope = #"{"testRunStarted":{"timestamp":{"seconds":0,"nanos":0}}}"#
        let files: [(name: String, bytes: Data, expected: String)] = [
            ("empty.ndjson", Data(), "empty.ndjson: empty file"),
            ("blank.ndjson", Data("\n  \n".utf8), "blank.ndjson: blank file, only whitespace"),
            ("binary.ndjson", Data([0x7F, 0x45, 0x4C, 0x46, 0, 0, 1, 0xFF, 0xFE]), "binary.ndjson: binary data"),
            (
                "foreign.ndjson", Data("\(envelope)\n{\"name\":\"x\",\"tests\":3}\n".utf8),
                "foreign.ndjson:2: not a Cucumber Messages envelope: keys 'name', 'tests'"
            ),
            ("report.json", Data("[{\"id\":\"f\"}]\n".utf8), "report.json:1: a JSON array"),
            ("broken.ndjson", Data("\(envelope)\nnot json\n\(envelope)\n".utf8), "broken.ndjson:2: not a Cucumber Messages envelope"),
            ("a.feature", Data("Feature: not a stream".utf8), "a.feature:1: not a Cucumber Messages envelope"),
            ("object.json", Data("{\"name\":\"x\"}\n".utf8), "object.json:1: not a Cucumber Messages envelope: key 'name'"),
        ]
        for file in files { try file.bytes.write(to: URL(fileURLWithPath: "\(folder)/\(file.name)")) }
        try FileManager.default.createDirectory(atPath: "\(folder)/shards", withIntermediateDirectories: true)
        let cases =
            files.map { ("\(folder)/\($0.name)", $0.expected) } + [
                ("\(folder)/missing.ndjson", "missing.ndjson: no such file"),
                ("\(folder)/shards", "shards is a folder; give the message files in it, e.g. specrun report \(folder)/shards/*.ndjson"),
            ]
        for (path, expected) in cases {
            try? FileManager.default.removeItem(atPath: "\(folder)/out.xml")
            let (code, console) = await sut(["report", path, "--format", "junit:\(folder)/out.xml"])
            let refusedBeforeReading = !path.hasSuffix("broken.ndjson") && !path.hasSuffix("foreign.ndjson")
            XCTAssertEqual(
                FileManager.default.fileExists(atPath: "\(folder)/out.xml"), !refusedBeforeReading,
                "\(path): no report from a file that is no stream; the valid prefix of one that breaks later")
            XCTAssertEqual(code, 2, path)
            XCTAssertTrue(console.stderr.hasPrefix("specrun: ") && console.stderr.contains(expected), "\(path): \(console.stderr)")
            XCTAssertEqual(console.stderr.filter { $0 == "\n" }.count, 1, "one line: \(console.stderr)")
            XCTAssertFalse(console.stderr.contains("Fatal error"), console.stderr)
        }
    }

    // MARK: - Helpers

    private func sut(_ arguments: [String]) async -> (Int32, SpyConsole) {
        let console = SpyConsole()
        let code = await SpecRunCLI.run(arguments, libraries: [CLITestSteps.self], console: console)
        return (code, console)
    }

    /// Two feature files (6 scenarios: passed, failed, undefined, an Outline with identical-looking rows).
    private func makeFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let features = [
            "a.feature":
                "Feature: A\n  Scenario: one\n    Given a passing step\n  Scenario: two\n    Given a passing step\n    And a passing step\n",
            "b.feature": """
            Feature: B
              Scenario: fails
                Given a passing step
                And a failing step
              Scenario: undefined
                Given nothing like this
              Scenario Outline: rows
                Given a <what> step
                Examples:
                  | what    |
                  | passing |
                  | failing |

            """,
        ]
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("features"), withIntermediateDirectories: true)
        for (name, text) in features {
            try text.write(to: folder.appendingPathComponent("features/\(name)"), atomically: true, encoding: .utf8)
        }
        return folder.path
    }

    private func run(
        _ folder: String, output: String, predictableIds: Bool = false, only: String? = nil,
        also: String? = nil
    ) async throws -> String {
        var arguments = [only.map { "\(folder)/features/\($0)" } ?? "\(folder)/features"]
        if let also { arguments.append("\(folder)/\(also)") }
        arguments += ["--format", "message:\(folder)/\(output)", "--format", "summary:\(folder)/\(output).txt"]
        if predictableIds { arguments.append("--predictable-ids") }
        let (_, console) = await sut(arguments)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/\(output)"), console.stderr)
        return "\(folder)/\(output)"
    }

    /// What shard `index` of `count` writes: the whole prelude and run start/finish, its own test cases only.
    private func shard(_ index: Int, of count: Int, _ run: [Envelope]) -> [Envelope] {
        let testCaseIds = run.compactMap(\.testCase?.id)
        let mine = Set(testCaseIds.enumerated().filter { $0.offset % count == index }.map(\.element))
        let myPickleSteps = Set(
            run.compactMap(\.testCase).filter { mine.contains($0.id) }
                .flatMap { $0.testSteps.compactMap(\.pickleStepId) })
        var myAttempts: Set<String> = []
        return run.filter { envelope in
            if let testCase = envelope.testCase { return mine.contains(testCase.id) }
            if let started = envelope.testCaseStarted {
                guard mine.contains(started.testCaseId) else { return false }
                myAttempts.insert(started.id)
                return true
            }
            if let suggestion = envelope.suggestion { return myPickleSteps.contains(suggestion.pickleStepId) }
            let attempt =
                envelope.testStepStarted?.testCaseStartedId ?? envelope.testStepFinished?.testCaseStartedId
                ?? envelope.testCaseFinished?.testCaseStartedId ?? envelope.attachment?.testCaseStartedId
            return attempt.map(myAttempts.contains) ?? true
        }
    }

    /// The stream as a `--predictable-ids` shard writes it: definitions keep their ids, the ids made while
    /// running (test cases, steps, attempts, hook runs) are counted from the same number in every shard.
    private func countingRunIdsAfresh(_ stream: [Envelope]) -> [Envelope] {
        var definitions: Set<String> = []
        for envelope in stream
        where envelope.pickle != nil || envelope.gherkinDocument != nil || envelope.stepDefinition != nil
            || envelope.hook != nil || envelope.parameterType != nil || envelope.testRunStarted != nil
        {
            _ = envelope.mappingIds {
                definitions.insert($0); return $0
            }
        }
        var counted: [String: String] = [:]
        return stream.map { envelope in
            envelope.mappingIds { id in
                if definitions.contains(id) { return id }
                if let number = counted[id] { return number }
                counted[id] = "\(1_000 + counted.count)"
                return counted[id]!
            }
        }
    }

    private func assertOneConsistentRun(
        _ merged: [Envelope], testCases: Int,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertEqual(merged.compactMap(\.testRunStarted).count, 1, file: file, line: line)
        XCTAssertEqual(merged.compactMap(\.testRunFinished).count, 1, file: file, line: line)
        XCTAssertEqual(merged.compactMap(\.meta).count, 1, file: file, line: line)
        XCTAssertEqual(merged.compactMap(\.pickle).count, testCases, "every pickle once", file: file, line: line)
        let cases = merged.compactMap(\.testCase)
        XCTAssertEqual(cases.count, testCases, file: file, line: line)
        let stepIds = cases.flatMap { $0.testSteps.map(\.id) }
        XCTAssertEqual(Set(stepIds).count, stepIds.count, "test step ids are unique", file: file, line: line)
        let pickleSteps = Set(merged.compactMap(\.pickle).flatMap { $0.steps.map(\.id) })
        let definitions = Set(merged.compactMap(\.stepDefinition?.id))
        for testCase in cases {
            for step in testCase.testSteps {
                if let id = step.pickleStepId { XCTAssertTrue(pickleSteps.contains(id), "pickle step \(id)", file: file, line: line) }
                for id in step.stepDefinitionIds ?? [] {
                    XCTAssertTrue(definitions.contains(id), "definition \(id)", file: file, line: line)
                }
            }
        }
    }

    private func decode(_ path: String) throws -> [Envelope] {
        try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: path)), uri: path)
    }

    private func write(_ envelopes: [Envelope], to path: String) throws -> String {
        try (envelopes.map { try NDJSON.encode($0) }.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The `<testcase>` elements of a JUnit file (without times), sorted: equal lists mean the same cases and results.
    private func testCases(in path: String) throws -> [String] {
        let xml = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: #"\s(time|timestamp)="[^"]*""#, with: "", options: .regularExpression)
        let pattern = try NSRegularExpression(pattern: #"<testcase\b.*?(?:/>|</testcase>)"#, options: [.dotMatchesLineSeparators])
        let range = NSRange(xml.startIndex..., in: xml)
        // (Not the run-level error cases: a merged run has one testRunFinished where the samples had one each.)
        return pattern.matches(in: xml, range: range).map { String(xml[Range($0.range, in: xml)!]) }
            .filter { !$0.hasPrefix(#"<testcase classname="Cucumber" name="the run "#) }.sorted()
    }

    private func summaryLines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
            .filter { $0.range(of: #"^\d+ (scenarios?|steps?)\b"#, options: .regularExpression) != nil }
    }

    private func compatibilityKitStreams() throws -> [String] {
        let cck = try SharedData.require("reference/cck", "the Compatibility Kit merge")
        let samples = try FileManager.default.contentsOfDirectory(atPath: cck.path).sorted()
        return samples.map { cck.appendingPathComponent("\($0)/\($0).ndjson").path }
            .filter { FileManager.default.fileExists(atPath: $0) }
    }
}
