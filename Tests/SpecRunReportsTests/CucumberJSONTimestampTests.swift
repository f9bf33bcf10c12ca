import Foundation
import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// `start_timestamp` as cucumber-jvm and cucumber-json-formatter write it: ISO-8601 UTC with exactly three digits of
/// milliseconds (`…57.950Z`), whatever the clock's resolution. A real run's clock has nanoseconds; the official
/// recordings' fake clock whole milliseconds, so the official cases are also replayed here with a real clock's
/// sub-millisecond digits added: the expected files must still come out byte-for-field equal, unnormalised.
final class CucumberJSONTimestampTests: XCTestCase {
    func test_json_writesTheStartTimestampInMillisecondsOnARealClock() throws {
        let scenario = try firstScenario(startedAt: Timestamp(seconds: 1_752_846_357, nanos: 950_584_433))
        XCTAssertEqual(scenario["start_timestamp"] as? String, "2025-07-18T13:45:57.950Z")
    }

    func test_json_keepsThreeFractionDigitsOnAWholeSecond() throws {
        let scenario = try firstScenario(startedAt: Timestamp(seconds: 1_752_846_357, nanos: 0))
        XCTAssertEqual(scenario["start_timestamp"] as? String, "2025-07-18T13:45:57.000Z")
    }

    func test_json_equalsEveryOfficialCaseUnnormalisedOnARealClocksSubMillisecondDigits() throws {
        let folder = try sharedFolder().appendingPathComponent("reference/formatters/cucumber-json")
        let inputs = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(".ndjson") }.sorted { $0.path < $1.path }
        XCTAssertFalse(inputs.isEmpty, "no official case in \(folder.path)")
        var compared = 0
        for ndjson in inputs {
            let expected = ndjson.appendingPathExtension("jvm.json")
            guard FileManager.default.fileExists(atPath: expected.path) else { continue }
            let envelopes = try loadEnvelopes(ndjson).map(Self.withSubMillisecondDigits)
            let actual = try JSONSerialization.jsonObject(with: Data(render(.json, envelopes).utf8)) as? NSArray
            let wanted = try JSONSerialization.jsonObject(with: Data(contentsOf: expected)) as? NSArray
            XCTAssertEqual(actual, wanted, "\(ndjson.lastPathComponent): differs from \(expected.lastPathComponent)")
            compared += 1
        }
        XCTAssertGreaterThan(compared, 0)
    }

    /// What a real clock adds to the recorded whole milliseconds: 584,433 ns that no formatter writes.
    private static func withSubMillisecondDigits(_ envelope: Envelope) -> Envelope {
        guard var started = envelope.testCaseStarted else { return envelope }
        started.timestamp = Timestamp(seconds: started.timestamp.seconds, nanos: started.timestamp.nanos + 584_433)
        return Envelope(testCaseStarted: started)
    }

    private func firstScenario(startedAt timestamp: Timestamp) throws -> [String: Any] {
        var run = RunStream()
        let feature = run.feature("features/a.feature", "A")
        run.scenario(feature, "one", [("a step", .one, .passed())])
        let envelopes = run.envelopes().map { envelope -> Envelope in
            guard var started = envelope.testCaseStarted else { return envelope }
            started.timestamp = timestamp
            return Envelope(testCaseStarted: started)
        }
        let json = try XCTUnwrap(parseJSON(render(.json, envelopes)) as? [[String: Any]])
        return try XCTUnwrap((json.first?["elements"] as? [[String: Any]])?.first)
    }
}
