import Foundation
import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// Rules of the cucumber-jvm JSON dialect that the official cases do not all cover.
final class CucumberJSONRulesTests: XCTestCase {
    func test_json_putsStepHooksOnTheirStepsAndScenarioHooksOnTheScenario() throws {
        var envelopes = try sampleEnvelopes()
        // Give the first test case a BeforeStep hook before its second step and an AfterStep hook after it.
        let beforeStep = Hook(
            id: "bs", name: nil,
            sourceReference: SourceReference(
                uri: "Specs/Hooks.swift", javaMethod: nil, javaStackTraceElement: nil, location: Location(line: 20, column: nil)),
            tagExpression: nil, type: .beforeTestStep)
        let afterStep = Hook(
            id: "as", name: nil,
            sourceReference: SourceReference(
                uri: "Specs/Hooks.swift", javaMethod: nil, javaStackTraceElement: nil, location: Location(line: 24, column: nil)),
            tagExpression: nil, type: .afterTestStep)
        let caseIndex = try XCTUnwrap(envelopes.firstIndex { $0.testCase != nil })
        var testCase = try XCTUnwrap(envelopes[caseIndex].testCase)
        testCase.testSteps.insert(
            TestStep(hookId: "bs", id: "bs-step", pickleStepId: nil, stepDefinitionIds: nil, stepMatchArgumentsLists: nil), at: 1)
        testCase.testSteps.insert(
            TestStep(hookId: "as", id: "as-step", pickleStepId: nil, stepDefinitionIds: nil, stepMatchArgumentsLists: nil), at: 3)
        envelopes[caseIndex] = Envelope(testCase: testCase)
        envelopes.insert(Envelope(hook: beforeStep), at: caseIndex)
        envelopes.insert(Envelope(hook: afterStep), at: caseIndex)
        let started = try XCTUnwrap(envelopes.first { $0.testCaseStarted?.testCaseId == testCase.id }?.testCaseStarted)
        let finishIndex = try XCTUnwrap(envelopes.firstIndex { $0.testCaseFinished?.testCaseStartedId == started.id })
        for id in ["bs-step", "as-step"] {
            envelopes.insert(
                Envelope(
                    testStepFinished: TestStepFinished(
                        testCaseStartedId: started.id, testStepId: id,
                        testStepResult: TestStepResult(
                            duration: Duration(seconds: 0, nanos: 5), message: nil, status: .passed, exception: nil),
                        timestamp: started.timestamp)), at: finishIndex)
        }
        let json = try JSONSerialization.jsonObject(with: Data(render(.json, envelopes).utf8)) as? [[String: Any]]
        let elements = try XCTUnwrap(json?[0]["elements"] as? [[String: Any]])
        XCTAssertEqual(elements[0]["type"] as? String, "background")
        let steps = try XCTUnwrap(elements[1]["steps"] as? [[String: Any]])
        let before = try XCTUnwrap(steps[0]["before"] as? [[String: Any]])
        XCTAssertEqual((before[0]["match"] as? [String: Any])?["location"] as? String, "Specs/Hooks.swift:20")
        let after = try XCTUnwrap(steps[0]["after"] as? [[String: Any]])
        XCTAssertEqual((after[0]["match"] as? [String: Any])?["location"] as? String, "Specs/Hooks.swift:24")
        XCTAssertNil(steps[1]["before"])
        XCTAssertNil(elements[1]["before"], "step hooks are not scenario hooks")
    }

    func test_json_keepsFeatureBackgroundStepsInABackgroundElement() throws {
        let json = try JSONSerialization.jsonObject(with: Data(render(.json, sampleEnvelopes()).utf8)) as? [[String: Any]]
        let elements = try XCTUnwrap(json?[0]["elements"] as? [[String: Any]])
        XCTAssertEqual(
            elements.map { $0["type"] as? String },
            ["background", "scenario", "background", "scenario", "background", "scenario", "background", "scenario"])
        XCTAssertEqual((elements[0]["steps"] as? [[String: Any]])?.count, 1)
        XCTAssertEqual(elements[1]["id"] as? String, "quiz-answers;scoring;a-right-answer-scores")
        XCTAssertEqual(elements[5]["id"] as? String, "quiz-answers;guesses-of-<guess>;feedback;2")
        XCTAssertEqual(elements[5]["name"] as? String, "Guesses of 4")
    }

    func test_json_writesFeatureTagsWithTheirLocation() throws {
        let json = try JSONSerialization.jsonObject(with: Data(render(.json, sampleEnvelopes()).utf8)) as? [[String: Any]]
        let tags = try XCTUnwrap(json?[0]["tags"] as? [[String: Any]])
        XCTAssertEqual(tags.first?["name"] as? String, "@quiz")
        XCTAssertEqual(tags.first?["type"] as? String, "Tag")
        XCTAssertEqual((tags.first?["location"] as? [String: Any])?["line"] as? Int, 1)
    }

    func test_json_writesAnEmptyArrayOnARunWithoutTestCases() throws {
        XCTAssertEqual(try render(.json, []).trimmingCharacters(in: .whitespacesAndNewlines), "[]")
    }

    func test_junit_usesTheMessageAsBodyOnAFailureWithoutException() throws {
        let result = TestStepResult(duration: Duration(seconds: 0, nanos: 0), message: "it broke", status: .failed, exception: nil)
        var envelopes = try sampleEnvelopes()
        for (offset, envelope) in envelopes.enumerated() {
            guard var finished = envelope.testStepFinished, finished.testStepResult.status == .failed else { continue }
            finished.testStepResult = result
            envelopes[offset] = Envelope(testStepFinished: finished)
        }
        let xml = try render(.junit, envelopes)
        XCTAssertTrue(xml.contains("<failure>\n<![CDATA[it broke]]>\n</failure>"), xml)
    }
}
