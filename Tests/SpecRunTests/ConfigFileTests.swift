import XCTest

@testable import SpecRun

final class ConfigFileTests: XCTestCase {
    private let config = """
        {
          "default": { "paths": ["Features"], "format": ["pretty", "junit:reports/junit.xml"], "strict": true },
          "ci": { "parallel": "auto", "timeout": 30, "retry": 1, "tags": "not @wip",
                  "formatOptions": { "junit": { "suiteName": "ci" } } }
        }
        """

    func test_expand_putsTheDefaultProfileBeforeTheCommandLine() throws {
        let expanded = try ConfigFile.expand(["--order", "reverse"], read: { _ in self.config })

        XCTAssertEqual(
            expanded,
            [
                "--format", "pretty", "--format", "junit:reports/junit.xml", "Features", "--strict",
                "--order", "reverse",
            ])
    }

    func test_expand_namesTheLineAndColumnOfAConfigThatIsNotJSON() {
        let missingComma = "{\n  \"default\": {\n    \"paths\": [\"Features\"]\n    \"retry\": 1\n  }\n}\n"
        XCTAssertThrowsError(try ConfigFile.expand([], read: { _ in missingComma })) {
            XCTAssertTrue("\($0)".hasPrefix("specrun.json:4:5: not valid JSON"), "\($0)")
        }
        XCTAssertThrowsError(try ConfigFile.expand([], read: { _ in "{\n  \"default\": {\n" })) {
            XCTAssertTrue("\($0)".hasPrefix("specrun.json:3:1: not valid JSON"), "the end of the text: \($0)")
        }
        XCTAssertThrowsError(try ConfigFile.expand([], read: { _ in "[1, 2]" })) {
            XCTAssertTrue("\($0)".hasPrefix("specrun.json:1: not a JSON object of profiles"), "JSON, but no object: \($0)")
        }
    }

    func test_expand_turnsTheHistoryKeyIntoTheOption() throws {
        let expanded = try ConfigFile.expand([], read: { _ in #"{"default": {"history": "reports/history"}}"# })

        XCTAssertEqual(expanded, ["--history", "reports/history"])
    }

    func test_expand_turnsTimeoutsIntoOneTagTimeoutEachInKeyOrder() throws {
        let expanded = try ConfigFile.expand([], read: { _ in #"{"default": {"timeouts": {"@slow": "30s", "@db and not @fast": 120}}}"# })

        XCTAssertEqual(expanded, ["--tag-timeout", "@db and not @fast=120.0", "--tag-timeout", "@slow=30s"])
        XCTAssertEqual(
            try CommandLineParser.parseTagTimeout("@db and not @fast=120.0"), TagTimeout(expression: "@db and not @fast", seconds: 120))
    }

    func test_expand_namesTheLineOfATimeoutThatIsNoDuration() {
        XCTAssertThrowsError(try ConfigFile.expand([], read: { _ in "{\n\"default\": {\n\"timeouts\": {\"@slow\": \"soon\"}}}" })) {
            error in
            XCTAssertTrue("\(error)".contains("specrun.json:3: 'timeouts' in profile 'default': '@slow' must be a duration"), "\(error)")
        }
    }

    func test_expand_mergesTheProfilesGivenAndLetsTheCommandLineWin() throws {
        let expanded = try ConfigFile.expand(
            ["--profile", "default", "-p", "ci", "Other/", "--format", "progress"],
            read: { _ in self.config })

        XCTAssertFalse(expanded.contains("Features"), "paths on the command line replace the profile's")
        XCTAssertFalse(expanded.contains("pretty"), "a stdout format on the command line replaces the profile's")
        guard case .run(let options) = try CommandLineParser.parse(expanded) else { return XCTFail("not a run") }
        XCTAssertEqual(options.paths, ["Other/"])
        XCTAssertEqual(options.tags, ["not @wip"])
        XCTAssertEqual(options.retry, 1)
        XCTAssertEqual(options.timeout, 30)
        XCTAssertEqual(options.formats.map(\.name), ["junit", "progress"])
        XCTAssertEqual(options.formatOptions.junitSuiteName, "ci")
    }

    func test_expand_leavesOtherCommandsAndAMissingFileAlone() throws {
        XCTAssertEqual(try ConfigFile.expand(["report", "a.ndjson"], read: { _ in self.config }), ["report", "a.ndjson"])
        XCTAssertEqual(try ConfigFile.expand(["Features"], read: { _ in nil }), ["Features"])
    }

    func test_expand_namesTheFileLineAndKeyOfAnUnknownOptionWithASuggestion() {
        let text = "{\n  \"default\": {\n    \"tagz\": \"@x\"\n  }\n}\n"
        XCTAssertThrowsError(try ConfigFile.expand([], read: { _ in text })) { error in
            XCTAssertEqual("\(error)", "specrun.json:3: unknown option 'tagz' in profile 'default' (did you mean 'tags'?)")
        }
    }

    func test_expand_refusesAWrongTypeAnUnknownProfileAndAMissingConfig() {
        XCTAssertThrowsError(try ConfigFile.expand([], read: { _ in #"{"default": {"retry": "twice"}}"# })) { error in
            XCTAssertTrue("\(error)".contains("'retry' in profile 'default' must be a number"), "\(error)")
        }
        XCTAssertThrowsError(try ConfigFile.expand(["--profile", "cii"], read: { _ in self.config })) { error in
            XCTAssertTrue("\(error)".contains("no profile 'cii' (did you mean 'ci'?)"), "\(error)")
        }
        XCTAssertThrowsError(try ConfigFile.expand(["--config", "nope.json"], read: { _ in nil })) { error in
            XCTAssertEqual("\(error)", "--config: cannot read nope.json")
        }
    }

    func test_expand_givesEachWorkerTheMemoryLimitOfAProfileAndRefusesANumber() throws {
        let expanded = try ConfigFile.expand([], read: { _ in #"{"default": {"memoryLimit": "512M"}}"# })
        guard case .run(let options) = try CommandLineParser.parse(expanded) else { return XCTFail("not a run") }
        XCTAssertEqual(options.memoryLimit, 512 << 20)
        XCTAssertThrowsError(try ConfigFile.expand([], read: { _ in #"{"default": {"memoryLimit": 512}}"# })) { error in
            XCTAssertTrue("\(error)".contains("'memoryLimit' in profile 'default' must be a size such as \"512M\""), "\(error)")
        }
    }
}
