import Foundation
import Messages
import XCTest
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
        XCTAssertTrue(merged.compactMap(\.testCase).allSatisfy { pickleIds.contains($0.pickleId) }, "every test case points at a kept pickle")
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
        XCTAssertTrue(try render(.summary, merged).contains("8 scenarios (1 passed, 2 failed, 2 undefined, 1 pending, 1 ambiguous, 1 skipped)"))
    }

    func test_merge_returnsASingleStreamUnchanged() throws {
        let run = try sampleEnvelopes()
        XCTAssertEqual(EnvelopeStreams.merge([run]), run)
    }

    private func keepingTestCases(_ run: [Envelope], _ keep: (String) -> Bool) -> [Envelope] {
        var startedKept: Set<String> = []
        return run.filter { envelope in
            if let started = envelope.testCaseStarted {
                if keep(started.testCaseId) { startedKept.insert(started.id); return true }
                return false
            }
            if let testCase = envelope.testCase { return keep(testCase.id) }
            let attempt = envelope.testStepStarted?.testCaseStartedId ?? envelope.testStepFinished?.testCaseStartedId
                ?? envelope.testCaseFinished?.testCaseStartedId ?? envelope.attachment?.testCaseStartedId
            if let attempt { return startedKept.contains(attempt) }
            return true
        }
    }
}
