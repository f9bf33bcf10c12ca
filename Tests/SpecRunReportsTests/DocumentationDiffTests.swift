import XCTest

@testable import SpecRunReports

/// `specrun report --diff OLD NEW`: what changed in the documentation between two runs.
final class DocumentationDiffTests: XCTestCase {
    func test_coverageOfFile_refusesNamingTheFileOnAnEmptyStream() throws {
        let path = try writeStream("")

        XCTAssertThrowsError(try DocumentationDiff.coverage(ofFile: path)) {
            XCTAssertEqual("\($0)", "\(path): the file is empty (0 bytes; give a stream written by --format message:FILE)")
        }
    }

    func test_coverageOfFile_refusesSayingItIsBlankOnAStreamOfOnlyBlankLines() throws {
        let path = try writeStream("\n  \n\t\n")

        XCTAssertThrowsError(try DocumentationDiff.coverage(ofFile: path)) {
            XCTAssertEqual(
                "\($0)", "\(path): the file is blank, only whitespace and blank lines (give a stream written by --format message:FILE)")
        }
    }

    func test_coverageOfFile_refusesNamingTheLineOnACutOffStream() throws {
        let path = try writeStream(Self.started + "{\"testRunFinished\":{\"success\":tr")

        XCTAssertThrowsError(try DocumentationDiff.coverage(ofFile: path)) {
            XCTAssertEqual("\($0)", "\(path):2: the last line is cut off (was the run killed?); give a whole stream")
        }
    }

    func test_coverageOfFile_refusesOnAStreamEndingBeforeTestRunFinished() throws {
        let path = try writeStream(Self.started)

        XCTAssertThrowsError(try DocumentationDiff.coverage(ofFile: path)) {
            XCTAssertTrue("\($0)".hasPrefix("\(path): the run ended before testRunFinished"), "\($0)")
        }
    }

    func test_coverageOfFile_readsAFinishedStream() throws {
        let path = try writeStream(Self.started + "{\"testRunFinished\":{\"success\":true,\"timestamp\":{\"seconds\":1,\"nanos\":0}}}\n")

        XCTAssertNoThrow(try DocumentationDiff.coverage(ofFile: path))
    }

    private static let started = "{\"testRunStarted\":{\"timestamp\":{\"seconds\":0,\"nanos\":0}}}\n"

    private func writeStream(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("diff-\(UUID().uuidString).ndjson").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func test_diff_namesAddedRemovedAndRewordedCriteria() {
        let old = coverage([criterion("A-1", "Starts"), criterion("A-2", "Counts down"), criterion("A-3", "Ends")])
        let new = coverage([criterion("A-1", "Starts"), criterion("A-2", "Counts down by the second"), criterion("A-4", "Pauses")])

        let diff = DocumentationDiff(old: old, new: new)

        XCTAssertEqual(diff.added, ["A-4"])
        XCTAssertEqual(diff.removed, ["A-3"])
        XCTAssertEqual(diff.reworded.map(\.id), ["A-2"])
        XCTAssertEqual(diff.reworded.first?.after, "Counts down by the second / Then it shows 04:58")
    }

    func test_diff_namesScenariosThatNewlyCoverOrNoLongerCoverACriterion() {
        let old = coverage([criterion("A-1", "Starts", scenarios: ["Start", "Restart"])])
        let new = coverage([criterion("A-1", "Starts", scenarios: ["Start", "Start offline"])])

        let diff = DocumentationDiff(old: old, new: new)

        XCTAssertEqual(diff.newlyCovering, [.init(id: "A-1", scenario: "Features/quiz.feature: Start offline")])
        XCTAssertEqual(diff.noLongerCovering, [.init(id: "A-1", scenario: "Features/quiz.feature: Restart")])
    }

    func test_diff_namesCoverageGainedAndLost() {
        let old = coverage([criterion("A-1", "Starts", status: .failing), criterion("A-2", "Ends", status: .proven)])
        let new = coverage([criterion("A-1", "Starts", status: .proven), criterion("A-2", "Ends", status: .noScenario)])

        let diff = DocumentationDiff(old: old, new: new)

        XCTAssertEqual(diff.gained, ["A-1"])
        XCTAssertEqual(diff.lost, ["A-2"])
        XCTAssertTrue(diff.text.hasPrefix("Criteria proven: 1 of 2 before, 1 of 2 now\n"), diff.text)
        XCTAssertTrue(diff.text.contains("Coverage lost (proven before; failing or without a scenario now) (1):\n  A-2"), diff.text)
    }

    func test_diff_saysNothingChangedOnTheSameDocumentation() {
        let same = coverage([criterion("A-1", "Starts", scenarios: ["Start"])])
        let diff = DocumentationDiff(old: same, new: same)
        XCTAssertTrue(diff.isEmpty)
        XCTAssertTrue(diff.text.contains("No criterion, wording or coverage changed."))
    }

    private func criterion(_ id: String, _ title: String, status: CoverageStatus = .proven, scenarios: [String] = []) -> CriterionCoverage {
        CriterionCoverage(
            id: id, title: title, type: "", given: [], when: [], then: ["it shows 04:58"], uri: "Requirements/quiz.md", line: 1,
            status: status,
            scenarios: scenarios.enumerated().map {
                CoveredScenario(name: $1, uri: "Features/quiz.feature", line: 10 + $0, status: "passed")
            })
    }

    private func coverage(_ criteria: [CriterionCoverage]) -> RequirementsCoverage {
        RequirementsCoverage(stories: [StoryCoverage(id: "A", title: "Quiz", uri: "Requirements/quiz.md", line: 1, criteria: criteria)])
    }
}
