import Foundation
import Messages
import XCTest

/// `--format message:/dev/stdout` (or `/dev/fd/1`, `/proc/self/fd/1`) is the stream on stdout, as `--format
/// message`: nothing after it. Found by a hostile sweep: the path was not counted as stdout, so the default summary was
/// printed after the stream and a reader of stdout met "3 scenarios (3 passed)" as its last line.
final class MessageOnStdoutPathEndToEndTests: XCTestCase {
    func test_run_writesOnlyTheStreamToStdoutOnAMessageReportWhosePathIsStdout() throws {
        let executable = try fixtureExecutable()
        let folder = try makeFixtureFeatures(betweenPassingScenarios("Given a passing step"))
        for path in ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"] {
            let run = try runProcess(executable, [folder, "--format", "message:\(path)"])

            XCTAssertEqual(run.status, 0, "\(path): \(run.stderr)")
            let stream = try NDJSON.decode(Data(run.stdout.utf8))
            XCTAssertEqual(stream.compactMap(\.testCaseFinished).count, 3, path)
            XCTAssertEqual(stream.last?.testRunFinished?.success, true, "\(path): the stream ends stdout")
            XCTAssertFalse(run.stderr.contains("scenarios"), "\(path): no summary, as for --format message: \(run.stderr)")
        }
    }
}
