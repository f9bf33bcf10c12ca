import Foundation
import Requirements
import XCTest

/// This repository's Requirements/ folder: the same ids the features are tagged with.
final class RequirementsFolderTests: XCTestCase {
    func test_readFolder_findsEveryDocumentsCriteriaOnTheRepositorysFolder() throws {
        let set = try makeSUT()

        XCTAssertEqual(
            Set(set.stories.map(\.uri)).sorted(),
            [
                "Requirements/mycwt-chat.md", "Requirements/quiz.md", "Requirements/rider-chat.md",
                "Requirements/survey.md", "Requirements/webim-session.md",
            ])
        XCTAssertTrue(set.warnings.isEmpty, "\(set.warnings)")
        let ids = Set(set.criteria.map(\.id))
        XCTAssertEqual(ids.count, set.criteria.count)
        for id in [
            "MYCWT-AC-1", "MYCWT-REQ-12", "QUIZ-ST-4-AC-4", "QUIZ-UC-1-no-connectivity", "CUS-032-AC-007", "BR-CHAT-003",
            "CUS-032-TS-006", "SRV-UC-2-token-not-found-error", "SRV-UC-6-primary", "WEBIM-USER-1",
        ] {
            XCTAssertTrue(ids.contains(id), id)
        }
    }

    func test_readFolder_countsTheCriteriaOfEachDocumentOnTheRepositorysFolder() throws {
        let set = try makeSUT()
        let counts = Dictionary(grouping: set.criteria, by: \.uri).mapValues(\.count)

        XCTAssertEqual(counts["Requirements/mycwt-chat.md"], 14)
        XCTAssertEqual(counts["Requirements/rider-chat.md"], 16)
        XCTAssertEqual(counts["Requirements/survey.md"], 16)
        XCTAssertEqual(counts["Requirements/webim-session.md"], 13)
        XCTAssertEqual(counts["Requirements/quiz.md"], 18)
    }

    func test_readFolder_keepsTheDocumentsWordsAndLinesOnQuiz() throws {
        let quiz = try makeSUT().stories.filter { $0.uri == "Requirements/quiz.md" }

        XCTAssertEqual(quiz.first?.id, "QUIZ-ST-1")
        XCTAssertEqual(quiz.first?.tags, ["@quiz"])
        XCTAssertEqual(
            quiz.first?.narrative,
            "As an online customer\nI want the app to automatically load the quiz game\nSo I can see the game ready to be played")
        let first = try XCTUnwrap(quiz.first?.criteria.first)
        XCTAssertEqual(first.id, "QUIZ-ST-1-AC-1")
        XCTAssertTrue(first.derived)
        XCTAssertEqual(first.then, ["the app should display the question from remote", "the customer can start to play"])
        XCTAssertEqual(first.steps.map(\.keyword), [.given, .when, .then, .and])
        XCTAssertEqual(first.steps.map(\.line), [21, 22, 23, 24])
    }

    func test_readFolder_failsWithAHintOnAMissingFolder() {
        XCTAssertThrowsError(try RequirementsReader.read(folder: "/no/such/folder")) { error in
            XCTAssertEqual("\(error)", "/no/such/folder: no such folder (give --requirements an existing folder of story documents)")
        }
    }

    // MARK: - Helpers

    /// The repository's folder, read by absolute path (the working folder is left alone), uris made relative again.
    private func makeSUT() throws -> RequirementsSet {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path
        var set = try RequirementsReader.read(folder: root + "/Requirements")
        func relative(_ uri: String) -> String { uri.hasPrefix(root + "/") ? String(uri.dropFirst(root.count + 1)) : uri }
        for s in set.stories.indices {
            set.stories[s].uri = relative(set.stories[s].uri)
            for c in set.stories[s].criteria.indices { set.stories[s].criteria[c].uri = relative(set.stories[s].criteria[c].uri) }
        }
        for w in set.warnings.indices { set.warnings[w].uri = relative(set.warnings[w].uri) }
        return set
    }
}
