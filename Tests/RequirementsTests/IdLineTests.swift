import Requirements
import XCTest

/// `@ID` lines in a Given/When/Then block: one id each, naming the criterion that starts next in the block.
final class IdLineTests: XCTestCase {
    func test_read_namesTheCriterionWithTheFirstIdAndWarnsAtTheSecondOnTwoIdsOnOneLine() {
        let set = makeSUT("@SHOP-1 @SHOP-2\nGiven a\nThen b")

        XCTAssertEqual(set.criteria.map(\.id), ["SHOP-1"])
        XCTAssertEqual(
            set.warnings.map(\.description),
            [
                "shop.md:4:9: warning: '@SHOP-2' after @SHOP-1 is not read: an id line holds one id "
                    + "(put each criterion's id alone on the line right above its first step)"
            ])
    }

    func test_read_namesTheCriterionWithTheSecondAndWarnsAtTheFirstOnTwoIdLinesInARow() {
        let set = makeSUT("@SHOP-1\n  @SHOP-2\nGiven a\nThen b")

        XCTAssertEqual(set.criteria.map(\.id), ["SHOP-2"])
        XCTAssertEqual(
            set.warnings.map(\.description),
            [
                "shop.md:4:1: warning: id SHOP-1 names no criterion: the id line at line 5 follows it before a step "
                    + "and replaces it (remove one of them)"
            ])
    }

    func test_read_derivesTheIdAndNamesTheCharacterOnAnIdWithACharacterIdsDoNotAllow() {
        let set = makeSUT("Given a\nThen b\n\n  @BRK-é✓\nGiven c\nThen d")

        XCTAssertEqual(set.criteria.map(\.id), ["SHOP-ST-1-AC-1", "SHOP-ST-1-AC-2"])
        XCTAssertEqual(set.criteria.map(\.derived), [true, true])
        XCTAssertEqual(
            set.warnings.map(\.description),
            [
                "shop.md:7:3: warning: '@BRK-é✓' is no id ('✓' is not a character of ids), so the criterion after it gets "
                    + "the derived id SHOP-ST-1-AC-2 (write an id of upper-case letters, digits and '-', such as "
                    + "@SHOP-ST-1-AC-2, or remove the line)"
            ])
    }

    func test_read_namesNoCriterionAndWarnsOnAnIdLineAtABlocksEnd() {
        let set = makeSUT("Given a\nThen b\n@SHOP-9\n```\n\n```\nGiven c\nThen d")

        XCTAssertEqual(set.criteria.map(\.id), ["SHOP-ST-1-AC-1", "SHOP-ST-1-AC-2"])
        XCTAssertEqual(
            set.warnings.map(\.description),
            [
                "shop.md:6:1: warning: id SHOP-9 names no criterion: its block ends before a step follows it (put it right "
                    + "above the criterion's first step, in the same block, or remove it)"
            ])
    }

    func test_read_saysNothingOnAtLinesOfACodeBlockWithoutSteps() {
        let set = makeSUT("@SHOP-1\nGiven a\nThen b\n```\n\n```objc\n@property (nonatomic) int count;\n@end")

        XCTAssertEqual(set.criteria.map(\.id), ["SHOP-1"])
        XCTAssertEqual(set.warnings, [])
    }

    // MARK: - Helpers

    /// A document `shop.md` of one fenced block holding `block` (its first line is the document's line 4).
    private func makeSUT(_ block: String) -> RequirementsSet {
        RequirementsReader.read(text: "# Shop\n\n```\n" + block + "\n```\n", uri: "shop.md")
    }
}
