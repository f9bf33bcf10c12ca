import Gherkin
import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// The index keeps pickles small (shared step texts, no AST node ids a step's position gives back) and still
/// answers with the pickles the stream sent.
final class RunIndexPickleTests: XCTestCase {
    private let feature = """
        Feature: Cart
          Background:
            Given the store is open

          Scenario: adding
            When they add 4 items to the cart
            Then the cart total is 4

          Rule: discounts
            Background:
              Given a discount of 10 percent is active

            Scenario Outline: paying
              When they pay <amount> for the items in the cart
              Then the cart total is <total>

              Examples:
                | amount | total |
                | 10     | 9     |
                | 20     | 18    |
        """

    func test_pickle_isTheOneSentOnBackgroundsRulesAndOutlineRows() {
        let (index, envelopes) = makeSUT()
        let pickles = envelopes.compactMap(\.pickle)
        XCTAssertEqual(pickles.count, 3)
        for pickle in pickles {
            XCTAssertEqual(index.pickle(id: pickle.id), pickle)
            for step in pickle.steps { XCTAssertEqual(index.pickleStep(step.id), step) }
        }
    }

    func test_lineage_findsEachPickleStepsGherkinStepOnCompactedPickles() {
        let (index, envelopes) = makeSUT()
        for pickle in envelopes.compactMap(\.pickle) {
            for step in pickle.steps {
                XCTAssertEqual(index.lineage(of: step)?.step?.id, step.astNodeIds.first, step.text)
            }
        }
    }

    func test_pickle_keepsAstNodeIdsThatItsPositionDoesNotGiveOnAForeignStream() {
        var envelopes = GherkinMessages.generate(data: feature, uri: "cart.feature", ids: IncrementingIdGenerator())
        let position = envelopes.firstIndex { $0.pickle != nil }!
        var pickle = envelopes[position].pickle!
        // The second step says it comes from the first Gherkin step: the index must not "correct" it.
        pickle.steps[1].astNodeIds = pickle.steps[0].astNodeIds
        envelopes[position] = Envelope(pickle: pickle)
        let index = RunIndex()
        envelopes.forEach(index.handle)

        XCTAssertEqual(index.pickle(id: pickle.id), pickle)
        XCTAssertEqual(index.pickleStep(pickle.steps[1].id)?.astNodeIds, pickle.steps[0].astNodeIds)
    }

    func test_pickle_keepsTheDocumentsCopyOfALongExampleRowIdOnAForeignStream() {
        // UUIDs, too long to be kept inline: the outline pickle's ids made again as strings of their own, as JSON
        // decoding makes them, and its last step given the ids of the one before (a foreign stream, not derived).
        var envelopes = GherkinMessages.generate(data: feature, uri: "cart.feature", ids: UUIDGenerator())
        let position = envelopes.lastIndex { $0.pickle != nil }!
        var pickle = envelopes[position].pickle!
        XCTAssertEqual(pickle.steps.count, 4, "two Backgrounds' steps, then the outline's two")
        pickle.steps[3].astNodeIds = pickle.steps[2].astNodeIds
        for step in pickle.steps.indices {
            pickle.steps[step].astNodeIds = pickle.steps[step].astNodeIds.map { String(decoding: Array($0.utf8), as: UTF8.self) }
        }
        envelopes[position] = Envelope(pickle: pickle)
        let index = RunIndex()

        envelopes.forEach(index.handle)

        let kept = index.pickleStep(pickle.steps[3].id)!
        XCTAssertEqual(kept.astNodeIds, pickle.steps[2].astNodeIds)
        let rowId = kept.astNodeIds[1]
        let documentsRowId = index.nodes.keys[index.nodes.index(forKey: IdKey(rowId))!].id
        XCTAssertEqual(storage(rowId), storage(documentsRowId), "one string for the row's id: the document's")
        XCTAssertNotEqual(storage(pickle.steps[3].astNodeIds[1]), storage(documentsRowId))
    }

    /// Where a native string's bytes are (the same for two copies of one string).
    private func storage(_ text: String) -> UnsafeRawPointer? {
        var text = text
        return text.withUTF8 { UnsafeRawPointer($0.baseAddress) }
    }

    func test_pickleSteps_shareOneStringOnRepeatedTexts() {
        let (index, envelopes) = makeSUT()
        let said = envelopes.compactMap(\.pickle).flatMap(\.steps).filter { $0.text == "the store is open" }
        XCTAssertEqual(said.count, 3, "the feature's background runs in every pickle")
        XCTAssertEqual(index.stepTextPool.filter { $0.id == "the store is open" }.count, 1)
        XCTAssertTrue(index.stepTextPool.contains(IdKey("they pay 10 for the items in the cart")))
    }

    func test_pickleSteps_keepTheirTextsAsTheyCameWhenTheirSourceSharesThemAlready() {
        let envelopes = GherkinMessages.generate(
            data: feature, uri: "cart.feature", ids: IncrementingIdGenerator(),
            texts: StepTextPool())
        let index = RunIndex()
        index.sharesRepeatedParts = false

        envelopes.forEach(index.handle)

        XCTAssertTrue(index.stepTextPool.isEmpty, "the compiler's pool gave each text one string: no second pool")
        for pickle in envelopes.compactMap(\.pickle) {
            XCTAssertEqual(index.pickle(id: pickle.id)?.steps.map(\.text), pickle.steps.map(\.text))
        }
    }

    func test_testSteps_keepTheirDefinitionIdArraysAsTheyCameWhenTheirSourceSharesThemAlready() {
        let shared = ["d1"]
        let step = { (id: String) in TestStep(id: id, pickleStepId: "ps-\(id)", stepDefinitionIds: shared, stepMatchArgumentsLists: []) }
        let unshared = TestStep(id: "t3", pickleStepId: "ps-t3", stepDefinitionIds: ["d1"], stepMatchArgumentsLists: [])
        let testCase = Envelope(testCase: TestCase(id: "c", pickleId: "p", testSteps: [step("t1"), step("t2"), unshared]))
        let storage = { (ids: [String]?) in ids!.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
        for sharesRepeatedParts in [true, false] {
            let index = RunIndex()
            index.sharesRepeatedParts = sharesRepeatedParts

            index.handle(testCase)
            index.handle(
                Envelope(testCaseStarted: TestCaseStarted(attempt: 0, id: "a", testCaseId: "c", timestamp: Timestamp(seconds: 0, nanos: 0)))
            )

            let kept = index.testCase(of: index.attempt(id: "a")!)!.testSteps.map(\.stepDefinitionIds)
            XCTAssertEqual(kept, [["d1"], ["d1"], ["d1"]])
            // Shared by the index itself, or kept as the source made them (its own array for the third step).
            XCTAssertEqual(Set(kept.map(storage)).count, sharesRepeatedParts ? 1 : 2, "sharesRepeatedParts: \(sharesRepeatedParts)")
        }
    }

    func test_factory_sharesRepeatedPartsOnlyWhenTheStreamDoesNotShareThemAlready() {
        XCTAssertTrue(FormatterFactory().indexSharesRepeatedParts)
        XCTAssertFalse(FormatterFactory(sharedAtSource: true).indexSharesRepeatedParts)
    }

    private func makeSUT() -> (RunIndex, [Envelope]) {
        let envelopes = GherkinMessages.generate(data: feature, uri: "cart.feature", ids: IncrementingIdGenerator())
        let index = RunIndex()
        envelopes.forEach(index.handle)
        return (index, envelopes)
    }
}
