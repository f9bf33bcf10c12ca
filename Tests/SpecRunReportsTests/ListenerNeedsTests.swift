import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// What the listeners need is worked out from the formats in one place.
final class ListenerNeedsTests: XCTestCase {
    func test_needs_theMessageStreamOnlyOnTheMessageFormat() {
        XCTAssertEqual(ListenerNeeds(formats: ReportFormat.allCases.filter { $0 != .message }).messageStream, false)
        XCTAssertEqual(ListenerNeeds(formats: [.progress, .message]).messageStream, true)
    }

    func test_needs_stepArgumentsOnlyOnTheReportsThatPrintThem() {
        let printing = ReportFormat.allCases.filter { ListenerNeeds(formats: [$0]).stepArguments }
        XCTAssertEqual(printing, [.json, .html, .htmlSite])
    }

    func test_needs_passedStepsOnEveryReportButTheConsoleOnesAndRerun() {
        let lettingGo = ReportFormat.allCases.filter { !ListenerNeeds(formats: [$0]).passedSteps }
        XCTAssertEqual(Set(lettingGo), [.pretty, .progress, .summary, .rerun, .message])
        XCTAssertTrue(ListenerNeeds(formats: [.pretty, .junit]).passedSteps, "one report that reads them keeps them")
    }

    func test_needs_scenarioTagsOnlyOnTheHTMLReports() {
        let reading = ReportFormat.allCases.filter { ListenerNeeds(formats: [$0]).scenarioTags }
        XCTAssertEqual(reading, [.html, .htmlSite])
    }

    func test_needs_passedStepTimesOnEveryFormatButTheConsoleOnesAndRerun() {
        let lettingGo = ReportFormat.allCases.filter { !ListenerNeeds(formats: [$0]).passedStepTimes }
        XCTAssertEqual(Set(lettingGo), [.pretty, .progress, .summary, .rerun])
        XCTAssertTrue(ListenerNeeds(formats: [.summary, .usage]).passedStepTimes, "one report that reads them keeps them")
    }

    func test_needs_whatAnyOfTheFormatsNeedsOnSeveralFormats() {
        XCTAssertEqual(
            ListenerNeeds(formats: [.junit, .message]), ListenerNeeds(messageStream: true, passedSteps: true, passedStepTimes: true))
        XCTAssertEqual(
            ListenerNeeds(formats: [.message, .html]),
            ListenerNeeds(messageStream: true, stepArguments: true, passedSteps: true, scenarioTags: true, passedStepTimes: true))
        XCTAssertEqual(ListenerNeeds(formats: []), ListenerNeeds())
    }
}
