import Requirements
import XCTest

/// The id under a numbered `Criteria Id` heading: alone on its line, or a warning says what to write.
final class NumberedCriteriaIdsTests: XCTestCase {
    func test_read_readsTheCriterionWithTheIdAndWarnsAtTheTextOnTextAfterTheId() {
        let set = makeSUT(ids: ["CUS-1-AC-001", "CUS-1-AC-002 (draft)"])

        XCTAssertEqual(set.criteria.map(\.id), ["CUS-1-AC-001", "CUS-1-AC-002"])
        XCTAssertEqual(set.criteria.last?.given, ["the customer 2"])
        XCTAssertEqual(
            set.warnings.map(\.description),
            [
                "cus.md:17:14: warning: '(draft)' after the id CUS-1-AC-002 is not read (write the id alone under "
                    + "'Criteria Id'; words about it go under a 'Scenario' heading)"
            ])
    }

    func test_read_leavesTheSectionOutAndWarnsAtItsHeadingOnAnEmptyId() {
        let set = makeSUT(ids: ["CUS-1-AC-001", ""])

        XCTAssertEqual(set.criteria.map(\.id), ["CUS-1-AC-001"])
        XCTAssertEqual(
            set.warnings.map(\.description),
            [
                "cus.md:15:1: warning: the 'Criteria Id' section has no id, so it is left out (write its id, such as "
                    + "CUS-1-AC-002, alone on the line under the heading)"
            ])
    }

    func test_read_leavesTheSectionOutAndSaysWhyOnAWordThatIsNoId() {
        let set = makeSUT(ids: ["CUS-1-AC-001", "tbd"])

        XCTAssertEqual(set.criteria.map(\.id), ["CUS-1-AC-001"])
        XCTAssertEqual(
            set.warnings.map(\.description),
            [
                "cus.md:17:1: warning: 'tbd' under 'Criteria Id' is no id (it starts with 't', not an upper-case letter), "
                    + "so the section is left out (write its id, such as CUS-1-AC-002, alone on the line)"
            ])
    }

    func test_read_saysNothingOnAGroupHeadingWithNumberedSectionsUnderIt() {
        let set = makeSUT(ids: ["CUS-1-AC-001"], group: true)

        XCTAssertEqual(set.criteria.map(\.id), ["CUS-1-AC-001"])
        XCTAssertEqual(set.warnings, [])
    }

    // MARK: - Helpers

    /// A numbered story `CUS-1` with a `### Criteria Id` section per id (its heading at the document's line
    /// 7 + 8 × its index, the id two lines under it, none for ""), each with a Given; `group`: under a `## Criteria Id`
    /// heading.
    private func makeSUT(ids: [String], group: Bool = false) -> RequirementsSet {
        var text = "# Story\n\n| Story Id | CUS-1 |\n\n"
        text += group ? "## Criteria Id\n\n" : "\n\n"
        for (index, id) in ids.enumerated() {
            text += "### Criteria Id\n\n" + (id.isEmpty ? "" : id) + "\n\n### Given\n\nthe customer \(index + 1)\n\n"
        }
        return RequirementsReader.read(text: text, uri: "cus.md")
    }
}
