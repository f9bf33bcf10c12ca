import Foundation
import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// The release gate: criteria marked must or should (a document's `Must:` / `Should:` lines, carried in the
/// requirements attachment as `gate`; a scenario's `@must` / `@should` tags). The run (`SyntheticRun`): STORY-0-AC-4
/// failing, STORY-0-AC-0 proven, STORY-0-AC-9 without a scenario.
final class ReleaseGateTests: XCTestCase {
    func test_gate_isNilAndTheVerdictTodaysWithoutMarks() throws {
        let envelopes = makeSUT(gates: [:])

        XCTAssertNil(ReleaseGate(coverage: RequirementsCoverage.make(from: envelopes)))
        let summary = try render(.summary, envelopes)
        XCTAssertFalse(summary.contains("Blocked") || summary.contains("Shippable"), summary)
        XCTAssertTrue(try render(.html, envelopes).contains("<strong>Not ready to ship: </strong>"))
    }

    func test_gate_isBlockedOnAFailingMustCriterion() throws {
        let gate = try XCTUnwrap(ReleaseGate(coverage: RequirementsCoverage.make(from: makeSUT(gates: ["STORY-0-AC-4": "must"]))))

        XCTAssertTrue(gate.blocked)
        XCTAssertEqual(gate.verdict, "Blocked: 1 must criterion failing (STORY-0-AC-4)")
    }

    func test_gate_isShippableWithOnlyShouldCriteriaFailing() throws {
        let coverage = RequirementsCoverage.make(from: makeSUT(gates: ["STORY-0-AC-4": "should", "STORY-0-AC-0": "must"]))
        let gate = try XCTUnwrap(ReleaseGate(coverage: coverage))

        XCTAssertFalse(gate.blocked)
        XCTAssertEqual(gate.verdict, "Shippable: 1 should-criterion failing (STORY-0-AC-4)")
    }

    func test_gate_countsAMustCriterionWithoutAProvingScenarioAsFailing() throws {
        let gate = try XCTUnwrap(ReleaseGate(coverage: RequirementsCoverage.make(from: makeSUT(gates: ["STORY-0-AC-9": "must"]))))

        XCTAssertEqual(gate.verdict, "Blocked: 1 must criterion failing (STORY-0-AC-9)")
    }

    func test_gate_readsTheMustTagOfAScenarioCarryingTheCriterion() throws {
        let envelopes = makeSUT(gates: [:]).map { envelope -> Envelope in
            guard var pickle = envelope.pickle, pickle.tags.contains(where: { $0.name == "@STORY-0-AC-4" }) else { return envelope }
            pickle.tags.append(PickleTag(name: "@must", astNodeId: "x"))
            var tagged = envelope
            tagged.pickle = pickle
            return tagged
        }

        let gate = try XCTUnwrap(ReleaseGate(coverage: RequirementsCoverage.make(from: envelopes)))

        XCTAssertEqual(gate.mustFailing, ["STORY-0-AC-4"])
    }

    func test_summaryAndHTML_sayTheGatesVerdict() throws {
        let envelopes = makeSUT(gates: ["STORY-0-AC-4": "must"])

        XCTAssertTrue(try render(.summary, envelopes).contains("\nBlocked: 1 must criterion failing (STORY-0-AC-4)\n"))
        let html = try render(.html, envelopes)
        XCTAssertTrue(html.contains("<strong>Blocked: </strong>1 must criterion failing (STORY-0-AC-4)</p>"), "the first screen")
        XCTAssertFalse(html.contains("<strong>Not ready to ship: </strong>"), "the gate's verdict replaces it")
        XCTAssertTrue(html.contains(#""gate":"Blocked: 1 must criterion failing (STORY-0-AC-4)","blocked":true"#), "the data")
    }

    func test_requirementsJSON_carriesTheMarkOfAMarkedCriterionOnly() throws {
        let json = try render(.requirementsJSON, makeSUT(gates: ["STORY-0-AC-4": "must"]))

        XCTAssertEqual(json.components(separatedBy: #""gate""#).count - 1, 1, json)
        XCTAssertFalse(try render(.requirementsJSON, makeSUT(gates: [:])).contains(#""gate""#))
    }

    // MARK: - Helpers

    /// `SyntheticRun`'s 50 scenarios (scenario s tagged `@STORY-0-AC-<s % 5>`, every 10th failing) with three
    /// criteria, some marked.
    private func makeSUT(gates: [String: String]) -> [Envelope] {
        var envelopes = SyntheticRun.envelopes(scenarios: 50)
        func criterion(_ id: String, _ line: Int) -> String {
            #"{"id":"\#(id)","title":"\#(id)","type":"","given":[],"when":[],"then":[],"uri":"Requirements/a.md","line":\#(line),"derived":false"#
                + (gates[id].map { #","gate":"\#($0)""# } ?? "") + "}"
        }
        let body =
            #"{"version":1,"stories":[{"id":"STORY-0","title":"A story","uri":"Requirements/a.md","line":1,"criteria":["#
            + [criterion("STORY-0-AC-4", 3), criterion("STORY-0-AC-0", 9), criterion("STORY-0-AC-9", 12)].joined(separator: ",")
            + "]}]}"
        let started = envelopes.firstIndex { $0.testRunStarted != nil }!
        envelopes.insert(RequirementsAttachment.envelope(body: body, testRunStartedId: "run"), at: started + 1)
        return envelopes
    }
}
