import Gherkin
import Messages
import XCTest

@testable import SpecRunEditor

/// The document checks a run makes of every feature file find what they look for wherever Gherkin can put it:
/// the feature, a background, a scenario, its examples, a rule, and the background, scenario and examples of a rule.
final class DocumentFindingsPlacesTests: XCTestCase {
    private let text = """
        @timeout:f
        Feature: First
          Feature: In the feature

          Background:
            Feature: In the background
            Given a step

          @timeout:s
          Scenario Outline: Outline
            Feature: In the scenario
            Given <x>

            @timeout:e
            Examples: Rows
              Feature: In the examples
              | x |
              | a |

          @timeout:r
          Rule: R
            Feature: In the rule

            Background:
              Feature: In the rule's background
              Given a step

            @timeout:rs
            Scenario Outline: Ruled
              Feature: In the rule's scenario
              Given <x>

              @timeout:re
              Examples: Rows
                Feature: In the rule's examples
                | x |
                | a |

        """

    private func makeSUT() throws -> GherkinDocument {
        try GherkinParser.parse(source: text, uri: "f.feature", ids: IncrementingIdGenerator())
    }

    func test_featureLineInDescription_findsTheLineInEveryPlaceAndInTheirOrder() throws {
        let findings = FeatureLineInDescription.findings(in: try makeSUT(), source: text)

        XCTAssertEqual(
            findings.map(\.text),
            [
                "Feature: In the feature", "Feature: In the background", "Feature: In the scenario",
                "Feature: In the examples", "Feature: In the rule", "Feature: In the rule's background",
                "Feature: In the rule's scenario", "Feature: In the rule's examples",
            ])
        XCTAssertEqual(findings.map(\.location.line), [3, 6, 11, 16, 22, 25, 30, 35])
    }

    func test_invalidTimeoutTags_findsTheTagInEveryPlaceAndInTheirOrder() throws {
        let lines = InvalidTimeoutTags.lines(in: try makeSUT())

        XCTAssertEqual(
            lines.map { $0.components(separatedBy: ": error:")[0] },
            ["f.feature:1:1", "f.feature:9:3", "f.feature:14:5", "f.feature:20:3", "f.feature:28:5", "f.feature:33:7"])
        XCTAssertTrue(lines.allSatisfy { $0.contains("expected a duration") }, "\(lines)")
    }
}
