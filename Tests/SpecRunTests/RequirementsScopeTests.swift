import SpecRunReportCore
import SpecRunReports
import XCTest

@testable import SpecRun

/// A run of some feature files: the criteria tagged only in the project's other files are outside the run.
final class RequirementsScopeTests: XCTestCase {
    func test_scope_isNilOnARunOfTheWholeFeaturesFolder() {
        XCTAssertNil(makeSUT(paths: ["Features"]))
        XCTAssertNil(makeSUT(paths: ["./Features/"]))
        XCTAssertNil(makeSUT(paths: []))
    }

    func test_scope_listsTheCriteriaTaggedInTheFilesTheRunDidNotReadOnARunOfOneFile() {
        let scope = makeSUT(paths: ["Features/quiz/start.feature"])

        XCTAssertEqual(scope, .init(partial: true, elsewhere: ["Q-1", "Q-2"]))
    }

    func test_scope_readsTheFileAgainOnARunOfSomeLinesOfIt() {
        let scope = makeSUT(paths: ["Features/quiz/start.feature:12"])

        XCTAssertEqual(scope, .init(partial: true, elsewhere: ["Q-1", "Q-2", "Q-3"]))
    }

    func test_scope_coversEverythingUnderAFolderGiven() {
        XCTAssertEqual(makeSUT(paths: ["Features/quiz"]), .init(partial: true, elsewhere: ["Q-2"]))
    }

    func test_scope_saysPartialWithoutLookingOnMoreFilesThanTheLimit() {
        XCTAssertEqual(makeSUT(paths: ["Features/quiz/start.feature"], limit: 1), .init(partial: true, elsewhere: nil))
    }

    // MARK: - Helpers

    private let files: [String: String] = [
        "Features/quiz/start.feature": "@Q-3\nFeature: Start\n  @Q-9 @other\n  Scenario: s\n",
        "Features/quiz/end.feature": "Feature: End\n\n  @Q-1 @slow\n  Scenario: e\n    Given a step @Q-4 in the text\n",
        "Features/chat/chat.feature": "Feature: Chat\n\t@Q-2\n  Scenario: c\n",
    ]

    private func makeSUT(paths: [String], limit: Int = 100) -> RequirementsAttachment.Scope? {
        RequirementsScope.scope(
            paths: paths, criteria: ["Q-1", "Q-2", "Q-3", "Q-4"], limit: limit,
            list: { root in self.files.keys.filter { $0.hasPrefix(root + "/") }.sorted() },
            read: { self.files[$0] })
    }
}
