import Gherkin
import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// What the index holds per scenario at a run's peak (every test case arrives in the prelude, before the first
/// scenario runs): a test case's steps in one array, not two; the documents' scenarios without tags no report
/// reads; a document's steps in a table of their size.
final class RunIndexFootprintTests: XCTestCase {
    private let feature = """
        @cart
        Feature: Cart
          Background:
            Given the store is open

          @adding @smoke
          Scenario: adding
            When they add 4 items to the cart
            Then the cart total is 4

          Rule: discounts
            @paying
            Scenario Outline: paying
              When they pay <amount> for the items
              Then the cart total is <total>

              Examples:
                | amount | total |
                | 10     | 9     |
        """

    func test_testCase_keepsTheMessagesStepsArrayOnARunsStreamWhenNoReportReadsArguments() {
        let sut = makeSUT(sharedAtSource: true, keepsStepArguments: false)
        let message = testCase()

        sut.handle(Envelope(testCase: message))

        XCTAssertEqual(storage(of: sut.allCaseRecords[0].testCase.testSteps), storage(of: message.testSteps))
        XCTAssertEqual(sut.allCaseRecords[0].testCase.testSteps.map(\.id), ["t1", "t2"])
    }

    func test_testCase_keepsStepsOfItsOwnWhenAReportReadsArgumentsOrTheStreamIsReadBack() {
        for (sharedAtSource, keepsStepArguments) in [(true, true), (false, false)] {
            let sut = makeSUT(sharedAtSource: sharedAtSource, keepsStepArguments: keepsStepArguments)
            let message = testCase()

            sut.handle(Envelope(testCase: message))

            XCTAssertNotEqual(
                storage(of: sut.allCaseRecords[0].testCase.testSteps), storage(of: message.testSteps),
                "sharedAtSource \(sharedAtSource), keepsStepArguments \(keepsStepArguments)")
        }
    }

    func test_testCase_keepsStepsOfItsOwnOnALongPickleStepId() {
        let sut = makeSUT(sharedAtSource: true, keepsStepArguments: false)
        let long = "a-pickle-step-id-of-more-than-15-bytes"
        let message = TestCase(id: "c", pickleId: "p", testSteps: [TestStep(id: "t1", pickleStepId: long, stepDefinitionIds: ["d"])])

        sut.handle(Envelope(testCase: message))

        XCTAssertNotEqual(storage(of: sut.allCaseRecords[0].testCase.testSteps), storage(of: message.testSteps))
    }

    func test_documents_keepTheScenariosOwnTagsOnlyWhenAReportReadsThem() {
        for keepsScenarioTags in [true, false] {
            let sut = RunIndex()
            sut.keepsScenarioTags = keepsScenarioTags

            GherkinMessages.generate(data: feature, uri: "cart.feature", ids: IncrementingIdGenerator()).forEach(sut.handle)

            let feature = sut.documents["cart.feature"]!.feature
            let scenarios = [feature.children[1].scenario, feature.children[2].rule?.children[0].scenario]
            XCTAssertEqual(
                scenarios.map { $0?.tags.map(\.name) }, keepsScenarioTags ? [["@adding", "@smoke"], ["@paying"]] : [[], []])
            XCTAssertEqual(feature.tags.map(\.name), ["@cart"], "the feature's tags are kept")
            XCTAssertEqual(sut.pickleStore.map { $0.tags.map(\.name) }, [["@cart", "@adding", "@smoke"], ["@cart", "@paying"]])
        }
    }

    func test_factory_keepsTheScenariosTagsOnlyForTheHTMLReports() {
        for format in ReportFormat.allCases {
            let factory = FormatterFactory(sharedAtSource: true)
            _ = factory.makeFormatter(format, write: { _ in }, options: ReportOptions(colors: false))

            XCTAssertEqual(factory.indexKeepsScenarioTags, format == .html || format == .htmlSite, format.rawValue)
        }
    }

    func test_factory_saysTheIndexKeepsTestStepsAsSentUnlessAReportReadsMatchArgumentsOrTheStreamIsReadBack() {
        for format in ReportFormat.allCases {
            let ownRun = FormatterFactory(sharedAtSource: true), readBack = FormatterFactory()
            for factory in [ownRun, readBack] {
                _ = factory.makeFormatter(format, write: { _ in }, options: ReportOptions(colors: false))
            }

            XCTAssertEqual(ownRun.indexKeepsTestStepsAsSent, ![.json, .html, .htmlSite].contains(format), format.rawValue)
            XCTAssertFalse(readBack.indexKeepsTestStepsAsSent, format.rawValue)
        }
    }

    func test_documents_keepTheirStepsInATableOfTheirSize() {
        let sut = RunIndex()

        GherkinMessages.generate(data: feature, uri: "cart.feature", ids: IncrementingIdGenerator()).forEach(sut.handle)

        let steps = sut.documents["cart.feature"]!.steps.all
        XCTAssertEqual(steps.count, 5)
        XCTAssertLessThan(steps.capacity, 7, "grown one by one, five steps take a table of eight")
    }

    // MARK: - Helpers

    private func makeSUT(sharedAtSource: Bool, keepsStepArguments: Bool) -> RunIndex {
        let index = RunIndex()
        index.sharesRepeatedParts = !sharedAtSource
        index.keepsStepArguments = keepsStepArguments
        return index
    }

    /// A test case of a run's stream: short ids, one definition-id array and one arguments list for both steps.
    private func testCase() -> TestCase {
        let ids = ["d1"]
        let arguments = [StepMatchArgumentsList(stepMatchArguments: [StepMatchArgument(group: Group(start: 4, value: "4"))])]
        return TestCase(
            id: "c", pickleId: "p",
            testSteps: [
                TestStep(id: "t1", pickleStepId: "ps1", stepDefinitionIds: ids, stepMatchArgumentsLists: arguments),
                TestStep(id: "t2", pickleStepId: "ps2", stepDefinitionIds: ids, stepMatchArgumentsLists: arguments),
            ])
    }

    private func storage(of steps: [TestStep]) -> UnsafeRawPointer? {
        steps.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
}
