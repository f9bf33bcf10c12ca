import Foundation
import Gherkin
import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// A run whose workers send passed steps as a count says only the last of each count (`Supervisor+PassedSteps`):
/// its index takes the steps before a step result that have none as passed (`RunIndex.stepsUnsaid`), and each
/// console report writes what it writes from the stream that says every step.
final class RunIndexUnsaidPassedStepsTests: XCTestCase {
    private let feature = """
        Feature: Cart
          Scenario: adds
            Given a cart
            When I add 2 apples
            Then it holds 2 apples
          Scenario: breaks
            Given a cart
            When I add 3 apples
            Then it holds 4 apples
          Scenario: waits
            Given a cart
            Then it waits

        """

    func test_handle_takesTheStepsBeforeAStepResultWithoutOneAsPassedOnAStreamLeavingThemUnsaid() {
        let sut = makeSUT(unsaid: true)

        for envelope in stream(sayingEveryStep: false) { sut.handle(envelope) }

        XCTAssertEqual(
            statuses(sut), [[.passed, .passed, .passed, .passed], [.passed, .passed, .passed, .failed], [.passed, .passed, .skipped]])
        XCTAssertEqual(sut.finalAttempts().map { sut.status(of: $0) }, [.passed, .failed, .skipped])
        XCTAssertTrue(text(sut).summary().contains("8 steps (1 failed, 1 skipped, 6 passed)"), text(sut).summary())
    }

    func test_handle_countsThePickleStepsItTookAsPassedNotTheHooks() {
        let sut = makeSUT(unsaid: true)
        var filled: [Int] = []

        for envelope in stream(sayingEveryStep: false) {
            sut.handle(envelope)
            if envelope.testStepFinished != nil { filled.append(sut.pickleStepsFilled.count) }
        }

        XCTAssertEqual(filled, [2, 2, 1], "each scenario's Before hook is taken as passed too, and not counted")
    }

    func test_handle_leavesStepsWithoutAResultOnAStreamThatSaysEachStep() {
        let sut = makeSUT(unsaid: false)

        for envelope in stream(sayingEveryStep: false) { sut.handle(envelope) }

        XCTAssertEqual(statuses(sut), [[nil, nil, nil, .passed], [nil, nil, nil, .failed], [nil, nil, .skipped]])
    }

    /// Fails when a console report reads a passed step's envelope the stream leaves unsaid (as `progress` prints one
    /// character per step) and does not take the index's filled ones, or the index does not fill them.
    func test_eachConsoleReport_writesTheSameOfAStreamLeavingPassedStepsUnsaidAsOfOneSayingEach() {
        for format in [ReportFormat.pretty, .progress, .summary, .rerun] {
            let unsaid = report(format, sayingEveryStep: false)
            let everyStep = report(format, sayingEveryStep: true)

            XCTAssertFalse(unsaid.isEmpty, "\(format.rawValue): nothing written")
            XCTAssertEqual(unsaid, everyStep, "\(format.rawValue)")
        }
    }

    /// A run whose scenarios all pass and end with a passing After hook: the stream says only the hooks' results, which
    /// print nothing, so every character `progress` prints is an unsaid step's.
    func test_progress_writesTheSameOfARunWhoseOnlyCharactersAreUnsaidSteps() {
        let feature = "Feature: Cart\n  Scenario: adds\n    Given a cart\n    Then it holds 2 apples\n"
        var written: [String] = []

        for sayingEveryStep in [false, true] {
            let factory = FormatterFactory(sharedAtSource: true)
            if !sayingEveryStep { factory.leavesStepsUnsaid(.passed) }
            let stream = finishedScenariosStream(feature, lastSteps: [:], afterHook: true, sayingEveryStep: sayingEveryStep)
            written.append(writtenReport(.progress, by: factory, of: stream))
        }

        XCTAssertTrue(written[0].hasPrefix("..\n\n"), written[0])
        XCTAssertEqual(written[0], written[1])
    }

    // MARK: - Helpers

    private func makeSUT(unsaid: Bool) -> RunIndex {
        let index = RunIndex()
        index.stepsUnsaid = unsaid ? .passed : nil
        return index
    }

    private func statuses(_ index: RunIndex) -> [[TestStepResultStatus?]] {
        index.finalAttempts().map { attempt in
            (0..<(index.record(of: attempt)?.testCase.testSteps.count ?? 0)).map { attempt.outcome(at: $0)?.status }
        }
    }

    private func text(_ index: RunIndex) -> ConsoleText {
        ConsoleText(index: index, style: ConsoleStyle(colors: false), options: ReportOptions(colors: false))
    }

    /// The report of `format` from a run's factory, told the stream leaves passed steps unsaid when it does.
    private func report(_ format: ReportFormat, sayingEveryStep: Bool) -> String {
        let factory = FormatterFactory(sharedAtSource: true)
        if !sayingEveryStep { factory.leavesStepsUnsaid(.passed) }
        return writtenReport(format, by: factory, of: stream(sayingEveryStep: sayingEveryStep), colors: true)
    }

    /// The feature's scenarios run, each after a passing Before hook: the first passes, the second's last step fails,
    /// the third's last step is skipped.
    private func stream(sayingEveryStep: Bool) -> [Envelope] {
        finishedScenariosStream(
            feature, lastSteps: [1: (.failed, "expected 4, got 3"), 2: (.skipped, "not on Sundays")], beforeHook: true,
            sayingEveryStep: sayingEveryStep)
    }
}
