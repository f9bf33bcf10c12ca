import Gherkin
import Messages
import XCTest

@testable import SpecRunCore

/// The lines of a document's nodes (for `path:LINE`, stack traces and test case keys), read from the document in
/// place, and their table made at the first lookup.
final class LineIndexTests: XCTestCase {
    private let feature = """
        Feature: Lines
          Background:
            Given a cart

          Scenario: adds
            When I add 2 apples

          Scenario Outline: adds <n>
            When I add <n> apples

            Examples:
              | n |
              | 1 |
              | 2 |

          Rule: Sundays
            Background:
              Given it is Sunday

            Scenario: closed
              Then the shop is closed

        """

    func test_add_findsTheLineOfEveryNodeInEveryPlaceAFeatureHasThem() throws {
        let (document, pickles) = try parsed(feature)
        var sut = LineIndex()

        sut.add(document)

        // Every node with a line: backgrounds' and scenarios' steps, scenarios, examples rows, in a rule too.
        let expected = nodes(of: document)
        XCTAssertEqual(expected.count, 10)
        for (id, line) in expected { XCTAssertEqual(sut.line(of: id), line, "node \(id)") }
        XCTAssertNil(sut.line(of: "no such node"))
        // Each pickle is selected by its feature's, rule's, scenario's and steps' lines, and a row's by its own.
        XCTAssertEqual(pickles.map { sut.lines(of: $0).sorted() }, [[1, 5, 6], [1, 8, 9, 11, 13], [1, 8, 9, 11, 14], [1, 16, 20, 21]])
    }

    func test_add_keepsNoSelectingLinesWhenNotSelecting() throws {
        let (document, pickles) = try parsed(feature)
        var sut = LineIndex()

        sut.add(document, selecting: false)

        XCTAssertEqual(sut.line(of: try XCTUnwrap(pickles.first?.astNodeIds.first)), 5)
        XCTAssertEqual(pickles.map { sut.lines(of: $0) }, [[], [], [], []])
    }

    func test_line_findsANodeAddedAfterALookup() {
        var sut = NodeLines()
        sut.add("a", 1)
        XCTAssertEqual(sut.line(of: "a"), 1)

        sut.add("b", 2)

        XCTAssertEqual(sut.line(of: "b"), 2, "the table made at the first lookup is made again")
        XCTAssertEqual(sut.line(of: "a"), 1)
    }

    func test_line_ofACopyIsItsOwnOnNodesAddedToEither() {
        var sut = NodeLines()
        sut.add("a", 1)
        XCTAssertEqual(sut.line(of: "a"), 1)
        var copy = sut

        copy.add("b", 2)
        sut.add("c", 3)

        XCTAssertEqual([sut.line(of: "b"), sut.line(of: "c")], [nil, 3])
        XCTAssertEqual([copy.line(of: "b"), copy.line(of: "c")], [2, nil])
    }

    func test_line_isTheLastGivenForAnIdGivenTwice() {
        var sut = NodeLines()
        sut.add("a", 1)
        sut.add("a", 7)

        XCTAssertEqual(sut.line(of: "a"), 7)
    }

    // MARK: - Helpers

    private func parsed(_ text: String) throws -> (GherkinDocument, [Pickle]) {
        let envelopes = GherkinMessages.generate(data: text, uri: "lines.feature", ids: IncrementingIdGenerator())
        return (try XCTUnwrap(envelopes.compactMap(\.gherkinDocument).first), envelopes.compactMap(\.pickle))
    }

    /// Every step, scenario and examples row of the document, with its line, found without the index.
    private func nodes(of document: GherkinDocument) -> [(id: String, line: Int)] {
        var found: [(id: String, line: Int)] = []
        func add(_ steps: [Step]) { found += steps.map { ($0.id, $0.location.line) } }
        func add(_ scenario: Scenario) {
            add(scenario.steps)
            found.append((scenario.id, scenario.location.line))
            for examples in scenario.examples { found += examples.tableBody.map { ($0.id, $0.location.line) } }
        }
        for child in document.feature?.children ?? [] {
            if let background = child.background { add(background.steps) }
            if let scenario = child.scenario { add(scenario) }
            for ruleChild in child.rule?.children ?? [] {
                if let background = ruleChild.background { add(background.steps) }
                if let scenario = ruleChild.scenario { add(scenario) }
            }
        }
        return found
    }
}
