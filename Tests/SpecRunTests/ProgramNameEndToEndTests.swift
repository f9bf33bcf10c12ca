import Foundation
import XCTest

/// A user's spec executable (here the fixture) names itself in its messages, as its help does; `specrun` says
/// `specrun`.
final class ProgramNameEndToEndTests: XCTestCase {
    func test_messages_nameTheUsersExecutableNotSpecrunOnItsErrors() throws {
        let (fixture, folder) = try makeSUT()

        let report = try runProcess(fixture, ["report", "\(folder)/missing.ndjson"])
        let watch = try runProcess(fixture, ["watch", "\(folder)/nope"])
        let rerun = try runProcess(fixture, ["@\(folder)/rerun.txt"])

        XCTAssertEqual(report.status, 2)
        XCTAssertTrue(report.stderr.hasPrefix("specrun-crash-fixture: \(folder)/missing.ndjson: no such file"), report.stderr)
        XCTAssertEqual(watch.status, 2)
        XCTAssertTrue(watch.stderr.hasPrefix("specrun-crash-fixture watch: no such file or folder"), watch.stderr)
        XCTAssertTrue(rerun.stderr.hasPrefix("specrun-crash-fixture: nothing to rerun"), rerun.stderr)
        XCTAssertFalse((report.stderr + watch.stderr + rerun.stderr).contains("specrun:"))
    }

    func test_messages_sayTheNameSpecrunOnTheSpecrunExecutable() throws {
        let (fixture, folder) = try makeSUT()
        let specrun = fixture.deletingLastPathComponent().appendingPathComponent("specrun")
        guard FileManager.default.isExecutableFile(atPath: specrun.path) else { throw XCTSkip("specrun is not built beside the fixture") }

        let report = try runProcess(specrun, ["report", "\(folder)/missing.ndjson"])

        XCTAssertTrue(report.stderr.hasPrefix("specrun: \(folder)/missing.ndjson: no such file"), report.stderr)
    }

    /// The fixture executable and a folder with an empty rerun file.
    private func makeSUT() throws -> (URL, String) {
        (try fixtureExecutable(), try makeFixtureFeatures(["rerun.txt": ""]))
    }
}
