import Foundation
import Gherkin
import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// A run whose reports do not read a passed (or skipped) scenario's steps once it is printed
/// (`ListenerNeeds.passedSteps`) lets them go when the next envelope comes, and every report still writes the same
/// bytes.
final class RunIndexPassedStepsTests: XCTestCase {
    private let feature = """
        @cart
        Feature: Cart
          @adds @smoke
          Scenario: adds
            Given a cart
            When I add 2 apples
            Then it holds 2 apples
          Scenario: breaks
            Given a cart
            When I add 3 apples
            Then it holds 4 apples
          @outline
          Scenario Outline: counts
            Given a cart
            Then it holds <n> apples
            Examples:
              | n |
              | 0 |
          Scenario: waits
            Given a cart
            Then it waits

        """

    func test_handle_letsGoOfAPassedScenariosStepsOnTheNextEnvelopeWhenNoReportReadsThem() throws {
        let sut = makeSUT(keepsPassedSteps: false)

        for envelope in stream() { sut.handle(envelope) }

        let records = sut.allCaseRecords
        XCTAssertEqual(
            records.map(\.testCase.testSteps.count), [0, 3, 0, 2],
            "the passed ones' test steps gone; the failed one's kept, and the skipped one's (see `letGoOfSteps`)")
        XCTAssertEqual(sut.pickleStore.map(\.steps.count), [0, 3, 0, 0], "the passed and skipped ones' pickle steps gone")
        XCTAssertEqual(sut.finalAttempts().map { sut.status(of: $0) }, [.passed, .failed, .passed, .skipped])
    }

    func test_handle_keepsAPassedScenariosStepsWhenAReportReadsThem() {
        let sut = makeSUT(keepsPassedSteps: true)

        for envelope in stream() { sut.handle(envelope) }

        XCTAssertEqual(sut.allCaseRecords.map(\.testCase.testSteps.count), [3, 3, 2, 2])
        XCTAssertEqual(sut.pickleStore.map(\.steps.count), [3, 3, 2, 2])
    }

    func test_summary_countsTheSameStepsOnStepsLetGo() {
        let kept = makeSUT(keepsPassedSteps: true), letGo = makeSUT(keepsPassedSteps: false)
        for envelope in stream() {
            kept.handle(envelope)
            letGo.handle(envelope)
        }

        let summary = text(letGo).summary()

        XCTAssertEqual(summary, text(kept).summary())
        XCTAssertTrue(summary.contains("10 steps (1 failed, 1 skipped, 8 passed)"), summary)
    }

    /// Each report made by a run's factory (which lets a passed scenario's steps go unless a report it made reads
    /// them) writes what the same report writes from a factory of a stream read back from files (which keeps them
    /// all): a report that reads a passed scenario's steps at the end but does not declare it
    /// (`ListenerNeeds.passedSteps`), or a factory that does not ask, writes less, and fails here.
    func test_eachReport_writesTheSameFromARunsFactoryAsFromOneThatKeepsEveryStep() {
        for format in ReportFormat.allCases where format != .message {
            let run = report(format, sharedAtSource: true)
            let keepingAll = report(format, sharedAtSource: false)

            XCTAssertFalse(run.isEmpty, "\(format.rawValue): nothing written")
            XCTAssertEqual(run, keepingAll, "\(format.rawValue) of a run differs from \(format.rawValue) keeping every step")
        }
    }

    /// Each report made by a run's factory writes what it writes from a factory whose index keeps everything it
    /// could let go of (passed steps, match arguments, the scenarios' own tags): a report that reads what it does
    /// not declare in `ListenerNeeds` writes less from the first, and fails here.
    func test_eachReport_writesTheSameFromARunsFactoryAsFromOneKeepingEverything() {
        for format in ReportFormat.allCases where format != .message {
            let run = report(format, sharedAtSource: true)
            let keepingEverything = report(format, sharedAtSource: true, keepingEverything: true)

            XCTAssertFalse(run.isEmpty, "\(format.rawValue): nothing written")
            XCTAssertEqual(run, keepingEverything, "\(format.rawValue) of a run differs from \(format.rawValue) keeping everything")
        }
    }

    // MARK: - Helpers

    private func makeSUT(keepsPassedSteps: Bool) -> RunIndex {
        let index = RunIndex()
        index.keepsPassedSteps = keepsPassedSteps
        return index
    }

    private func text(_ index: RunIndex) -> ConsoleText {
        ConsoleText(index: index, style: ConsoleStyle(colors: false), options: ReportOptions(colors: false))
    }

    /// The report of `format` from a factory of a run's stream (`sharedAtSource`) or of one read back from files.
    private func report(_ format: ReportFormat, sharedAtSource: Bool, keepingEverything: Bool = false) -> String {
        let factory = FormatterFactory(sharedAtSource: sharedAtSource)
        if keepingEverything { factory.keepEverything() }
        return writtenReport(format, by: factory, of: stream())
    }

    /// The feature's four scenarios run: the first and the outline's row pass, the second's last step fails, the
    /// last one's last step is skipped (its code said so).
    private func stream() -> [Envelope] {
        finishedScenariosStream(feature, lastSteps: [1: (.failed, "expected 4, got 3"), 3: (.skipped, "not on Sundays")])
    }
}
