import Foundation
import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// The cucumber-jvm JSON dialect for steps that never ran. cucumber-jvm's JsonFormatter writes `result.status` in
/// lower case, `duration` only when it is not zero, `error_message` only when the result has an error, and
/// `match.location` unless the status is undefined (an undefined or ambiguous match has no location anyway);
/// `match.arguments` come from the one matching definition. An undefined result never has a duration or an error.
final class CucumberJSONStepsNotRunTests: XCTestCase {
    func test_json_writesOnlyTheStatusAndAnEmptyMatchOnAnUndefinedStep() throws {
        var run = RunStream()
        let feature = run.feature("features/a.feature", "A")
        run.scenario(feature, "one", [("a defined step", .one, .passed()), ("a missing step", .none, .undefined())])

        let steps = try makeSUT(run)[0].steps

        assertJSONEqual(
            steps[1], #"{"keyword": "Given ", "line": 12, "match": {}, "name": "a missing step", "result": {"status": "undefined"}}"#)
    }

    func test_json_dropsDurationAndErrorOnAnUndefinedStepThatHasThemInTheStream() throws {
        var run = RunStream()
        let feature = run.feature("features/a.feature", "A")
        run.scenario(feature, "one", [("a missing step", .none, .undefined(7_000, message: "no definition"))])

        let steps = try makeSUT(run)[0].steps

        assertJSONEqual(steps[0]["result"], #"{"status": "undefined"}"#)
        assertJSONEqual(steps[0]["match"], "{}")
    }

    func test_json_keepsTheLocationAndOmitsAZeroDurationOnStepsSkippedAfterAFailure() throws {
        var run = RunStream()
        let feature = run.feature("features/a.feature", "A")
        run.scenario(feature, "one", [("it breaks", .one, .failed("boom")), ("a later step", .one, .skipped())])

        let steps = try makeSUT(run)[0].steps

        assertJSONEqual(steps[0]["result"], #"{"duration": 2000, "status": "failed", "error_message": "boom\n\tat Specs/Steps.swift:9"}"#)
        assertJSONEqual(
            steps[1],
            #"{"keyword": "Given ", "line": 12, "match": {"location": "Specs/Steps.swift:3"}, "name": "a later step", "result": {"status": "skipped"}}"#
        )
    }

    func test_json_keepsTheDurationOnASkippedStepWhoseSkippingTookTime() throws {
        // cucumber-jvm measures every step, skipped ones too: its JSON shows their (small) duration.
        var run = RunStream()
        let feature = run.feature("features/a.feature", "A")
        run.scenario(feature, "one", [("it breaks", .one, .failed()), ("a later step", .one, .skipped(1_234))])

        let steps = try makeSUT(run)[0].steps

        assertJSONEqual(steps[1]["result"], #"{"duration": 1234, "status": "skipped"}"#)
    }

    func test_json_skipsWithLocationTheStepsAfterAnUndefinedOrPendingStep() throws {
        var run = RunStream()
        let feature = run.feature("features/a.feature", "A")
        run.scenario(feature, "undefined first", [("a missing step", .none, .undefined()), ("a later step", .one, .skipped())])
        run.scenario(feature, "pending first", [("a pending step", .one, .pending()), ("a later step", .one, .skipped())])

        let elements = try makeSUT(run)

        assertJSONEqual(elements[0].steps[1]["match"], #"{"location": "Specs/Steps.swift:1"}"#)
        assertJSONEqual(elements[0].steps[1]["result"], #"{"status": "skipped"}"#)
        assertJSONEqual(elements[1].steps[0]["result"], #"{"duration": 500, "status": "pending", "error_message": "TODO"}"#)
        assertJSONEqual(elements[1].steps[1]["result"], #"{"status": "skipped"}"#)
    }

    func test_json_writesNoLocationOnASkippedStepThatHasNoDefinition() throws {
        // An undefined step after a failure: cucumber-jvm skips it, and its match has no code location.
        var run = RunStream()
        let feature = run.feature("features/a.feature", "A")
        run.scenario(feature, "one", [("it breaks", .one, .failed()), ("a missing step", .none, .skipped())])

        let steps = try makeSUT(run)[0].steps

        assertJSONEqual(steps[1]["match"], "{}")
        assertJSONEqual(steps[1]["result"], #"{"status": "skipped"}"#)
    }

    func test_json_writesTheErrorAndNoMatchOnAnAmbiguousStep() throws {
        var run = RunStream()
        let feature = run.feature("features/a.feature", "A")
        run.scenario(feature, "one", [("a step said twice", .two, .ambiguous()), ("a later step", .one, .skipped())])

        let steps = try makeSUT(run)[0].steps

        assertJSONEqual(
            steps[0],
            #"{"keyword": "Given ", "line": 11, "match": {}, "name": "a step said twice", "result": {"status": "ambiguous", "error_message": "Multiple step definitions match"}}"#
        )
        assertJSONEqual(steps[1]["match"], #"{"location": "Specs/Steps.swift:3"}"#)
    }

    func test_json_skipsBackgroundAndScenarioStepsOnAFailedBeforeHook() throws {
        var run = RunStream()
        let feature = run.feature("features/a.feature", "A", background: ["a background step"])
        run.scenario(feature, "one", background: [.skipped()], before: [.failed("hook broke")], [("a step", .one, .skipped())])

        let elements = try makeSUT(run)

        XCTAssertEqual(elements.map { $0.object["type"] as? String }, ["background", "scenario"])
        assertJSONEqual(
            elements[1].object["before"],
            #"[{"match": {"location": "Specs/Hooks.swift:5"}, "result": {"duration": 2000, "status": "failed", "error_message": "hook broke\n\tat Specs/Steps.swift:9"}}]"#
        )
        assertJSONEqual(
            elements[0].steps[0],
            #"{"keyword": "Given ", "line": 4, "match": {"location": "Specs/Steps.swift:1"}, "name": "a background step", "result": {"status": "skipped"}}"#
        )
        assertJSONEqual(
            elements[1].steps[0],
            #"{"keyword": "Given ", "line": 11, "match": {"location": "Specs/Steps.swift:3"}, "name": "a step", "result": {"status": "skipped"}}"#
        )
    }

    // MARK: - Helpers

    private struct Element {
        let object: [String: Any]
        var steps: [[String: Any]] { object["steps"] as? [[String: Any]] ?? [] }
    }

    /// The JSON report of the run, as the elements of all its features in order.
    private func makeSUT(_ run: RunStream, file: StaticString = #filePath, line: UInt = #line) throws -> [Element] {
        let json = try XCTUnwrap(parseJSON(render(.json, run.envelopes())) as? [[String: Any]], file: file, line: line)
        return json.flatMap { ($0["elements"] as? [[String: Any]] ?? []).map(Element.init) }
    }
}
