import Foundation
import Requirements
import SharedTestData
import XCTest

/// The five original story documents in ../shared/seeds, read as they are (typos included).
final class OriginalDocumentsTests: XCTestCase {
    func test_read_findsTheFencedCriteriaAndReadsGivingAsGivenOnMyCWT() throws {
        let set = try makeSUT("000_d2f5fa171d1db54d.txt")

        XCTAssertEqual(set.stories.map(\.title), ["Customer would like to start a chat with an agent via myCWT iOS App"])
        let criteria = set.criteria
        XCTAssertEqual(criteria.count, 14)
        XCTAssertEqual(criteria.first?.id, "000-D2F5FA171D1DB54D-ST-1-AC-1")
        XCTAssertEqual(criteria.first?.given, ["the customer has connectivity"])
        XCTAssertEqual(criteria.first?.line, 17)
        XCTAssertEqual(criteria[1].title, "Every customer open the app with chat")
        XCTAssertEqual(criteria.last?.then, ["the prepare() completion completed successfuly"])
        XCTAssertEqual(criteria.last?.line, 79)
        XCTAssertTrue(criteria.allSatisfy(\.derived))
        XCTAssertEqual(set.warnings.filter { $0.message.hasPrefix("'Giving' read as 'Given'") }.map(\.line), [17, 25])
        XCTAssertEqual(set.warnings.filter { $0.message == "'Nerative' read as 'Narrative' (write 'Narrative')" }.map(\.line), [7])
        XCTAssertEqual(
            set.stories.first?.narrative,
            "As an online customer,\nI want to open the app and see a chat bubble that will let me start a conversation.")
    }

    func test_read_findsNumberedCriteriaRulesAndTestScenariosOnCUS032() throws {
        let set = try makeSUT("001_0f9c3cc4fe9585ef.txt")

        let story = try XCTUnwrap(set.stories.first)
        XCTAssertEqual(story.id, "CUS-032")
        XCTAssertEqual(story.title, "Customer Chats with Rider for Active Order")
        XCTAssertEqual(story.narrative, "As a Customer with an active order, I want to init...")
        XCTAssertEqual(
            story.criteria.map(\.id),
            (1...7).map { "CUS-032-AC-00\($0)" } + ["BR-CHAT-001", "BR-CHAT-002", "BR-CHAT-003"]
                + (1...6).map { "CUS-032-TS-00\($0)" })
        let ac6 = story.criteria[5]
        XCTAssertEqual(ac6.title, "Handling message sending with no network connectivity")
        XCTAssertEqual(ac6.type, "Error_Condition")
        XCTAssertEqual(ac6.when, ["I attempt to send a message"])
        XCTAssertEqual(ac6.line, 174)
        XCTAssertFalse(ac6.derived)
        XCTAssertTrue(story.criteria.last!.derived)
        XCTAssertTrue(set.warnings.isEmpty, "\(set.warnings)")
    }

    func test_read_makesACriterionOfEveryCourseOnTheSurveyUseCases() throws {
        let set = try makeSUT("002_6a9c6b75c9fd4bad.txt")

        XCTAssertEqual(set.stories.count, 6)
        XCTAssertEqual(set.criteria.count, 16)
        let login = set.stories[0]
        XCTAssertEqual(login.title, "Login Use Case")
        XCTAssertEqual(
            login.criteria.map(\.id),
            [
                "002-6A9C6B75C9FD4BAD-UC-1-primary", "002-6A9C6B75C9FD4BAD-UC-1-connectivity-error",
                "002-6A9C6B75C9FD4BAD-UC-1-invalid-data-error",
            ])
        XCTAssertEqual(login.criteria[0].when, ["Execute \"login\" command with above data."])
        XCTAssertEqual(login.criteria[0].then.count, 5)
        XCTAssertEqual(login.criteria[1].type, "error course")
        XCTAssertEqual(set.stories[1].criteria[1].id, "002-6A9C6B75C9FD4BAD-UC-2-token-not-found-error")
    }

    func test_read_warnsNamingTheDocumentOnWebimWhichHasNoCriteria() throws {
        let set = try makeSUT("003_207fa03f3d841545.txt")

        XCTAssertTrue(set.stories.isEmpty)
        XCTAssertEqual(set.warnings.count, 1)
        XCTAssertTrue(
            set.warnings[0].description.hasPrefix(
                "seeds/003_207fa03f3d841545.txt:1: warning: seeds/003_207fa03f3d841545.txt has no acceptance criteria"),
            set.warnings[0].description)
    }

    func test_read_findsStoriesAndUseCasesOnQuiz() throws {
        let set = try makeSUT("004_9d3b32f167e5888f.txt")

        XCTAssertEqual(set.stories.map { $0.criteria.count }, [1, 3, 2, 4, 2, 3, 1, 1, 1])
        XCTAssertEqual(set.stories[4].title, "Game finished")
        XCTAssertEqual(set.stories[4].criteria[0].when, ["the customer do not finished answering all the guesses", "the counter ends"])
        XCTAssertEqual(set.stories[5].criteria.map(\.id).last, "004-9D3B32F167E5888F-UC-1-no-connectivity")
        XCTAssertEqual(set.stories[3].criteria[3].given, ["the customer has not finished answering all guesses", "the counter ends"])
        XCTAssertEqual(set.stories[3].criteria[3].line, 107)
    }

    // MARK: - Helpers

    private func makeSUT(_ name: String) throws -> RequirementsSet {
        let path = try SharedData.require("seeds/\(name)", "the original story document \(name)").path
        return try RequirementsReader.read(file: path, uri: "seeds/" + name)
    }
}
