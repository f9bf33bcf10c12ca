import SpecRunReportCore
import SpecRunReports
import XCTest

@testable import SpecRun
@testable import SpecRunWorkers

final class CommandLineParserTests: XCTestCase {
    func test_parse_runsFeaturesWithDefaultsOnNoArguments() throws {
        XCTAssertEqual(try CommandLineParser.parse([]), .run(RunOptions()))
    }

    func test_parse_collectsPathsAndOptionsOnRunArguments() throws {
        let command = try CommandLineParser.parse([
            "Features/quiz", "Features/chat/a.feature:12", "--tags", "@smoke", "-t", "not @wip",
            "--name=Login", "--dry-run", "--fail-fast", "--order", "random:42", "--retry", "2", "--no-color",
        ])
        var expected = RunOptions()
        expected.paths = ["Features/quiz", "Features/chat/a.feature:12"]
        expected.tags = ["@smoke", "not @wip"]
        expected.names = ["Login"]
        expected.dryRun = true
        expected.failFast = true
        expected.order = "random:42"
        expected.retry = 2
        expected.color = false
        XCTAssertEqual(command, .run(expected))
    }

    func test_parse_acceptsSeveralFormatsWithFiles() throws {
        guard
            case .run(let options) = try CommandLineParser.parse([
                "--format", "pretty", "--format", "junit:reports/junit.xml", "-f", "html:r/i.html",
            ])
        else {
            return XCTFail("expected a run")
        }
        XCTAssertEqual(
            options.formats,
            [
                FormatRequest(format: .pretty, path: nil), FormatRequest(format: .junit, path: "reports/junit.xml"),
                FormatRequest(format: .html, path: "r/i.html"),
            ])
    }

    func test_parse_writesTheHistoryFileOfAFolderOnHistoryForARunAndAReport() throws {
        guard case .run(let run) = try CommandLineParser.parse(["--history", "reports/history"]),
            case .report(let report) = try CommandLineParser.parse(["report", "a.ndjson", "--history", "h/"])
        else {
            return XCTFail("expected a run and a report")
        }
        XCTAssertEqual(run.formats, [FormatRequest(format: .history, path: "reports/history/specrun-history.json")])
        XCTAssertEqual(
            report.formats, [FormatRequest(format: .summary, path: nil), FormatRequest(format: .history, path: "h/specrun-history.json")])
    }

    func test_parse_refusesTwoFormatsOnStdout() {
        XCTAssertThrowsError(try CommandLineParser.parse(["--format", "pretty", "--format", "progress"])) { error in
            XCTAssertEqual(
                (error as? UsageError)?.message,
                "formats pretty and progress both write to stdout; give all but one a file, e.g. --format progress:reports/progress.out")
        }
    }

    func test_parse_refusesASwiftKeywordAsTheSnippetsLibraryOrWorldName() throws {
        for (option, value) in [("--name", "struct"), ("--world", "init"), ("--world", "Shop.class")] {
            XCTAssertThrowsError(try CommandLineParser.parse(["snippets", option, value]), "\(option) \(value)") { error in
                XCTAssertTrue((error as? UsageError)?.message.contains("is a Swift keyword, not a type name") == true, "\(error)")
            }
        }
        guard case .snippets(let options) = try CommandLineParser.parse(["snippets", "--name", "Structs", "--world", "Shop.World"]) else {
            return XCTFail("not a snippets command")
        }
        XCTAssertEqual(options.name, "Structs")
        XCTAssertEqual(options.world, "Shop.World")
    }

    func test_parse_readsStandardInputOnADashAsAReportInput() throws {
        guard case .report(let options) = try CommandLineParser.parse(["report", "-", "--format", "summary"]) else {
            return XCTFail("not a report command")
        }
        XCTAssertEqual(options.inputs, ["/dev/stdin"])
    }

    func test_parse_refusesTwoFormatsOnStdoutOnAPathNamingStdout() {
        for path in ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"] {
            XCTAssertThrowsError(try CommandLineParser.parse(["--format", "pretty", "--format", "message:\(path)"]), path) { error in
                XCTAssertEqual(
                    (error as? UsageError)?.message,
                    "formats pretty and message:\(path) both write to stdout; give all but one a file, e.g. --format message:reports/message.out"
                )
            }
        }
        XCTAssertNoThrow(try CommandLineParser.parse(["--format", "pretty", "--format", "message:/dev/fd/2"]), "stderr is not stdout")
        XCTAssertNoThrow(try CommandLineParser.parse(["--format", "pretty", "--format", "message:/dev/fd/10"]))
    }

    func test_parse_suggestsTheClosestFormatOnTypo() {
        XCTAssertThrowsError(try CommandLineParser.parse(["--format", "junt:x.xml"])) { error in
            XCTAssertTrue((error as? UsageError)?.message.hasPrefix("unknown format 'junt' (did you mean 'junit'?)") ?? false, "\(error)")
        }
    }

    func test_parse_refusesTheFolderReportWithoutAFolder() throws {
        XCTAssertThrowsError(try CommandLineParser.parse(["--format", "html-site"])) { error in
            XCTAssertEqual(
                (error as? UsageError)?.message, "--format html-site: give the folder to write, e.g. --format html-site:reports/site")
        }
        guard case .run(let options) = try CommandLineParser.parse(["--format", "html-site:reports/site"]) else {
            return XCTFail("expected a run")
        }
        XCTAssertEqual(options.formats, [FormatRequest(format: .htmlSite, path: "reports/site")])
    }

    func test_parse_suggestsTheClosestOptionOnTypo() {
        XCTAssertThrowsError(try CommandLineParser.parse(["--tag", "@x"])) { error in
            XCTAssertEqual((error as? UsageError)?.message, "unknown option '--tag' (did you mean '--tags'?)")
        }
    }

    func test_parse_explainsAMissingValue() {
        XCTAssertThrowsError(try CommandLineParser.parse(["--tags"])) { error in
            XCTAssertEqual((error as? UsageError)?.message, "--tags needs a value, e.g. --tags '@smoke and not @slow'")
        }
    }

    func test_parse_readsParallelTimeoutShardAndTheEndOfOptions() throws {
        guard
            case .run(let options) = try CommandLineParser.parse([
                "-j", "3", "--timeout", "2.5", "--shard", "2/4",
                "--shard-timings", "t.ndjson", "--serial-tags", "@db",
                "--", "--odd-folder",
            ])
        else { return XCTFail("not a run") }
        XCTAssertEqual(options.parallel, 3)
        XCTAssertEqual(options.timeout, 2.5)
        XCTAssertEqual(options.shard, ShardOption(index: 2, count: 4))
        XCTAssertEqual(options.shardTimings, "t.ndjson")
        XCTAssertEqual(options.serialTags, "@db")
        XCTAssertEqual(options.paths, ["--odd-folder"])
        guard case .run(let auto) = try CommandLineParser.parse(["--parallel", "auto"]) else { return XCTFail("not a run") }
        XCTAssertGreaterThanOrEqual(auto.parallel, 1)
    }

    func test_parseMemoryLimit_readsUnitsBytesAndNoneOnEachSpelling() throws {
        XCTAssertEqual(try CommandLineParser.parseMemoryLimit("512M"), 512 << 20)
        XCTAssertEqual(try CommandLineParser.parseMemoryLimit("2g"), 2 << 30)
        XCTAssertEqual(try CommandLineParser.parseMemoryLimit("1GB"), 1 << 30)
        XCTAssertEqual(try CommandLineParser.parseMemoryLimit("\(100 << 20)"), 100 << 20)
        XCTAssertNil(try CommandLineParser.parseMemoryLimit("none"))
        XCTAssertNil(try CommandLineParser.parseMemoryLimit("0"))
        XCTAssertThrowsError(try CommandLineParser.parseMemoryLimit("99999999999T"), "overflow")
        XCTAssertThrowsError(try CommandLineParser.parseMemoryLimit("63M"), "below 64M")
    }

    func test_parse_refusesBadParallelShardAndTimeoutWithOneLine() {
        let cases: [([String], String)] = [
            (["--parallel", "0"], "--parallel: expected a number of workers ≥ 1 or 'auto', got '0'"),
            (["-j", "x"], "-j: expected a number of workers ≥ 1 or 'auto', got 'x'"),
            (["--shard", "3/2"], "--shard 3/2: I must be between 1 and 2"),
            (["--shard", "1/0"], "--shard 1/0: N must be at least 1"),
            (["--shard", "half"], "--shard: expected I/N (this machine's part I of N, e.g. 2/4), got 'half'"),
            (["--timeout", "-1"], "--timeout: expected seconds ≥ 0 (0 = no timeout), got '-1'"),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try CommandLineParser.parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? UsageError)?.message, message)
            }
        }
    }

    func test_parse_returnsHelpForEverySubcommandsHelp() throws {
        XCTAssertEqual(try CommandLineParser.parse(["gherkin", "--help"]), .help(topic: "gherkin"))
        XCTAssertEqual(try CommandLineParser.parse(["report", "-h"]), .help(topic: "report"))
        XCTAssertEqual(try CommandLineParser.parse(["run", "--help"]), .help(topic: nil))
        for subcommand in ["check", "init", "completions", "man"] {
            guard case .help = try CommandLineParser.parse([subcommand, "--help"]) else { return XCTFail("\(subcommand) --help") }
        }
    }

    func test_parse_refusesABadOrder() {
        XCTAssertThrowsError(try CommandLineParser.parse(["--order", "random:x"]))
        XCTAssertNoThrow(try CommandLineParser.parse(["--order", "reverse"]))
    }

    func test_parse_readsGherkinSubcommand() throws {
        let command = try CommandLineParser.parse(["gherkin", "--no-source", "--predictable-ids", "a.feature", "b.feature.md"])
        XCTAssertEqual(
            command,
            .gherkin(
                GherkinOptions(
                    includeSource: false, includeAST: true, includePickles: true,
                    predictableIds: true, paths: ["a.feature", "b.feature.md"])))
    }

    func test_parse_refusesGherkinWithoutFiles() {
        XCTAssertThrowsError(try CommandLineParser.parse(["gherkin", "--no-ast"]))
    }

    func test_parse_readsReportSubcommandWithSummaryByDefault() throws {
        let command = try CommandLineParser.parse(["report", "a.ndjson", "b.ndjson"])
        XCTAssertEqual(
            command, .report(ReportCommandOptions(inputs: ["a.ndjson", "b.ndjson"], formats: [FormatRequest(format: .summary, path: nil)])))
    }

    func test_parse_returnsHelpAndVersion() throws {
        XCTAssertEqual(try CommandLineParser.parse(["--help"]), .help(topic: nil))
        XCTAssertEqual(try CommandLineParser.parse(["--version"]), .version)
    }
}

final class FormatOptionsTests: XCTestCase {
    func test_merge_readsTheOptionsOfEachFormat() throws {
        var sut = FormatOptions()

        try sut.merge(json: #"{"html": {"title": "Release 4.2"}, "junit": {"suiteName": "acceptance"}}"#)
        try sut.merge(json: #"{"junit": {"className": "specs"}, "console": {"showLocations": false}}"#)

        var options = ReportOptions()
        sut.apply(to: &options)
        XCTAssertEqual(options.htmlTitle, "Release 4.2")
        XCTAssertEqual(options.junitSuiteName, "acceptance")
        XCTAssertEqual(options.junitClassName, "specs")
        XCTAssertFalse(options.showLocations)
        try sut.merge(json: #"{"console": {"colors": true}, "snippets": {"interface": "async-await"}}"#)
        XCTAssertEqual(sut.colors, true)
        XCTAssertEqual(sut.snippetInterface, .async)
        XCTAssertThrowsError(try sut.merge(json: #"{"snippets": {"interface": "callback"}}"#))
    }

    func test_merge_namesAnUnknownKeyWithASuggestionAndAWrongType() {
        var sut = FormatOptions()
        XCTAssertThrowsError(try sut.merge(json: #"{"html": {"titel": "x"}}"#)) { error in
            XCTAssertTrue("\(error)".contains("unknown option 'html.titel' (did you mean 'html.title'?)"), "\(error)")
        }
        XCTAssertThrowsError(try sut.merge(json: #"{"junit": {"suiteName": 3}}"#)) { error in
            XCTAssertTrue("\(error)".contains("junit.suiteName must be a string"), "\(error)")
        }
        XCTAssertThrowsError(try sut.merge(json: "title=x")) { error in
            XCTAssertTrue("\(error)".contains("expected a JSON object"), "\(error)")
        }
    }
}

final class WorldParametersTests: XCTestCase {
    func test_parse_mergesWorldParametersAsTextAndRefusesWhatIsNoObject() throws {
        guard
            case .run(let options) = try CommandLineParser.parse([
                "--world-parameters", #"{"baseURL": "http://x", "retries": 3}"#,
                "--world-parameters", #"{"flags": {"new": true}}"#,
            ])
        else {
            return XCTFail("not a run")
        }
        XCTAssertEqual(options.worldParameters, ["baseURL": "http://x", "retries": "3", "flags": #"{"new":true}"#])
        XCTAssertThrowsError(try CommandLineParser.parse(["--world-parameters", "baseURL=x"])) { error in
            XCTAssertTrue("\(error)".contains("expected a JSON object"), "\(error)")
        }
    }

    func test_worker_setsTheWorldParametersFromItsConfiguration() throws {
        var configuration = WorkerConfiguration(paths: ["x"])
        configuration.worldParameters = ["baseURL": "http://y"]
        let decoded = try WorkerConfiguration.decode(String(decoding: configuration.encodedLine().dropLast(), as: UTF8.self))
        XCTAssertEqual(decoded.worldParameters, ["baseURL": "http://y"])
        XCTAssertEqual(try decoded.runConfiguration().worldParameters, ["baseURL": "http://y"], "the run hands them to its Worlds")
    }
}

final class ConsoleFormatsTests: XCTestCase {
    func test_consoleFormats_keepsTheConsoleUsefulWhateverTheFormats() {
        let junit = FormatRequest(format: .junit, path: "r.xml"), progress = FormatRequest(format: .progress, path: nil)
        XCTAssertEqual(RunCommand.consoleFormats([]), [FormatRequest(format: .pretty, path: nil)])
        XCTAssertEqual(RunCommand.consoleFormats([junit]), [junit, FormatRequest(format: .summary, path: nil)])
        XCTAssertEqual(RunCommand.consoleFormats([junit, progress]), [junit, progress])
    }

    func test_consoleFormats_addsNoSummaryOnAFormatWhosePathIsStdout() {
        for path in ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"] {
            let message = FormatRequest(format: .message, path: path)
            XCTAssertEqual(RunCommand.consoleFormats([message]), [message], path)
        }
        let onStderr = FormatRequest(format: .message, path: "/dev/fd/2")
        XCTAssertEqual(RunCommand.consoleFormats([onStderr]), [onStderr, FormatRequest(format: .summary, path: nil)])
    }
}
