import Foundation
import XCTest

@testable import SpecRun
@testable import SpecRunEditor
@testable import SpecRunWorkers

final class SpecRunCLITests: XCTestCase {
    func test_run_exitsWithZeroOnAllPassed() async throws {
        let (sut, console) = makeSUT()
        let folder = try makeFeatures(["ok.feature": "Feature: F\n  Scenario: S\n    Given a passing step\n"])
        let code = await sut(["\(folder)/ok.feature", "--no-color", "--format", "summary"], console)
        XCTAssertEqual(code, 0, console.stderr)
        XCTAssertTrue(console.stdout.contains("1 scenario (1 passed)"), console.stdout)
    }

    func test_run_exitsWithOneOnFailedScenario() async throws {
        let (sut, console) = makeSUT()
        let folder = try makeFeatures(["bad.feature": "Feature: F\n  Scenario: S\n    Given a failing step\n"])
        let code = await sut([folder, "--no-color"], console)
        XCTAssertEqual(code, 1)
        XCTAssertTrue(console.stdout.contains("it broke"), console.stdout)
    }

    func test_run_exitsWithOneOnUndefinedStepUnderDefaultStrictness() async throws {
        let (sut, console) = makeSUT()
        let folder = try makeFeatures(["u.feature": "Feature: F\n  Scenario: S\n    Given 3 unknown things\n"])
        let code = await sut([folder, "--no-color"], console)
        XCTAssertEqual(code, 1)
        XCTAssertTrue(console.stdout.contains("{int}"), "a snippet guesses {int}: \(console.stdout)")
        let relaxed = await sut([folder, "--no-color", "--no-strict"], SpyConsole())
        XCTAssertEqual(relaxed, 0)
    }

    func test_run_exitsWithThreeAndNamesLineAndColumnOnUnparsableFile() async throws {
        let (sut, console) = makeSUT()
        let folder = try makeFeatures([
            "a_good.feature": "Feature: F\n  Scenario: S\n    Given a passing step\n",
            "b_broken.feature": "Feature: F\n  Scenario: S\n    Given a passing step\n    | a | b |\n    | c |\n",
        ])
        let code = await sut([folder, "--no-color", "--format", "summary"], console)
        XCTAssertEqual(code, 3)
        XCTAssertTrue(console.stderr.contains("b_broken.feature:5:5: inconsistent cell count within the table"), console.stderr)
        XCTAssertTrue(console.stdout.contains("1 scenario (1 passed)"), "the good file still ran: \(console.stdout)")
    }

    func test_run_exitsWithFourOnNothingSelected() async throws {
        let (sut, console) = makeSUT()
        let folder = try makeFeatures(["ok.feature": "Feature: F\n  Scenario: S\n    Given a passing step\n"])
        let code = await sut([folder, "--tags", "@nothing", "--no-color"], console)
        XCTAssertEqual(code, 4)
        XCTAssertTrue(console.stderr.contains("no scenario matched"), console.stderr)
    }

    func test_run_exitsWithZeroSayingSoOnAnEmptyRerunFile() async throws {
        let (sut, console) = makeSUT()
        let folder = try makeFeatures(["rerun.txt": "\n"])
        let code = await sut(["@\(folder)/rerun.txt", "--no-color"], console)
        XCTAssertEqual(code, 0, "nothing failed last time: nothing to rerun")
        XCTAssertTrue(console.stderr.contains("nothing to rerun"), console.stderr)
    }

    func test_run_exitsWithTwoAndOneLineOnBadTagExpression() async throws {
        let (sut, console) = makeSUT()
        let folder = try makeFeatures(["ok.feature": "Feature: F\n  Scenario: S\n    Given a passing step\n"])
        let code = await sut([folder, "--tags", "@a and"], console)
        XCTAssertEqual(code, 2)
        XCTAssertTrue(console.stderr.hasPrefix("specrun: bad tag expression '@a and'"), console.stderr)
        XCTAssertFalse(console.stderr.contains("Fatal"), console.stderr)
    }

    func test_run_exitsWithTwoOnMissingPath() async {
        let (sut, console) = makeSUT()
        let code = await sut(["/no/such/folder"], console)
        XCTAssertEqual(code, 2)
        XCTAssertTrue(console.stderr.contains("no such file or folder: /no/such/folder"), console.stderr)
    }

    func test_run_writesEveryRequestedReportFile() async throws {
        let (sut, console) = makeSUT()
        let folder = try makeFeatures(["ok.feature": "Feature: F\n  Scenario: S\n    Given a passing step\n"])
        let out = folder + "/reports"
        let code = await sut(
            [
                folder, "--format", "junit:\(out)/junit.xml", "--format", "json:\(out)/c.json",
                "--format", "message:\(out)/m.ndjson", "--format", "html:\(out)/index.html", "--no-color",
            ], console)
        XCTAssertEqual(code, 0, console.stderr)
        for file in ["junit.xml", "c.json", "m.ndjson", "index.html"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(out)/\(file)"), "\(file) was not written")
        }
    }

    func test_report_rebuildsReportsFromASavedStream() async throws {
        let (sut, console) = makeSUT()
        let folder = try makeFeatures(["ok.feature": "Feature: F\n  Scenario: S\n    Given a passing step\n"])
        _ = await sut([folder, "--format", "message:\(folder)/run.ndjson"], SpyConsole())
        let code = await sut(["report", "\(folder)/run.ndjson", "--format", "junit"], console)
        XCTAssertEqual(code, 0, console.stderr)
        XCTAssertTrue(console.stdout.contains("<testsuite"), console.stdout)
    }

    func test_report_namesTheLineOfABrokenStream() async throws {
        let (sut, console) = makeSUT()
        let folder = try makeFeatures(["run.ndjson": "{\"testRunStarted\":{\"timestamp\":{\"seconds\":0,\"nanos\":0}}}\nnot json\n"])
        let code = await sut(["report", "\(folder)/run.ndjson"], console)
        XCTAssertEqual(code, 2)
        XCTAssertTrue(console.stderr.contains("run.ndjson:2: not a Cucumber Messages envelope"), console.stderr)
    }

    func test_gherkin_printsOneEnvelopePerLineWithTheUriAsGiven() async throws {
        let (sut, console) = makeSUT()
        let folder = try makeFeatures(["g.feature": "Feature: G\n  Scenario: S\n    Given x\n"])
        let code = await sut(["gherkin", "--predictable-ids", "\(folder)/g.feature"], console)
        XCTAssertEqual(code, 0)
        let lines = console.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(lines[0].hasPrefix("{\"source\":"))
        XCTAssertTrue(lines[2].contains("\"uri\":\"\(folder)/g.feature\""))
    }

    func test_gherkin_omitsTheKeywordOfAKeywordlessMarkdownFeatureAsTheReference() async throws {
        let (sut, console) = makeSUT()
        let folder = try makeFeatures(["k.feature.md": "## Scenario: S\n\n* Given x\n"])
        let code = await sut(["gherkin", "--predictable-ids", "--no-source", "--no-pickles", "\(folder)/k.feature.md"], console)
        XCTAssertEqual(code, 0)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(console.stdout.utf8)) as? [String: Any])
        let feature = try XCTUnwrap((document["gherkinDocument"] as? [String: Any])?["feature"] as? [String: Any])
        XCTAssertNil(feature["keyword"], console.stdout)
    }

    func test_help_printsUsageAndExitCodes() async {
        let (sut, console) = makeSUT()
        let code = await sut(["--help"], console)
        XCTAssertEqual(code, 0)
        XCTAssertTrue(console.stdout.contains("EXIT CODES"))
    }

    // MARK: - Helpers

    private func makeSUT() -> ((_ arguments: [String], _ console: SpyConsole) async -> Int32, SpyConsole) {
        let run: ([String], SpyConsole) async -> Int32 = { arguments, console in
            await SpecRunCLI.run(arguments, libraries: [CLITestSteps.self], console: console)
        }
        return (run, SpyConsole())
    }

    private func makeFeatures(_ files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder.path
    }
}

final class SpyConsole: Console, @unchecked Sendable {
    private(set) var stdout = ""
    private(set) var stderr = ""
    var stdoutIsTerminal = false
    var environment: [String: String] = [:]

    func out(_ text: String) { stdout += text }
    func err(_ text: String) { stderr += text }
}

final class CLITestWorld: World {
    required init() {}
}

enum CLITestSteps: StepLibrary {
    static func register(_ steps: inout Steps<CLITestWorld>) {
        steps.given("a passing step") { _ in }
        steps.given("a failing step") { _ in throw fail("it broke") }
    }
}

final class ParseErrorTextTests: XCTestCase {
    func test_humanize_namesExpectedThingsAndSuggestsKeywordOnMisspeltStep() {
        let message =
            "expected: #EOF, #TableRow, #DocStringSeparator, #StepLine, #TagLine, #ScenarioLine, #RuleLine, #Comment, #Empty, got 'Giving the customer is logged in'"
        XCTAssertEqual(
            ParseErrorText.humanize(message),
            "expected the end of the file, a table row, a docstring, a step, tags, a Scenario or a Rule, got 'Giving the customer is logged in' (did you mean 'Given'?)"
        )
    }

    func test_humanize_givesNoHintOnUnrelatedText() {
        let message = "expected: #EOF, #StepLine, got 'hello world'"
        XCTAssertEqual(ParseErrorText.humanize(message), "expected the end of the file or a step, got 'hello world'")
    }

    func test_humanize_keepsOtherMessages() {
        XCTAssertEqual(ParseErrorText.humanize("inconsistent cell count within the table"), "inconsistent cell count within the table")
    }
}

final class ParseErrorOnceTests: XCTestCase {
    func test_run_printsEachParseErrorOnceWithItsLocationOnce() async throws {
        let console = SpyConsole()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-once-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        try "# language: xx-nope\nFeature: F\n".write(to: folder.appendingPathComponent("lang.feature"), atomically: true, encoding: .utf8)

        let code = await SpecRunCLI.run([folder.path, "--no-color"], libraries: [CLITestSteps.self], console: console)

        XCTAssertEqual(code, 3)
        let all = console.stdout + console.stderr
        XCTAssertEqual(all.components(separatedBy: "Language not supported: xx-nope").count - 1, 1, all)
        XCTAssertFalse(all.contains("(1:1)"), all)
        XCTAssertTrue(console.stderr.contains("lang.feature:1:1: Language not supported: xx-nope"), console.stderr)
    }
}
