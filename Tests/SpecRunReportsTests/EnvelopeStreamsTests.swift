import Foundation
import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

final class EnvelopeStreamsTests: XCTestCase {
    func test_merge_keepsBothRunsApartOnCollidingIds() throws {
        let run = try sampleEnvelopes()
        let merged = EnvelopeStreams.merge([run, run])
        // The same features ran twice with the same counter-based ids: the pickles are shared, the runs are not.
        XCTAssertEqual(merged.compactMap(\.pickle).count, 8)
        XCTAssertEqual(merged.compactMap(\.testCase).count, 16)
        XCTAssertEqual(Set(merged.compactMap(\.testCase?.id)).count, 16, "test case ids no longer collide")
        XCTAssertEqual(merged.compactMap(\.gherkinDocument).count, 2)
        XCTAssertEqual(merged.compactMap(\.stepDefinition).count, 11)
        let pickleIds = Set(merged.compactMap(\.pickle?.id))
        XCTAssertTrue(
            merged.compactMap(\.testCase).allSatisfy { pickleIds.contains($0.pickleId) }, "every test case points at a kept pickle")
    }

    func test_merge_addsTheScenariosOfDifferentShards() throws {
        let run = try sampleEnvelopes()
        let quizUri = "Features/quiz.feature"
        let quizPickles = Set(run.compactMap(\.pickle).filter { $0.uri == quizUri }.map(\.id))
        let quizCases = Set(run.compactMap(\.testCase).filter { quizPickles.contains($0.pickleId) }.map(\.id))
        // Shard 1 ran the quiz feature, shard 2 the chat feature; both streams carry every pickle.
        let shard1 = keepingTestCases(run) { quizCases.contains($0) }
        let shard2 = keepingTestCases(run) { !quizCases.contains($0) }
        let merged = EnvelopeStreams.merge([shard1, shard2])
        XCTAssertEqual(try render(.summary, merged), try render(.summary, run))
        XCTAssertTrue(
            try render(.summary, merged).contains("8 scenarios (2 failed, 1 ambiguous, 2 undefined, 1 pending, 1 skipped, 1 passed)"))
    }

    func test_merge_returnsASingleStreamUnchanged() throws {
        let run = try sampleEnvelopes()
        XCTAssertEqual(EnvelopeStreams.merge([run]), run)
    }

    func test_merge_givesEveryNestedIdOfEachStreamItsOwnPrefixOnStreamsWithTheSameIds() throws {
        let run = try sampleEnvelopes()
        let merged = EnvelopeStreams.merge([run, run])
        let stepIds = merged.compactMap(\.testCase).flatMap { $0.testSteps.map(\.id) }
        XCTAssertEqual(Set(stepIds).count, stepIds.count, "test step ids no longer collide")
        XCTAssertEqual(Set(merged.compactMap(\.testCaseStarted?.id)).count, merged.compactMap(\.testCaseStarted).count)
        let attempts = Set(merged.compactMap(\.testCaseStarted?.id))
        let steps = Set(stepIds)
        for finished in merged.compactMap(\.testStepFinished) {
            XCTAssertTrue(attempts.contains(finished.testCaseStartedId) && steps.contains(finished.testStepId), "\(finished)")
        }
        XCTAssertTrue(merged.compactMap(\.testCase).allSatisfy { $0.id.hasPrefix("s0.") || $0.id.hasPrefix("s1.") })
    }

    func test_merge_pointsReferencesToADroppedDuplicateAtTheKeptDefinition() throws {
        let run = try sampleEnvelopes()
        let merged = EnvelopeStreams.merge([run, run])
        let pickleSteps = Set(merged.compactMap(\.pickle).flatMap { $0.steps.map(\.id) })
        let definitions = Set(merged.compactMap(\.stepDefinition?.id))
        let hooks = Set(merged.compactMap(\.hook?.id))
        for step in merged.compactMap(\.testCase).flatMap(\.testSteps) {
            if let id = step.pickleStepId { XCTAssertTrue(pickleSteps.contains(id), id) }
            if let id = step.hookId { XCTAssertTrue(hooks.contains(id), id) }
            for id in step.stepDefinitionIds ?? [] { XCTAssertTrue(definitions.contains(id), id) }
        }
        for suggestion in merged.compactMap(\.suggestion) { XCTAssertTrue(pickleSteps.contains(suggestion.pickleStepId)) }
        XCTAssertEqual(merged.compactMap(\.testRunStarted).count, 1)
        XCTAssertEqual(merged.compactMap(\.meta).count, 1)
        let finished = try XCTUnwrap(merged.last?.testRunFinished)
        XCTAssertEqual(finished.testRunStartedId, merged.compactMap(\.testRunStarted).first?.id)
    }

    func test_merge_closesAStreamThatEndsBeforeTestRunFinishedAndMarksTheRunUnsuccessful() throws {
        let run = try sampleEnvelopes()
        let cut = try XCTUnwrap(run.lastIndex { $0.testStepStarted != nil })
        let merged = EnvelopeStreams.merge([Array(run[...cut])], names: ["killed.ndjson"])
        let finished = try XCTUnwrap(merged.last?.testRunFinished)
        XCTAssertFalse(finished.success)
        XCTAssertEqual(finished.message, "killed.ndjson: the run ended before testRunFinished (file truncated?)")
        let running = try XCTUnwrap(run[cut].testStepStarted)
        let closed = try XCTUnwrap(merged.compactMap(\.testStepFinished).last)
        XCTAssertEqual(closed.testStepId, running.testStepId)
        XCTAssertEqual(closed.testStepResult.status, .failed)
        XCTAssertEqual(merged.compactMap(\.testCaseFinished).last?.testCaseStartedId, running.testCaseStartedId)
    }

    func test_endStream_marksTheRunUnsuccessfulOnAStreamCutShortBeforeItsRunStarted() throws {
        let run = try sampleEnvelopes()
        let prelude = run.prefix { $0.testRunStarted == nil }
        var merger = EnvelopeStreamMerger(streamCount: 2)
        var merged: [Envelope] = []
        merger.beginStream(name: "whole.ndjson")
        for envelope in run { merger.add(envelope) { merged.append($0) } }
        merger.endStream { merged.append($0) }
        merger.beginStream(name: "broken.ndjson")
        for envelope in prelude.dropLast() { merger.add(envelope) { merged.append($0) } }
        merger.endStream(cutShort: true) { merged.append($0) }
        merger.finish { merged.append($0) }
        let finished = try XCTUnwrap(merged.last?.testRunFinished)
        XCTAssertFalse(finished.success)
        XCTAssertEqual(finished.message, "broken.ndjson: the run ended before testRunFinished (file truncated?)")
        XCTAssertEqual(merger.incompleteStreams.count, 1)
    }

    func test_merge_keepsAnOutlinesLookalikePicklesApartWithinOneStream() throws {
        let pickle = Pickle(
            id: "p1", uri: "f.feature", name: "rows", language: "en",
            steps: [PickleStep(astNodeIds: ["a"], id: "ps1", text: "x")], tags: [], astNodeIds: ["s"])
        var twin = pickle
        twin.id = "p2"
        twin.steps[0].id = "ps2"
        let stream = [Envelope(pickle: pickle), Envelope(pickle: twin)]
        let merged = EnvelopeStreams.merge([stream, stream])
        XCTAssertEqual(merged.compactMap(\.pickle?.id), ["s0.p1", "s0.p2"])
    }

    func test_merge_keepsADefinitionRegisteredTwiceWithinOneStreamTwice() throws {
        // One shared step function called by two libraries: the same pattern and line, two ids (a serial run's stream).
        let place = SourceReference(uri: "Specs/Shared.swift", location: Location(line: 11))
        let pattern = StepDefinitionPattern(source: "the {string} endpoint answers", type: .cucumberExpression)
        let stream = [
            Envelope(stepDefinition: StepDefinition(id: "d1", pattern: pattern, sourceReference: place)),
            Envelope(stepDefinition: StepDefinition(id: "d2", pattern: pattern, sourceReference: place)),
        ]
        let merged = EnvelopeStreams.merge([stream, stream])
        XCTAssertEqual(merged.compactMap(\.stepDefinition?.id), ["s0.d1", "s0.d2"])
    }

    private func keepingTestCases(_ run: [Envelope], _ keep: (String) -> Bool) -> [Envelope] {
        var startedKept: Set<String> = []
        return run.filter { envelope in
            if let started = envelope.testCaseStarted {
                if keep(started.testCaseId) { startedKept.insert(started.id); return true }
                return false
            }
            if let testCase = envelope.testCase { return keep(testCase.id) }
            let attempt =
                envelope.testStepStarted?.testCaseStartedId ?? envelope.testStepFinished?.testCaseStartedId
                ?? envelope.testCaseFinished?.testCaseStartedId ?? envelope.attachment?.testCaseStartedId
            if let attempt { return startedKept.contains(attempt) }
            return true
        }
    }
}
