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

/// A document's release gate: `Must:` / `Should:` lines naming criteria or stories.
final class GateMarksTests: XCTestCase {
    func test_read_marksCriteriaAndStoriesNamedOnMustAndShouldLines() {
        let text = """
            ### Story: Start
            ```
            Given a customer
            When the game starts
            Then the counter runs
            ```
            ```
            Given a customer
            When the game starts
            Then answers can be given
            ```
            ### Story: Stop
            ```
            Given a game
            When it ends
            Then it stops
            ```

            - **Must:** QUIZ-ST-1-AC-2
            Should: @QUIZ-ST-1, `QUIZ-ST-2`
            """

        let set = RequirementsReader.read(text: text, uri: "Requirements/quiz.md")

        XCTAssertEqual(set.criteria.map(\.id), ["QUIZ-ST-1-AC-1", "QUIZ-ST-1-AC-2", "QUIZ-ST-2-AC-1"])
        XCTAssertEqual(set.criteria.map(\.gate), [.should, .must, .should], "must wins over the story's should")
        XCTAssertTrue(RequirementsJSON.encode(set).contains(#""gate":"must""#))
        XCTAssertEqual(set.warnings, [])
    }

    func test_read_leavesCriteriaUnmarkedAndTheBodyUnchangedWithoutMarks() {
        let set = RequirementsReader.read(text: "### Story: S\n```\nGiven a\nWhen b\nThen c\n```\n", uri: "Requirements/s.md")

        XCTAssertEqual(set.criteria.map(\.gate), [nil])
        XCTAssertFalse(RequirementsJSON.encode(set).contains("gate"))
    }

    func test_read_warnsOnAnIdTheDocumentDoesNotDefine() {
        let set = RequirementsReader.read(text: "### Story: S\n```\nGiven a\nWhen b\nThen c\n```\nMust: S-9\n", uri: "Requirements/s.md")

        XCTAssertEqual(set.warnings.map(\.description).filter { $0.contains("S-9") }.count, 1, "\(set.warnings)")
    }
}
