import Foundation
import Messages
import XCTest
@testable import SpecRunReports

/// `start_timestamp` as cucumber-jvm's JsonFormatter writes it (`DateTimeFormatter.ISO_DATE_TIME` in UTC): as many
/// fraction digits as the instant needs. A real run's clock has microseconds; the CCK's fake clock whole milliseconds.
final class CucumberJSONTimestampTests: XCTestCase {
    func test_javaDateTime_writesNoFractionOnAWholeSecond() {
        XCTAssertEqual(ISOTime.javaDateTime(0), "1970-01-01T00:00:00Z")
        XCTAssertEqual(ISOTime.javaDateTime(1_752_846_333 * 1_000_000_000), "2025-07-18T13:45:33Z")
    }

    func test_javaDateTime_dropsTrailingZerosOfTheFractionOnMillisecondsAndMicroseconds() {
        XCTAssertEqual(ISOTime.javaDateTime(1_000_000), "1970-01-01T00:00:00.001Z")
        XCTAssertEqual(ISOTime.javaDateTime(500_000_000), "1970-01-01T00:00:00.5Z")
        XCTAssertEqual(ISOTime.javaDateTime(10_000_000), "1970-01-01T00:00:00.01Z")
        XCTAssertEqual(ISOTime.javaDateTime(1_752_846_333 * 1_000_000_000 + 541_296_000), "2025-07-18T13:45:33.541296Z")
        XCTAssertEqual(ISOTime.javaDateTime(123_456_789), "1970-01-01T00:00:00.123456789Z")
    }

    func test_json_writesTheStartTimestampWithItsMicrosecondsOnARealClock() throws {
        var run = RunStream()
        let feature = run.feature("features/a.feature", "A")
        run.scenario(feature, "one", [("a step", .one, .passed())])
        let envelopes = run.envelopes().map { envelope -> Envelope in
            guard var started = envelope.testCaseStarted else { return envelope }
            started.timestamp = Timestamp(seconds: 1_752_846_333, nanos: 541_296_000)
            return Envelope(testCaseStarted: started)
        }

        let json = try XCTUnwrap(parseJSON(render(.json, envelopes)) as? [[String: Any]])

        let scenario = try XCTUnwrap((json.first?["elements"] as? [[String: Any]])?.first)
        XCTAssertEqual(scenario["start_timestamp"] as? String, "2025-07-18T13:45:33.541296Z")
    }
}
