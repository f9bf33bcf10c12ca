import XCTest
import Messages
@testable import Gherkin

/// The pickle compiler reads a child's scenario where it lies (`ChildScenario`), taking the optional's payload to be
/// at its start: this fails if the layout of `FeatureChild`/`RuleChild` ever says otherwise.
final class ChildScenarioTests: XCTestCase {
    func test_of_pointsAtTheChildsOwnScenarioOrNothingOnEveryKindOfChild() {
        let scenario = Scenario(location: Location(line: 3, column: 3), tags: [Tag(location: Location(line: 2), name: "@t", id: "9")],
                                keyword: "Scenario", name: "a scenario", description: "", steps: [], examples: [], id: "7")
        let background = Background(location: Location(line: 2), keyword: "Background", name: "", description: "", steps: [], id: "1")
        let featureChildren = [FeatureChild(rule: nil, background: nil, scenario: scenario),
                               FeatureChild(rule: nil, background: background, scenario: nil)]
        let ruleChildren = [RuleChild(background: nil, scenario: scenario), RuleChild(background: background, scenario: nil)]

        featureChildren.withUnsafeBufferPointer { children in
            XCTAssertEqual(ChildScenario.of(children.baseAddress!)?.pointee, scenario)
            XCTAssertNil(ChildScenario.of(children.baseAddress! + 1))
        }
        ruleChildren.withUnsafeBufferPointer { children in
            XCTAssertEqual(ChildScenario.of(children.baseAddress!)?.pointee, scenario)
            XCTAssertNil(ChildScenario.of(children.baseAddress! + 1))
        }
    }
}
