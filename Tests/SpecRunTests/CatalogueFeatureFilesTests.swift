import Foundation
import XCTest

@testable import SpecRun

/// The bad-input catalogue, feature files and paths: one kind per test (docs/RELIABILITY.md, "Feature files and bad Gherkin").
final class CatalogueFeatureFilesTests: XCTestCase {
    func test_run_namesLineAndColumnAndRunsTheOthersOnAnUnparsableFile() async throws {
        let folder = try catalogueFolder([
            "bad.feature": Data("Feature: F\n  Scenario: S\n    Given a passing step\n    Giving a passing step\n".utf8),
            "good.feature": goodFeature(),
        ])
        let run = await catalogueRun([folder], in: folder)
        assertOneClearLine(run, "bad.feature:4:5: expected", exit: 3)
        assertKnownResults(run, passed: 1)
        XCTAssertTrue(try String(contentsOfFile: run.junitPath, encoding: .utf8).contains("<error"), "JUnit counts the file")
        assertOneClearLine(run, "some feature file(s) could not be parsed; the others ran", exit: 3)
    }

    func test_run_saysNothingRanOnlyWhenNoFileParsed() async throws {
        let folder = try catalogueFolder([
            "bad.feature": Data("Feature: F\n  Scenario: S\n    Given a passing step\n    Giving a passing step\n".utf8)
        ])
        let run = await catalogueRun([folder], in: folder)
        assertOneClearLine(run, "no feature file could be parsed (each is named above); nothing ran", exit: 3)
        XCTAssertFalse(run.stderr.contains("the others ran"), run.stderr)
    }

    func test_run_namesTheLanguageOnceOnAnUnknownLanguage() async throws {
        let folder = try catalogueFolder(["lang.feature": Data("# language: xx-nope\nFeature: F\n".utf8), "good.feature": goodFeature()])
        let run = await catalogueRun([folder], in: folder)
        assertOneClearLine(run, "lang.feature:1:1: Language not supported: xx-nope", exit: 3)
        assertKnownResults(run, passed: 1)
    }

    func test_run_namesTheByteAndRunsTheOthersOnNonUTF8Bytes() async throws {
        let folder = try catalogueFolder([
            "latin1.feature": Data("Feature: F\n  Scenario: caf".utf8) + Data([0xE9, 0x0A]),
            "good.feature": goodFeature(),
        ])
        let run = await catalogueRun([folder], in: folder)
        assertOneClearLine(run, "latin1.feature:2:16: the file is not valid UTF-8 (byte 0xE9 here); save it as UTF-8", exit: 3)
        assertKnownResults(run, passed: 1)
    }

    func test_run_treatsItAsUnparsableOnABinaryFileNamedFeature() async throws {
        let folder = try catalogueFolder([
            "bin.feature": Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }),
            "good.feature": goodFeature(),
        ])
        let run = await catalogueRun([folder], in: folder)
        assertOneClearLine(run, "bin.feature:", exit: 3)
        assertKnownResults(run, passed: 1)
    }

    func test_run_runsItInProportionOnAFiftyMegabyteFeature() async throws {
        var text = "Feature: Big\n"
        let line = "  A line of the description of a very large feature file, seventy bytes.\n"
        text += String(repeating: line, count: (50 << 20) / line.utf8.count + 1)
        text += "  Scenario: at the end\n    Given a passing step\n"
        let folder = try catalogueFolder(["big.feature": Data(text.utf8)])
        let started = Date()
        let run = await catalogueRun([folder], in: folder)
        XCTAssertEqual(run.code, 0, run.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 60)
        assertNoStackTrace(run)
        assertKnownResults(run, passed: 1)
    }

    func test_run_parsesEveryScenarioAndRunsTheSelectedOnAHundredThousandScenariosInOneFile() async throws {
        var text = "Feature: Many\n"
        for index in 0..<99_999 { text += "  Scenario: s\(index)\n    Given a passing step\n" }
        text += "  @last\n  Scenario: the last\n    Given a failing step\n"
        let folder = try catalogueFolder(["many.feature": Data(text.utf8)])
        let run = await catalogueRun([folder, "--tags", "@last", "--predictable-ids"], in: folder)
        XCTAssertEqual(run.code, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("1 scenario (1 failed)"), run.stdout)
        assertNoStackTrace(run)
        assertKnownResults(run, passed: 0, failed: 1)
    }

    func test_run_reportsItUndefinedWithASnippetOnAOneMegabyteStepLine() async throws {
        let folder = try catalogueFolder([
            "long.feature": Data("Feature: F\n  Scenario: long\n    Given \(String(repeating: "x", count: 1 << 20))\n".utf8),
            "good.feature": goodFeature(),
        ])
        let started = Date()
        let run = await catalogueRun([folder], in: folder)
        XCTAssertEqual(run.code, 1, "undefined fails a strict run")
        XCTAssertLessThan(Date().timeIntervalSince(started), 20)
        XCTAssertTrue(run.stdout.contains("2 scenarios (1 undefined, 1 passed)"), String(run.stdout.prefix(300)))
        assertNoStackTrace(run)
        assertKnownResults(run, passed: 1, failed: 1)
    }

    func test_run_selectsByAnyOfThemOnTenThousandTagsOnAScenario() async throws {
        let tags = (0..<10_000).map { "@t\($0)" }.joined(separator: " ")
        let folder = try catalogueFolder([
            "tags.feature": Data(
                "Feature: F\n  \(tags)\n  Scenario: tagged\n    Given a passing step\n  Scenario: plain\n    Given a passing step\n".utf8)
        ])
        let run = await catalogueRun([folder, "--tags", "@t9999"], in: folder)
        XCTAssertEqual(run.code, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("1 scenario (1 passed)"), run.stdout)
        assertNoStackTrace(run)
        assertKnownResults(run, passed: 1)
    }

    func test_run_exitsFourWithOneLineOnAnEmptyFolder() async throws {
        let folder = try catalogueFolder([:])
        try FileManager.default.createDirectory(atPath: "\(folder)/empty", withIntermediateDirectories: true)
        let run = await catalogueRun(["\(folder)/empty"], in: folder)
        assertOneClearLine(run, "no scenario matched the paths and filters (paths: \(folder)/empty)", exit: 4)
        assertKnownResults(run, passed: 0)
    }

    func test_run_namesTheFolderAndRunsTheOthersOnAnUnreadableFolder() throws {
        let folder = try catalogueFolder(["locked/a.feature": goodFeature("Locked"), "open/b.feature": goodFeature()])
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: "\(folder)/locked")
        addTeardownBlock { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: "\(folder)/locked") }
        let run = try runWithoutPermissionOverride([
            folder, "--format", "summary", "--format", "message:\(folder)/known.ndjson",
            "--format", "junit:\(folder)/known.xml",
        ])
        assertOneClearLine(run, "locked: cannot read this folder (permission denied?), so none of its feature files ran", exit: 3)
        assertKnownResults(CatalogueRun(code: run.code, stdout: run.stdout, stderr: run.stderr, folder: folder), passed: 1)
    }

    func test_run_namesTheFileOnceOnAnUnreadableFile() throws {
        let folder = try catalogueFolder(["secret.feature": goodFeature("Secret"), "good.feature": goodFeature()])
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: "\(folder)/secret.feature")
        let run = try runWithoutPermissionOverride([
            folder, "--format", "summary", "--format", "message:\(folder)/known.ndjson",
            "--format", "junit:\(folder)/known.xml",
        ])
        assertOneClearLine(run, "secret.feature: cannot read the file (permission denied)", exit: 3)
        XCTAssertFalse(run.stderr.contains(":0:0:"), "no made-up location: \(run.stderr)")
        assertKnownResults(CatalogueRun(code: run.code, stdout: run.stdout, stderr: run.stderr, folder: folder), passed: 1)
    }

    func test_run_saysTheFileIsAFIFOAndRunsTheOthersOnAFIFONamedAsAFeatureFile() async throws {
        let folder = try catalogueFolder(["good.feature": goodFeature()])
        XCTAssertEqual(mkfifo("\(folder)/pipe.feature", 0o600), 0)
        let run = await catalogueRun([folder], in: folder)
        assertOneClearLine(run, "pipe.feature: cannot read the file (it is a FIFO, not a file", exit: 3)
        assertKnownResults(run, passed: 1)
    }

    func test_run_namesTheNameThatIsNotUTF8AndRunsTheOthersOnAFileNameInLatin1() async throws {
        let folder = try catalogueFolder(["good.feature": goodFeature()])
        // caf\xE9.feature: a name some file systems (APFS) refuse; Linux keeps its bytes.
        let created = Array("\(folder)/caf".utf8CString.dropLast()).map(UInt8.init(bitPattern:)) + [0xE9] + Array(".feature".utf8) + [0]
        let descriptor = created.withUnsafeBufferPointer {
            open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644)
        }
        guard descriptor >= 0 else { throw XCTSkip("this file system refuses a name that is not UTF-8") }
        _ = goodFeature("Café").withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)

        let run = await catalogueRun([folder], in: folder)
        assertOneClearLine(run, "caf\u{FFFD}.feature: cannot read the file: its name has bytes that are not UTF-8", exit: 3)
        XCTAssertFalse(run.stderr.contains("permission denied"), run.stderr)
        assertKnownResults(run, passed: 1)
    }

    func test_run_followsNoLinkForeverOnASymlinkLoop() async throws {
        let folder = try catalogueFolder(["features/a.feature": goodFeature()])
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/features/loop", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/features/self", withDestinationPath: "self")
        let run = await catalogueRun(["\(folder)/features"], in: folder)
        XCTAssertEqual(run.code, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("1 scenario (1 passed)"), run.stdout)
        assertNoStackTrace(run)
        assertKnownResults(run, passed: 1)
    }

    func test_run_runsAndReportsThePathOnUnicodeAndSpacesInPaths() async throws {
        let folder = try catalogueFolder(["dossier été/mes scénarios 🚀.feature": goodFeature("Été")])
        let run = await catalogueRun(["\(folder)/dossier été/mes scénarios 🚀.feature:2"], in: folder)
        XCTAssertEqual(run.code, 0, run.stderr)
        assertNoStackTrace(run)
        assertKnownResults(run, passed: 1)
        let stream = try String(contentsOfFile: run.messagesPath, encoding: .utf8)
        XCTAssertTrue(stream.contains("mes scénarios 🚀.feature"), "the uri as written")
    }

    func test_run_exitsFourWithOneLineOnALineWithNoScenario() async throws {
        let folder = try catalogueFolder(["a.feature": goodFeature()])
        let run = await catalogueRun(["\(folder)/a.feature:99"], in: folder)
        assertOneClearLine(run, "no scenario matched the paths and filters", exit: 4)
        assertKnownResults(run, passed: 0)
    }

    func test_run_namesLineAndColumnOnARaggedTable() async throws {
        let folder = try catalogueFolder([
            "r.feature": Data("Feature: F\n  Scenario: S\n    Given a passing step\n      | a | b |\n      | c |\n".utf8),
            "good.feature": goodFeature(),
        ])
        let run = await catalogueRun([folder], in: folder)
        assertOneClearLine(run, "r.feature:5:7: inconsistent cell count within the table", exit: 3)
        assertKnownResults(run, passed: 1)
    }

    func test_run_warnsWithLineAndColumnAndRunsItOnAnOutlineWithoutExamples() async throws {
        let folder = try catalogueFolder([
            "o.feature": Data("Feature: F\n  Scenario Outline: eats <n>\n    Given a passing step\n".utf8),
            "good.feature": goodFeature(),
        ])
        let run = await catalogueRun([folder], in: folder)
        assertOneClearLine(run, "o.feature:2:3: warning: Scenario Outline 'eats <n>' has no Examples, so it runs once", exit: 0)
        assertKnownResults(run, passed: 2)
    }

    func test_run_warnsThatItNeverRunsOnAnOutlineWithoutExamplesRows() async throws {
        // Gherkin makes no scenario of Examples with a header and no row: without a word it silently never ran.
        let folder = try catalogueFolder([
            "o.feature": Data(
                "Feature: F\n  Scenario Outline: eats <n>\n    Given a passing step\n\n    Examples:\n      | n |\n".utf8),
            "good.feature": goodFeature(),
        ])
        let run = await catalogueRun([folder], in: folder)
        assertOneClearLine(
            run, "o.feature:2:3: warning: Scenario Outline 'eats <n>' has no Examples row, so it never runs", exit: 0)
        assertKnownResults(run, passed: 1)
    }

    func test_run_namesWhatTheLineIsAndTheScenarioLinesOnALineThatSelectsNothing() async throws {
        // `PATH:LINE` of a Background (or past the end) said only "no scenario matched": which line to give instead?
        let text = "Feature: F\n  Background:\n    Given a passing step\n\n  Scenario: S\n    Given a passing step\n"
        let folder = try catalogueFolder(["b.feature": Data(text.utf8)])
        let run = await catalogueRun([folder + "/b.feature:3", folder + "/b.feature:40"], in: folder, reports: false)
        assertOneClearLine(
            run,
            "b.feature:3 is a Background's line (its steps belong to every scenario after it) and selects no scenario; "
                + "its scenarios and example rows are at lines 5", exit: 4)
        assertOneClearLine(
            run, "b.feature:40 is past the end of the file (6 lines); its scenarios and example rows are at lines 5", exit: 4)
    }

    func test_run_runsTheOthersAndExitsZeroOnAnEmptyFeatureFile() async throws {
        let folder = try catalogueFolder(["empty.feature": Data(), "good.feature": goodFeature()])
        let run = await catalogueRun([folder], in: folder)
        XCTAssertEqual(run.code, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        assertKnownResults(run, passed: 1)
    }

    func test_run_exitsTwoWithOneLineOnAMissingPath() async throws {
        let folder = try catalogueFolder([:])
        let run = await catalogueRun(["\(folder)/nope.feature"], in: folder)
        assertOneClearLine(run, "nope.feature", exit: 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: run.junitPath), "no run, no report")
    }

    func test_run_explainsWhyNothingRunsOnAMarkdownDocumentWithoutCriteriaGivenByName() async throws {
        let folder = try catalogueFolder(["story.md": Data("# Quiz\n\n```\nAs a customer\nI want to play\n```\n".utf8)])
        let run = await catalogueRun(["\(folder)/story.md"], in: folder)
        assertOneClearLine(
            run, "story.md: a Markdown document with neither Gherkin nor Given/When/Then criteria in it, so nothing to run", exit: 2)
    }

    func test_run_readsItAsUsualOnCRLFLineEndingsAndAByteOrderMark() async throws {
        let folder = try catalogueFolder([
            "win.feature": Data([0xEF, 0xBB, 0xBF]) + Data("Feature: W\r\n  Scenario: S\r\n    Given a passing step\r\n".utf8)
        ])
        let run = await catalogueRun([folder], in: folder)
        XCTAssertEqual(run.code, 0, run.stderr)
        assertKnownResults(run, passed: 1)
    }
}
