import XCTest

@testable import SpecRun

/// Numbers out of range are refused in one line (or clamped with one), never a trap in a worker.
final class CommandLineLimitsTests: XCTestCase {
    func test_parse_refusesInOneLineATimeoutWhoseNanosecondsDoNotFit() {
        XCTAssertThrowsError(try CommandLineParser.parse(["--timeout", "99999999999"])) { error in
            XCTAssertEqual(
                (error as? UsageError)?.message,
                "--timeout 99999999999: at most 31536000 s (a year); give 0 for no timeout")
        }
    }

    func test_parse_acceptsATimeoutOfAYear() throws {
        guard case .run(let options) = try CommandLineParser.parse(["--timeout", "31536000"]) else { return XCTFail("not a run") }
        XCTAssertEqual(options.timeout, 31_536_000)
    }

    func test_parse_refusesInOneLineAHugeRetryCount() {
        XCTAssertThrowsError(try CommandLineParser.parse(["--retry", "9223372036854775807"])) { error in
            XCTAssertEqual((error as? UsageError)?.message, "--retry 9223372036854775807: at most 1000 attempts more per scenario")
        }
    }

    func test_parse_refusesInOneLineANegativeOrZeroWorkerCount() {
        for text in ["0", "-1", "99999999999999999999999"] {
            XCTAssertThrowsError(try CommandLineParser.parse(["-j", text])) { error in
                XCTAssertTrue((error as? UsageError)?.message.hasPrefix("-j: expected a number of workers ≥ 1") ?? false, "\(error)")
            }
        }
    }

    func test_workerCount_capsAtFourACoreAndAtLeastEight() {
        XCTAssertEqual(RunCommand.workerCount(4096, cores: 2), 8)
        XCTAssertEqual(RunCommand.workerCount(3, cores: 2), 3)
        XCTAssertEqual(RunCommand.workerCount(40, cores: 16), 40)
        XCTAssertEqual(RunCommand.workerCount(100, cores: 16), 64)
    }
}
