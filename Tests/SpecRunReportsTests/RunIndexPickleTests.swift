import Gherkin
import Messages
import XCTest
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

    func test_pickleSteps_shareOneStringOnRepeatedTexts() {
        let (index, envelopes) = makeSUT()
        let said = envelopes.compactMap(\.pickle).flatMap(\.steps).filter { $0.text == "the store is open" }
        XCTAssertEqual(said.count, 3, "the feature's background runs in every pickle")
        XCTAssertEqual(index.stepTextPool.filter { $0.id == "the store is open" }.count, 1)
        XCTAssertTrue(index.stepTextPool.contains(IdKey("they pay 10 for the items in the cart")))
    }

    private func makeSUT() -> (RunIndex, [Envelope]) {
        let envelopes = GherkinMessages.generate(data: feature, uri: "cart.feature", ids: IncrementingIdGenerator())
        let index = RunIndex()
        envelopes.forEach(index.handle)
        return (index, envelopes)
    }
}
