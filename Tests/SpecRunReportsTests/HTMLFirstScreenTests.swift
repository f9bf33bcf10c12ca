import Foundation
import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// The first screen is written as HTML before the data: readable without script, on screen before the data is
/// parsed, whatever the suite's size.
final class HTMLFirstScreenTests: XCTestCase {
    func test_firstScreen_isWrittenAsHTMLBeforeTheDataOnAFailingRun() throws {
        let html = try render(.html, sampleEnvelopes())
        let (first, data) = try split(html)
        XCTAssertTrue(first.contains("<h1 id=\"title\">"), "the title is in the HTML")
        XCTAssertTrue(first.contains("id=\"first-screen\""))
        XCTAssertTrue(first.contains("Not ready to ship"))
        XCTAssertTrue(first.contains("expected 1 hits, got 0"), "the first failure's message is readable without script")
        XCTAssertTrue(first.contains("of 8 scenarios passed"), "the headline")
        XCTAssertFalse(data.contains("id=\"first-screen\""))
    }

    func test_firstScreen_readsAFailureAsItsThenWithWhatTheAppShowedAndFoldsTheRestOnAFailingRun() throws {
        let (first, _) = try split(render(.html, sampleEnvelopes()))
        XCTAssertTrue(
            first.contains(
                "<div class=\"failure-step claim\" elementtiming=\"first-failure\"><span class=\"kw\">Then </span>the app shows 1 hits out of 1"
                    + "<span class=\"actual\"> \u{2014} the app showed 0</span></div>"), first)
        let fold = try XCTUnwrap(first.range(of: "<details class=\"for-developers\"><summary>For developers</summary>"))
        let developers = first[fold.upperBound...].prefix { _ in true }
        let end = try XCTUnwrap(developers.range(of: "</details>"))
        let inside = developers[..<end.lowerBound]
        XCTAssertTrue(inside.contains("expected 1 hits, got 0"), "the message is for developers")
        XCTAssertTrue(inside.contains("Specs/Steps.swift:18"), "the Swift path is for developers")
        XCTAssertTrue(inside.contains("Features/quiz.feature:21"), "the feature line is for developers")
    }

    func test_firstScreen_listsFailuresWorstFirstWithoutUndefinedOnes() throws {
        let (first, _) = try split(render(.html, sampleEnvelopes()))
        let statuses = matches(of: #"<li class="failure s-([a-z]+)""#, in: first)
        XCTAssertFalse(statuses.isEmpty)
        XCTAssertFalse(statuses.contains("undefined"), "steps to write are the to-do, not failures")
        let severities = statuses.map(HTMLFirstScreen.status(named:))
        XCTAssertEqual(severities, severities.sorted(by: >), "worst first: \(statuses)")
        XCTAssertEqual(
            first.components(separatedBy: "elementtiming=\"first-failure\"").count - 1, 1, "the first failure is marked for timing")
    }

    func test_firstScreen_escapesEveryTextOfTheRun() throws {
        let (first, _) = try split(render(.html, sampleEnvelopes(), options: ReportOptions(htmlTitle: "Q&A <release>")))
        XCTAssertTrue(first.contains("Say &lt;script&gt;alert(1)&lt;/script&gt; hello"))
        XCTAssertTrue(first.contains("Chat &lt;b&gt;login&lt;/b&gt;"))
        XCTAssertTrue(first.contains("<h1 id=\"title\">Q&amp;A &lt;release&gt;</h1>"))
        XCTAssertFalse(first.contains("<script>alert"))
        for href in matches(of: #"href="([^"]*)""#, in: first) {
            XCTAssertTrue(href.hasPrefix("#"), "only links to the page's own anchors: \(href)")
        }
    }

    func test_firstScreen_isEmptyAndHiddenWhenEveryScenarioPassed() throws {
        let passing = try sampleEnvelopes().map { envelope -> Envelope in
            var envelope = envelope
            if let result = envelope.testStepFinished?.testStepResult {
                envelope.testStepFinished?.testStepResult = TestStepResult(
                    duration: result.duration, message: nil, status: .passed, exception: nil)
            }
            return envelope
        }
        let (first, _) = try split(render(.html, passing))
        XCTAssertFalse(first.contains("id=\"first-screen\""))
        XCTAssertTrue(first.contains("<section id=\"problems\" aria-label=\"Needs attention\" hidden>"))
        XCTAssertTrue(first.contains("All 8 scenarios passed"), "the headline")
    }

    func test_firstScreen_givesTheRedVerdictAndListsTheScenariosOnAnUndefinedOnlyRun() throws {
        let (first, _) = try split(render(.html, sampleRun(turningProblemsInto: .undefined)))
        XCTAssertTrue(first.contains("<p class=\"headline s-failed\" id=\"headline\">"), "a red headline, not the undefined colour")
        XCTAssertTrue(first.contains("<strong>Not ready to ship: </strong>"), "the verdict")
        XCTAssertTrue(first.contains(": steps to write"), "the verdict says why")
        XCTAssertTrue(first.contains("<h3>To do: "), "the scenarios with steps to write are listed")
        let statuses = matches(of: #"<li class="failure s-([a-z]+)""#, in: first)
        XCTAssertFalse(statuses.isEmpty, "the script-free first screen is not empty")
        XCTAssertEqual(Set(statuses), ["undefined"])
    }

    func test_firstScreen_givesTheRedVerdictOnAPendingOnlyRun() throws {
        let (first, _) = try split(render(.html, sampleRun(turningProblemsInto: .pending)))
        XCTAssertTrue(first.contains("<p class=\"headline s-failed\" id=\"headline\">"))
        XCTAssertTrue(first.contains("<strong>Not ready to ship: </strong>"))
        XCTAssertEqual(Set(matches(of: #"<li class="failure s-([a-z]+)""#, in: first)), ["pending"])
    }

    func test_percentEncoded_matchesEncodeURIComponent() {
        XCTAssertEqual(HTMLFirstScreen.percentEncoded("Features/a b.feature:12"), "Features%2Fa%20b.feature%3A12")
        XCTAssertEqual(HTMLFirstScreen.percentEncoded("QUIZ-ST-2-AC-2"), "QUIZ-ST-2-AC-2")
        XCTAssertEqual(HTMLFirstScreen.percentEncoded("é\"<"), "%C3%A9%22%3C")
    }

    /// The sample run with every result that did not pass (failed, ambiguous, pending, undefined) turned into one status.
    private func sampleRun(turningProblemsInto status: TestStepResultStatus) throws -> [Envelope] {
        try sampleEnvelopes().map { envelope -> Envelope in
            var envelope = envelope
            if let result = envelope.testStepFinished?.testStepResult, result.status.isProblem {
                envelope.testStepFinished?.testStepResult = TestStepResult(
                    duration: result.duration, message: nil, status: status, exception: nil)
            }
            if envelope.testRunFinished != nil { envelope.testRunFinished?.success = false }
            return envelope
        }
    }

    /// The page before the data block, and the rest.
    private func split(_ html: String) throws -> (String, String) {
        let marker = try XCTUnwrap(html.range(of: "<script type=\"application/json\" id=\"report-data\">"))
        return (String(html[..<marker.lowerBound]), String(html[marker.upperBound...]))
    }

    private func matches(of pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
