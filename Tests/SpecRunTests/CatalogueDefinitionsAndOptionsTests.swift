import Foundation
import XCTest

@testable import SpecRun

enum MalformedExpressionSteps: StepLibrary {
    static func register(_ steps: inout Steps<CLITestWorld>) { steps.given("a {int step") { _ in } }
}

enum UnknownParameterTypeSteps: StepLibrary {
    static func register(_ steps: inout Steps<CLITestWorld>) { steps.given("a {colour} step") { _ in } }
}

enum BadRegexSteps: StepLibrary {
    static func register(_ steps: inout Steps<CLITestWorld>) { steps.given(regex: "^a (step$") { _ in } }
}

enum DuplicateSteps: StepLibrary {
    static func register(_ steps: inout Steps<CLITestWorld>) { steps.given("a {word} step") { (_: CLITestWorld, _: String) in } }
}

/// The bad-input catalogue, step definitions, options and config files: one kind per test
/// (docs/RELIABILITY.md, "Step definitions, options and config files").
final class CatalogueDefinitionsAndOptionsTests: XCTestCase {
    // MARK: Step definitions

    func test_run_exitsTwoWithOneLineOnAMalformedExpression() async throws {
        let folder = try catalogueFolder(["a.feature": goodFeature()])
        let run = await catalogueRun([folder], in: folder, libraries: [CLITestSteps.self, MalformedExpressionSteps.self])
        assertOneClearLine(run, "a {int step", exit: 2)
    }

    func test_run_exitsTwoWithOneLineOnAnUnknownParameterType() async throws {
        let folder = try catalogueFolder(["a.feature": goodFeature()])
        let run = await catalogueRun([folder], in: folder, libraries: [CLITestSteps.self, UnknownParameterTypeSteps.self])
        assertOneClearLine(run, "colour", exit: 2)
    }

    func test_run_exitsTwoWithOneLineOnABadRegex() async throws {
        let folder = try catalogueFolder(["a.feature": goodFeature()])
        let run = await catalogueRun([folder], in: folder, libraries: [CLITestSteps.self, BadRegexSteps.self])
        assertOneClearLine(run, "^a (step$", exit: 2)
    }

    func test_run_reportsTheStepAmbiguousWithBothDefinitionsOnTwoMatchingDefinitions() async throws {
        let folder = try catalogueFolder(["a.feature": goodFeature()])
        let run = await catalogueRun([folder], in: folder, libraries: [CLITestSteps.self, DuplicateSteps.self])
        XCTAssertEqual(run.code, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("1 ambiguous"), run.stdout)
        assertNoStackTrace(run)
        assertKnownResults(run, passed: 0, failed: 1)
    }

    // MARK: Options

    func test_run_exitsTwoWithOneLineOnABadParallelCount() async throws {
        let run = await catalogueRun([".", "--parallel", "0"], in: try catalogueFolder([:]), reports: false)
        assertOneClearLine(run, "--parallel: expected a number of workers ≥ 1 or 'auto', got '0'", exit: 2)
    }

    func test_run_exitsTwoWithOneLineOnABadShard() async throws {
        let run = await catalogueRun([".", "--shard", "3/2"], in: try catalogueFolder([:]), reports: false)
        assertOneClearLine(run, "--shard 3/2: I must be between 1 and 2", exit: 2)
    }

    func test_run_exitsTwoWithOneLineOnANegativeTimeout() async throws {
        let run = await catalogueRun([".", "--timeout", "-1"], in: try catalogueFolder([:]), reports: false)
        assertOneClearLine(run, "--timeout: expected seconds ≥ 0 (0 = no timeout), got '-1'", exit: 2)
    }

    func test_run_exitsTwoWithOneLineOnABadTagExpression() async throws {
        let folder = try catalogueFolder(["a.feature": goodFeature()])
        let run = await catalogueRun([folder, "--tags", "@a and or @b"], in: folder)
        assertOneClearLine(run, "@a and or @b", exit: 2)
    }

    func test_run_suggestsTheOptionOnAnUnknownOption() async throws {
        let run = await catalogueRun([".", "--paralel", "2"], in: try catalogueFolder([:]), reports: false)
        assertOneClearLine(run, "unknown option '--paralel' (did you mean '--parallel'?)", exit: 2)
    }

    func test_run_suggestsTheFormatOnAnUnknownFormat() async throws {
        let run = await catalogueRun([".", "--format", "jnuit"], in: try catalogueFolder([:]), reports: false)
        assertOneClearLine(run, "unknown format 'jnuit' (did you mean 'junit'?)", exit: 2)
    }

    func test_run_namesBothOnTwoFormatsWritingToStdout() async throws {
        let run = await catalogueRun([".", "--format", "pretty", "--format", "json"], in: try catalogueFolder([:]), reports: false)
        assertOneClearLine(run, "formats pretty and json both write to stdout", exit: 2)
    }

    func test_run_exitsTwoWithOneLineOnWorldParametersThatAreNoJSONObject() async throws {
        let run = await catalogueRun([".", "--world-parameters", "{x"], in: try catalogueFolder([:]), reports: false)
        assertOneClearLine(run, "--world-parameters: expected a JSON object", exit: 2)
    }

    func test_run_exitsTwoWithOneLineOnFormatOptionsThatAreNoJSONObject() async throws {
        let run = await catalogueRun([".", "--format-options", "[1]"], in: try catalogueFolder([:]), reports: false)
        assertOneClearLine(run, "--format-options: expected a JSON object", exit: 2)
    }

    func test_run_showsAnExampleOnAnOptionWithoutItsValue() async throws {
        let run = await catalogueRun([".", "--tags"], in: try catalogueFolder([:]), reports: false)
        assertOneClearLine(run, "--tags needs a value, e.g. --tags '@smoke and not @slow'", exit: 2)
    }

    func test_run_exitsTwoWithOneLineOnAMemoryLimitThatIsNoSize() async throws {
        let run = await catalogueRun([".", "--memory-limit", "lots"], in: try catalogueFolder([:]), reports: false)
        assertOneClearLine(run, "--memory-limit: expected a size such as 512M or 2G (or none), got 'lots'", exit: 2)
    }

    // MARK: Config files

    func test_run_namesTheFileOnAConfigThatIsNoJSON() async throws {
        let run = await configRun("{ \"default\": ")
        assertOneClearLine(run, "specrun.json:1:14: not valid JSON", exit: 2)
    }

    func test_run_namesFileLineAndSuggestionOnAnUnknownConfigKey() async throws {
        let run = await configRun("{\n  \"default\": {\n    \"paralel\": 2\n  }\n}\n")
        assertOneClearLine(run, "specrun.json:3: unknown option 'paralel' in profile 'default' (did you mean 'parallel'?)", exit: 2)
    }

    func test_run_namesFileLineAndTypeOnAConfigValueOfTheWrongType() async throws {
        let run = await configRun("{\n  \"default\": {\n    \"retry\": \"twice\"\n  }\n}\n")
        assertOneClearLine(run, "specrun.json:3: 'retry' in profile 'default' must be a number", exit: 2)
    }

    func test_run_listsTheProfilesOnAMissingProfile() async throws {
        let run = await configRun("{ \"default\": {}, \"ci\": {} }", extra: ["--profile", "cj"])
        assertOneClearLine(run, "specrun.json: no profile 'cj' (did you mean 'ci'?); profiles: ci, default", exit: 2)
    }

    func test_run_exitsTwoWithOneLineOnAMissingConfigFile() async throws {
        let run = await configRun(nil, extra: ["--config", "nowhere.json"])
        assertOneClearLine(run, "--config: cannot read nowhere.json", exit: 2)
    }

    private func configRun(_ text: String?, extra: [String] = []) async -> CatalogueRun {
        let console = SpyConsole()
        let code = await SpecRunCLI.run(
            ["."] + extra, libraries: [CLITestSteps.self], console: console,
            readConfig: { $0 == "specrun.json" ? text : nil })
        return CatalogueRun(code: code, stdout: console.stdout, stderr: console.stderr, folder: "")
    }
}
