import Messages
import XCTest
@testable import SpecRunCore

/// A worker keeps every selected pickle for the run: steps of the same text share one string.
final class PickleSharedTextsTests: XCTestCase {
    func test_sharingStepTexts_keepsThePickleAndPoolsLongTextsOnRepeatedSteps() {
        let long = "the cart total is 14 items"
        let pickle = Pickle(id: "p", uri: "a.feature", name: "n", language: "en",
                            steps: [PickleStep(astNodeIds: ["s1"], id: "1", text: long),
                                    PickleStep(astNodeIds: ["s2"], id: "2", text: "short"),
                                    PickleStep(astNodeIds: ["s3"], id: "3", text: long)],
                            tags: [], astNodeIds: ["sc"])
        var pool: Set<String> = []

        let shared = pickle.sharingStepTexts(in: &pool)

        XCTAssertEqual(shared, pickle)
        XCTAssertEqual(pool, [long], "texts of up to 15 bytes are stored inline and not pooled")
    }
}
