import Requirements
import XCTest

final class RequirementsReaderTests: XCTestCase {
    func test_read_makesAnIdWithASpaceOneTagOnAStoryIdWrittenWithSpaces() {
        let set = RequirementsReader.read(text: "# Shop\nStory Id: SHOP 1\n\n```\nGiven a\nThen b\n```\n", uri: "shop.md")

        XCTAssertEqual(set.stories.first?.id, "SHOP-1")
        XCTAssertEqual(set.criteria.first?.id, "SHOP-1-AC-1")
    }

    func test_read_warnsOnAnIdUsedTwice() {
        let set = RequirementsReader.read(
            text: "# Shop\n\n```\n@SHOP-1\nGiven a\nThen b\n\n@SHOP-1\nGiven c\nThen d\n```\n", uri: "shop.md")

        XCTAssertEqual(
            set.warnings.map(\.description),
            ["shop.md:9: warning: criterion id SHOP-1 is also at shop.md:5 (give each criterion its own id)"])
    }

    func test_read_warnsNamingTheDocumentOnProseOnly() {
        let set = RequirementsReader.read(text: "# Notes\n\nJust prose.\n", uri: "notes.md")

        XCTAssertTrue(set.stories.isEmpty)
        XCTAssertEqual(set.warnings.first?.description.hasPrefix("notes.md:1: warning: notes.md has no acceptance criteria"), true)
    }
}
