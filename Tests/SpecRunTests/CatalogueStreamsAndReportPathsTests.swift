import Foundation
import Messages
import XCTest

@testable import SpecRun

/// The bad-input catalogue, saved message streams for `specrun report` and report paths: one kind per test
/// (docs/RELIABILITY.md, "Saved streams and `specrun report`" and "Report paths and output targets").
final class CatalogueStreamsAndReportPathsTests: XCTestCase {
    // MARK: Saved streams (`specrun report`)

    func test_report_exitsTwoWithOneLineOnAMissingStream() async throws {
        let folder = try catalogueFolder([:])
        let run = await report(["\(folder)/missing.ndjson"], in: folder)
        assertOneClearLine(run, "missing.ndjson: no such file", exit: 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/out.xml"), "no report of nothing")
    }

    func test_report_exitsTwoWithOneLineOnAnEmptyStream() async throws {
        let folder = try catalogueFolder(["empty.ndjson": Data()])
        let run = await report(["\(folder)/empty.ndjson"], in: folder)
        assertOneClearLine(run, "empty.ndjson: empty file (0 bytes)", exit: 2)
    }

    func test_report_exitsTwoWithOneLineSayingItIsBlankOnAStreamOfOnlyWhitespaceAndBlankLines() async throws {
        let folder = try catalogueFolder(["blank.ndjson": Data(" \n\t\r\n\n   \n".utf8)])
        let run = await report(["\(folder)/blank.ndjson"], in: folder)
        assertOneClearLine(run, "blank.ndjson: blank file, only whitespace and blank lines, no messages in it; give the file", exit: 2)
        XCTAssertFalse(run.stderr.contains("empty"), run.stderr)
    }

    func test_report_readsTheStreamOnAStreamAfterMoreThanItsFirst4KiBOfBlankLines() async throws {
        let folder = try catalogueFolder(["a.feature": goodFeature()])
        let stream = try await knownStream(folder)
        try (Data(String(repeating: "\n", count: 5000).utf8) + stream).write(to: URL(fileURLWithPath: "\(folder)/late.ndjson"))
        let run = await report(["\(folder)/late.ndjson"], in: folder)
        XCTAssertFalse(run.stderr.contains("blank file"), run.stderr)
        XCTAssertTrue(try String(contentsOfFile: "\(folder)/out.xml", encoding: .utf8).contains("<testcase "), run.stderr)
    }

    func test_report_exitsTwoWithOneLineOnABinaryStream() async throws {
        let folder = try catalogueFolder(["binary.ndjson": Data([0x7F, 0x45, 0x4C, 0x46, 0, 0, 1, 0xFF, 0xFE])])
        let run = await report(["\(folder)/binary.ndjson"], in: folder)
        assertOneClearLine(run, "binary.ndjson: binary data", exit: 2)
    }

    func test_report_namesTheKeysAndReportsThePrefixOnAForeignKeyedLine() async throws {
        let folder = try catalogueFolder(["a.feature": goodFeature()])
        let stream = try await knownStream(folder)
        try (stream + Data("{\"name\":\"x\",\"tests\":3}\n".utf8)).write(to: URL(fileURLWithPath: "\(folder)/foreign.ndjson"))
        let run = await report(["\(folder)/foreign.ndjson"], in: folder)
        assertOneClearLine(run, "not a Cucumber Messages envelope: keys 'name', 'tests'", exit: 2)
        XCTAssertTrue(try String(contentsOfFile: "\(folder)/out.xml", encoding: .utf8).contains("<testcase "), "the results before it")
    }

    func test_report_reportsThePrefixMarkedIncompleteOnATruncatedStream() async throws {
        let folder = try catalogueFolder(["a.feature": goodFeature()])
        let stream = try await knownStream(folder)
        try stream.prefix(stream.count - 30).write(to: URL(fileURLWithPath: "\(folder)/cut.ndjson"))
        let run = await report(["\(folder)/cut.ndjson"], in: folder)
        assertOneClearLine(run, "the last line is cut off (was the run killed?)", exit: 2)
        let merged = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(folder)/out.ndjson")))
        XCTAssertEqual(merged.compactMap(\.testRunFinished).map(\.success), [false], "marked incomplete")
        XCTAssertEqual(merged.compactMap(\.testCaseFinished).count, 1, "the scenario already known")
    }

    func test_report_pointsAtItsFilesOnAFolder() async throws {
        let folder = try catalogueFolder(["shards/a.ndjson": Data()])
        let run = await report(["\(folder)/shards"], in: folder)
        assertOneClearLine(run, "shards is a folder; give the message files in it", exit: 2)
    }

    func test_report_saysWhatItIsOnACucumberJSONReport() async throws {
        let folder = try catalogueFolder(["cucumber.json": Data("[{\"id\":\"f\",\"elements\":[]}]\n".utf8)])
        let run = await report(["\(folder)/cucumber.json"], in: folder)
        assertOneClearLine(run, "cucumber.json:1: a JSON array", exit: 2)
    }

    func test_run_exitsTwoWithOneLineOnShardTimingsThatAreNoStream() async throws {
        let folder = try catalogueFolder(["a.feature": goodFeature(), "notes.txt": Data("hello\n".utf8)])
        let run = await catalogueRun([folder, "--shard", "1/2", "--shard-timings", "\(folder)/notes.txt"], in: folder)
        assertOneClearLine(run, "notes.txt", exit: 2)
    }

    func test_run_exitsTwoSayingWhatTheFileIsAndWhatToGiveOnShardTimingsThatAreEmptyBlankOrADevice() async throws {
        let folder = try catalogueFolder(["a.feature": goodFeature(), "empty.ndjson": Data(), "blank.ndjson": Data(" \n\t\r\n\n".utf8)])
        let cases = [
            "\(folder)/empty.ndjson":
                "empty.ndjson: empty file (0 bytes), no messages in it; give the message stream of an earlier run (--format message:FILE)",
            "\(folder)/blank.ndjson":
                "blank.ndjson: blank file, only whitespace and blank lines, no messages in it; give the message stream of an earlier run (--format message:FILE)",
            "/dev/null":
                "/dev/null: it is a character device, not a regular file; give the message stream of an earlier run (--format message:FILE)",
        ]
        for (path, expected) in cases {
            let run = await catalogueRun([folder, "--shard", "1/2", "--shard-timings", path], in: folder)
            assertOneClearLine(run, "specrun: --shard-timings: " + (path.hasPrefix("/dev") ? "" : "\(folder)/") + expected, exit: 2)
            XCTAssertFalse(run.stderr.contains("cannot read") || run.stderr.contains("holds no test case"), run.stderr)
        }
    }

    // MARK: Report paths

    func test_run_namesTheReportAndWritesTheOthersOnAReportPathThatIsAFolder() async throws {
        let folder = try catalogueFolder(["a.feature": goodFeature(), "dir.xml/keep": Data()])
        let run = await catalogueRun([folder, "--format", "json:\(folder)/dir.xml"], in: folder)
        assertOneClearLine(run, "could not write the json report to \(folder)/dir.xml", exit: 2)
        XCTAssertTrue(run.stderr.contains("it is a folder; give a file path"), run.stderr)
        assertKnownResults(run, passed: 1)
    }

    func test_run_writesThroughTheLinkAndKeepsItOnAReportPathThatIsASymlink() async throws {
        let folder = try catalogueFolder(["a.feature": goodFeature(), "real/report.json": Data()])
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/link.json", withDestinationPath: "real/report.json")
        let run = await catalogueRun([folder, "--format", "json:\(folder)/link.json"], in: folder)
        XCTAssertEqual(run.code, 0, run.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/link.json"), "real/report.json")
        XCTAssertTrue(try String(contentsOfFile: "\(folder)/real/report.json", encoding: .utf8).contains("\"passes\""))
        assertKnownResults(run, passed: 1)
    }

    func test_run_writesIntoItOnAReportPathThatIsAFIFO() async throws {
        let folder = try catalogueFolder(["a.feature": goodFeature()])
        XCTAssertEqual(mkfifo("\(folder)/pipe.xml", 0o600), 0)
        let read = ReadBox()
        let done = expectation(description: "read the FIFO")
        Thread.detachNewThread {
            read.data = FileHandle(forReadingAtPath: "\(folder)/pipe.xml")?.readDataToEndOfFile() ?? Data()
            done.fulfill()
        }
        let run = await catalogueRun([folder, "--format", "junit:\(folder)/pipe.xml"], in: folder)
        await fulfillment(of: [done], timeout: 10)
        XCTAssertEqual(run.code, 0, run.stderr)
        XCTAssertTrue(String(decoding: read.data, as: UTF8.self).contains("<testsuite"), "the report came through the FIFO")
        var info = stat()
        XCTAssertEqual(stat("\(folder)/pipe.xml", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "still a FIFO")
        assertKnownResults(run, passed: 1)
    }

    func test_run_writesToStandardOutputOnAReportPathDevStdout() throws {
        let folder = try catalogueFolder(["a.feature": goodFeature()])
        let run = try runProcess(try fixtureExecutable(), [folder, "--format", "junit:/dev/stdout", "--format", "summary:\(folder)/s.txt"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("<?xml"), "the JUnit report on stdout: \(run.stdout.prefix(200)) \(run.stderr)")
        XCTAssertFalse(run.stderr.contains("could not write"), run.stderr)
    }

    func test_run_refusesTheRunNamingTheReportOnAnUnwritableReportFolder() throws {
        let folder = try catalogueFolder(["a.feature": goodFeature(), "locked/keep": Data()])
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: "\(folder)/locked")
        let run = try runWithoutPermissionOverride([
            folder, "--format", "junit:\(folder)/locked/j.xml",
            "--format", "message:\(folder)/known.ndjson", "--format", "junit:\(folder)/known.xml",
        ])
        assertOneClearLine(run, "cannot write the junit report to \(folder)/locked/j.xml", exit: 2)
        XCTAssertTrue(run.stderr.contains("Permission denied"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/known.ndjson"), "found before anything ran")
    }

    func test_run_refusesTheRunNamingTheReportOnAReportPathUnderAFile() async throws {
        let folder = try catalogueFolder(["a.feature": goodFeature()])
        let run = await catalogueRun([folder, "--format", "json:\(folder)/a.feature/r.json"], in: folder)
        assertOneClearLine(run, "cannot write the json report to \(folder)/a.feature/r.json", exit: 2)
        XCTAssertFalse(run.stdout.contains("1 scenario"), "found before anything ran: \(run.stdout)")
    }

    // MARK: - Helpers

    final class ReadBox: @unchecked Sendable { var data = Data() }

    private func report(_ inputs: [String], in folder: String) async -> CatalogueRun {
        await catalogueRun(
            ["report"] + inputs + ["--format", "junit:\(folder)/out.xml", "--format", "message:\(folder)/out.ndjson"],
            in: folder, reports: false)
    }

    /// The message stream of a run of the folder's features.
    private func knownStream(_ folder: String) async throws -> Data {
        let run = await catalogueRun([folder], in: folder)
        XCTAssertEqual(run.code, 0, run.stderr)
        return try Data(contentsOf: URL(fileURLWithPath: run.messagesPath))
    }
}
