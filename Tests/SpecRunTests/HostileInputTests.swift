import Foundation
import SpecRunReportCore
import SpecRunReports
import XCTest

@testable import SpecRun
@testable import SpecRunCore

/// Nothing in the input escapes: control characters from feature files are made visible on the console, a UTF-16
/// file is one clear line, rerun files with spaces in paths replay and an empty one is "nothing to rerun", and a
/// step that changes the working folder does not move the reports.
final class HostileInputTests: XCTestCase {
    func test_console_showsEscapeSequencesFromAFeatureFileAsTextNeverRaw() async throws {
        let folder = try makeFolder()
        let name = "title \u{1B}]0;pwned\u{07} clear \u{1B}[2J\u{1B}[H bell \u{07} c1 \u{9B}31m back\u{08}\u{08} del\u{7F}"
        try "Feature: F\n  Scenario: \(name)\n    Given a failing step\n".write(
            toFile: "\(folder)/a.feature", atomically: true, encoding: .utf8)
        let console = SpyConsole()
        _ = await SpecRunCLI.run(
            ["\(folder)/a.feature", "--no-isolation", "--format", "pretty"],
            libraries: [CLITestSteps.self], console: console)

        let controls = console.stdout.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
        }
        XCTAssertEqual(controls.count, 0, console.stdout.debugDescription)
        XCTAssertTrue(
            console.stdout.contains(
                #"title \u{1B}]0;pwned\u{07} clear \u{1B}[2J\u{1B}[H bell \u{07} c1 \u{9B}31m back\u{08}\u{08} del\u{7F}"#),
            console.stdout)
    }

    func test_run_showsEscapeSequencesOfAnUnparsableLineAsTextInItsParseError() async throws {
        let folder = try makeFolder()
        try "Feature: F\n  Scenario: S\n    Given a passing step\n    Giving \u{1B}]0;pwned\u{07}\u{1B}[2J\n".write(
            toFile: "\(folder)/a.feature", atomically: true, encoding: .utf8)
        let console = SpyConsole()
        let code = await SpecRunCLI.run(["\(folder)/a.feature", "--no-isolation"], libraries: [CLITestSteps.self], console: console)

        XCTAssertEqual(code, 3)
        XCTAssertFalse(console.stderr.contains("\u{1B}"), console.stderr.debugDescription)
        XCTAssertTrue(console.stderr.contains(#"Giving \u{1B}]0;pwned\u{07}\u{1B}[2J"#), console.stderr)
    }

    func test_consoleEscaping_keepsOurOwnColoursAndEscapesEveryOtherSequence() {
        let painted = "\u{1B}[31mfailed\u{1B}[0m"
        XCTAssertEqual(ConsoleEscaping.escape(painted, keepColors: true), painted)
        XCTAssertEqual(ConsoleEscaping.escape(painted, keepColors: false), #"\u{1B}[31mfailed\u{1B}[0m"#)
        XCTAssertEqual(ConsoleEscaping.escape("a\u{1B}[2Jb\u{1B}]0;t\u{07}", keepColors: true), #"a\u{1B}[2Jb\u{1B}]0;t\u{07}"#)
        XCTAssertEqual(ConsoleEscaping.escape("tab\tline\nwin\r\nä€😀", keepColors: false), "tab\tline\nwin\r\nä€😀")
        XCTAssertEqual(ConsoleEscaping.escape("\u{0}\u{85}\u{9F}", keepColors: false), #"\u{00}\u{85}\u{9F}"#)
    }

    func test_run_namesAUTF16FileInOneLineWithOrWithoutBOM() async throws {
        let folder = try makeFolder()
        let text = "Feature: F\n  Scenario: S\n    Given a passing step\n"
        for (name, data) in [
            ("le-bom.feature", Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!),
            ("le.feature", text.data(using: .utf16LittleEndian)!),
            ("be.feature", text.data(using: .utf16BigEndian)!),
            ("le32.feature", text.data(using: .utf32LittleEndian)!),
            ("be32.feature", text.data(using: .utf32BigEndian)!),
        ] {
            try data.write(to: URL(fileURLWithPath: "\(folder)/\(name)"))
            let console = SpyConsole()
            let code = await SpecRunCLI.run(
                ["\(folder)/\(name)", "--no-isolation", "--format", "summary"],
                libraries: [CLITestSteps.self], console: console)
            XCTAssertEqual(code, 3, name)
            let lines = console.stderr.split(separator: "\n").filter { $0.contains(name) }
            XCTAssertEqual(lines.count, 1, console.stderr)
            XCTAssertTrue(lines.first?.contains(name.contains("32") ? "UTF-32" : "UTF-16") ?? false, console.stderr)
            XCTAssertFalse(console.stderr.contains("\u{0}"), "no NUL reaches the console")
        }
    }

    func test_run_callsAnExecutableNamedFeatureNoUTF32() async throws {
        let folder = try makeFolder()
        // An ELF header and what may follow it: as many NULs as UTF-32 has, but every other group of four with its
        // low byte NUL rather than its high ones.
        var elf: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0]
        for index in 0..<128 { elf += [UInt8(65 + index % 26), 0, 0, 0, 0, 0, 0x40, 0] }
        try Data(elf).write(to: URL(fileURLWithPath: "\(folder)/tool.feature"))
        let console = SpyConsole()

        let code = await SpecRunCLI.run(
            ["\(folder)/tool.feature", "--no-isolation", "--format", "summary"], libraries: [CLITestSteps.self], console: console)

        XCTAssertEqual(code, 3, console.stderr)
        XCTAssertFalse(console.stderr.contains("UTF-32"), console.stderr)
        XCTAssertTrue(console.stderr.contains("tool.feature:"), console.stderr)
    }

    func test_run_replaysARerunFileWhosePathsHaveSpaces() async throws {
        let folder = try makeFolder()
        try FileManager.default.createDirectory(atPath: "\(folder)/my features", withIntermediateDirectories: true)
        try "Feature: F\n  Scenario: one\n    Given a failing step\n  Scenario: two\n    Given a passing step\n"
            .write(toFile: "\(folder)/my features/a b.feature", atomically: true, encoding: .utf8)
        let first = SpyConsole()
        _ = await SpecRunCLI.run(
            ["\(folder)/my features", "--no-isolation", "--format", "rerun:\(folder)/rerun.txt"],
            libraries: [CLITestSteps.self], console: first)
        XCTAssertEqual(try String(contentsOfFile: "\(folder)/rerun.txt", encoding: .utf8), "\(folder)/my features/a b.feature:2\n")

        let again = SpyConsole()
        let code = await SpecRunCLI.run(
            ["@\(folder)/rerun.txt", "--no-isolation", "--format", "summary"],
            libraries: [CLITestSteps.self], console: again)
        XCTAssertEqual(code, 1, again.stderr)
        XCTAssertTrue(again.stdout.contains("1 scenario (1 failed)"), again.stdout + again.stderr)
    }

    /// Found by a hostile sweep: the rerun file held `F/a⏎b.feature:2` on two lines, and `specrun @rerun.txt` stopped at
    /// "no such file or folder: F/a". The format has no escape: such a name is refused in one line, no list is
    /// written (one without the scenario could pass a rerun that should fail) and an earlier run's is removed.
    func test_run_refusesTheRerunReportNamingTheFileAndRemovesAnEarlierOneOnAFileNameWithALineBreak() async throws {
        for name in ["a\nb.feature", "a\rb.feature"] {
            let folder = try makeFolder()
            try "Feature: F\n  Scenario: one\n    Given a failing step\n".write(
                toFile: "\(folder)/\(name)", atomically: true, encoding: .utf8)
            try "Feature: G\n  Scenario: two\n    Given a failing step\n".write(
                toFile: "\(folder)/c.feature", atomically: true, encoding: .utf8)
            try "\(folder)/c.feature:2\n".write(toFile: "\(folder)/rerun.txt", atomically: true, encoding: .utf8)
            let console = SpyConsole()
            let code = await SpecRunCLI.run(
                [
                    folder, "--no-isolation", "--format", "summary", "--format", "rerun:\(folder)/rerun.txt",
                    "--format", "junit:\(folder)/junit.xml",
                ], libraries: [CLITestSteps.self], console: console)

            XCTAssertEqual(code, 2, console.stderr)
            let shown = String(reflecting: "\(folder)/\(name)")
            XCTAssertEqual(
                console.stderr.split(separator: "\n").filter { $0.contains("could not write the rerun report") },
                [
                    "specrun: could not write the rerun report to \(folder)/rerun.txt: the feature file \(shown) has a line break in its name, "
                        + "which a rerun file (one file:line a line) cannot hold; rename the file. No rerun file was written, "
                        + "and the one of an earlier run was removed (it would replay an old list)"
                ], name.debugDescription)
            XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/rerun.txt"), name.debugDescription)
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tmp") }, [], "no temporary file left")
            XCTAssertTrue(
                try String(contentsOfFile: "\(folder)/junit.xml", encoding: .utf8).contains("failures=\"2\""),
                "the other reports are written")
        }
    }

    func test_run_writesTheRerunReportOnAFileNameWithALineBreakWhoseScenariosPassed() async throws {
        let folder = try makeFolder()
        try "Feature: F\n  Scenario: one\n    Given a passing step\n".write(
            toFile: "\(folder)/a\nb.feature", atomically: true, encoding: .utf8)
        try "Feature: G\n  Scenario: two\n    Given a failing step\n".write(
            toFile: "\(folder)/c.feature", atomically: true, encoding: .utf8)
        let console = SpyConsole()
        let code = await SpecRunCLI.run(
            [folder, "--no-isolation", "--format", "rerun:\(folder)/rerun.txt"], libraries: [CLITestSteps.self], console: console)

        XCTAssertEqual(code, 1, console.stderr)
        XCTAssertEqual(
            try String(contentsOfFile: "\(folder)/rerun.txt", encoding: .utf8), "\(folder)/c.feature:2\n",
            "only a name it writes is refused")
    }

    func test_rerunEntries_readsOneEntryPerLineAndSpaceSeparatedOnesToo() {
        let existing: Set = ["a b.feature", "c.feature", "d.feature"]
        XCTAssertEqual(
            FeatureDiscovery.rerunEntries("a b.feature:3:5\r\n  c.feature:1 d.feature \n\n", exists: existing.contains),
            ["a b.feature:3:5", "c.feature:1", "d.feature"])
    }

    func test_run_saysNothingToRerunAndExitsZeroOnAnEmptyRerunFile() async throws {
        let folder = try makeFolder()
        try "\n  \n".write(toFile: "\(folder)/rerun.txt", atomically: true, encoding: .utf8)
        let console = SpyConsole()
        let code = await SpecRunCLI.run(["@\(folder)/rerun.txt"], libraries: [CLITestSteps.self], console: console)
        XCTAssertEqual(code, 0)
        XCTAssertEqual(console.stderr, "specrun: nothing to rerun: \(folder)/rerun.txt is empty (the last run had no failed scenario)\n")
    }

    func test_run_writesTheReportsWhereAskedWhenAStepChangesTheWorkingFolder() async throws {
        let fixture = try reportFixtureExecutable()
        let folder = try makeFixtureFeatures(["a.feature": "Feature: F\n  Scenario: S\n    Given step 1 changes the working folder\n"])
        let process = Process()
        process.executableURL = fixture
        process.arguments = ["a.feature", "--no-isolation", "--format", "junit:reports/j.xml", "--format", "summary"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/reports/j.xml"), "the report is where the run started")
    }

    private func makeFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-hostile-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder
    }
}
