import Foundation
import Messages
import XCTest

@testable import SpecRun

/// A formatter of a user's own: registered with the spec executable, selected as `--format NAME[:FILE]`, its options
/// from `--format-options`, fed the run's envelopes and finished with the other reports.
final class CustomFormatTests: XCTestCase {
    private let features = """
        Feature: F
          Scenario: passes
            Given the customer has connectivity
          Scenario: undefined
            Given nobody wrote this

        """

    func test_run_feedsARegisteredFormatEveryEnvelopeAndWritesItsFileOnFormatNameAndFile() async throws {
        let folder = try makeFeatures(features)
        let console = SpyConsole()

        let code = await SpecRunCLI.run(
            [
                folder, "--no-isolation", "--format", "tally:\(folder)/tally.txt", "--format-options",
                #"{"tally": {"title": "Nightly", "limit": 3}}"#,
            ],
            libraries: [CheckSteps.self], formatters: [Tally.format], console: console)

        XCTAssertEqual(code, 1, console.stderr)
        let text = try String(contentsOfFile: "\(folder)/tally.txt", encoding: .utf8)
        XCTAssertEqual(text, "Nightly (limit 3): 2 test cases, 1 passed, 2 step starts seen\n")
        XCTAssertTrue(console.stdout.contains("2 scenarios"), "the summary still goes to stdout: \(console.stdout)")
    }

    func test_run_writesARegisteredFormatToStdoutOnFormatName() async throws {
        let folder = try makeFeatures(features)
        let console = SpyConsole()

        _ = await SpecRunCLI.run(
            [folder, "--no-isolation", "--format", "tally"], libraries: [CheckSteps.self], formatters: [Tally.format], console: console)

        XCTAssertTrue(console.stdout.hasPrefix("Tally (limit none): 2 test cases, 1 passed"), console.stdout)
    }

    func test_run_namesTheRegisteredFormatsOnAnUnknownFormat() async throws {
        let console = SpyConsole()

        let code = await SpecRunCLI.run(["--format", "taly"], libraries: [CheckSteps.self], formatters: [Tally.format], console: console)

        XCTAssertEqual(code, 2)
        XCTAssertTrue(console.stderr.contains("unknown format 'taly' (did you mean 'tally'?)"), console.stderr)
    }

    func test_run_refusesARegisteredFormatsNameWithoutItsRegistration() async throws {
        let console = SpyConsole()

        let code = await SpecRunCLI.run(["--format", "tally"], libraries: [CheckSteps.self], console: console)

        XCTAssertEqual(code, 2)
        XCTAssertTrue(console.stderr.contains("unknown format 'tally'"), console.stderr)
    }

    private func makeFeatures(_ text: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-custom-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        try text.write(to: folder.appendingPathComponent("f.feature"), atomically: true, encoding: .utf8)
        return folder.path
    }
}

/// Counts test cases, passed ones and step starts; writes one line at the end.
private final class Tally: RunFormatter {
    static let format = CustomFormat(name: "tally") { Tally($0) }

    private let setup: FormatterSetup
    private var testCases = 0
    private var passed = 0
    private var stepStarts = 0
    private var failing = Set<String>()

    init(_ setup: FormatterSetup) { self.setup = setup }

    func handle(_ envelope: Envelope) {
        if envelope.testCase != nil { testCases += 1 }
        if envelope.testStepStarted != nil { stepStarts += 1 }
        if let finished = envelope.testStepFinished, finished.testStepResult.status != .passed {
            failing.insert(finished.testCaseStartedId)
        }
        if let finished = envelope.testCaseFinished, !failing.contains(finished.testCaseStartedId) { passed += 1 }
    }

    func finish() throws {
        let title = setup.options["title"] ?? "Tally"
        setup.output.write(
            "\(title) (limit \(setup.options["limit"] ?? "none")): \(testCases) test cases, \(passed) passed, \(stepStarts) step starts seen\n"
        )
    }
}
