import Foundation
import XCTest

@testable import SpecRun
@testable import SpecRunReportCore
@testable import SpecRunReports

/// The text formats escape the control characters of feature files in a file too (`--format pretty:out.txt`):
/// `cat out.txt` in a terminal must not run what the feature file carried.
final class ConsoleFilesEscapingTests: XCTestCase {
    func test_run_escapesControlCharactersFromAFeatureFileInTextReportsWrittenToFiles() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-escape-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let name = "title \u{1B}]0;pwned\u{07} clear \u{1B}[2J c1 \u{9B}31m back\u{08} del\u{7F}"
        try "Feature: F \u{1B}[2J\n  Scenario: \(name)\n    Given a failing step\n".write(
            toFile: "\(folder)/a.feature", atomically: true, encoding: .utf8)
        let formats = ["pretty", "progress", "summary", "usage", "github"]
        let console = SpyConsole()

        _ = await SpecRunCLI.run(
            ["\(folder)/a.feature", "--no-isolation"] + formats.flatMap { ["--format", "\($0):\(folder)/\($0).txt"] },
            libraries: [CLITestSteps.self], console: console)

        for format in formats {
            let text = try String(contentsOfFile: "\(folder)/\(format).txt", encoding: .utf8)
            let controls = text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) }
            XCTAssertEqual(controls.count, 0, "\(format): \(text.debugDescription)")
        }
        for format in ["pretty", "summary"] {
            let text = try String(contentsOfFile: "\(folder)/\(format).txt", encoding: .utf8)
            XCTAssertTrue(
                text.contains(#"title \u{1B}]0;pwned\u{07} clear \u{1B}[2J c1 \u{9B}31m back\u{08} del\u{7F}"#), "\(format): \(text)")
        }
    }

    func test_escapingSink_passesOurColoursAndEscapesTheRestPerWrite() throws {
        let spy = SpySink()
        let sut = EscapingSink(spy, keepColors: true)

        sut.write("\u{1B}[31mred\u{1B}[0m \u{1B}]0;t\u{07}")
        sut.write("plain")

        XCTAssertEqual(spy.text, "\u{1B}[31mred\u{1B}[0m " + #"\u{1B}]0;t\u{07}"# + "plain")
        XCTAssertTrue(ReportFormat.pretty.escapesControlCharacters)
        XCTAssertFalse(ReportFormat.rerun.escapesControlCharacters, "a rerun file names files as they are")
        XCTAssertFalse(ReportFormat.message.escapesControlCharacters)
    }
}

private final class SpySink: TextSink {
    var text = ""
    func write(_ text: String) { self.text += text }
    func close() throws {}
}
