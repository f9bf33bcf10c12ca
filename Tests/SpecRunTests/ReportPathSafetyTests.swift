import Foundation
import XCTest

@testable import SpecRun
@testable import SpecRunReportCore
@testable import SpecRunReports

/// Report files are created without following a symlink another user planted in a shared sticky folder, and
/// with a temporary file that is always new (never a link planted under its name).
final class ReportPathSafetyTests: XCTestCase {
    func test_run_refusesAReportPathThatIsAnotherUsersLinkInAStickyFolderAndLeavesItsTargetAlone() async throws {
        guard geteuid() == 0 else { throw XCTSkip("needs root to give a link to another user (lchown); the rule itself is tested below") }
        let (shared, victim) = try makeSharedFolderAndVictim()
        let link = "\(shared)/junit.xml"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
        XCTAssertEqual(lchown(link, 65534, 65534), 0)
        try "Feature: F\n  Scenario: S\n    Given a passing step\n".write(
            toFile: "\(shared)/../a.feature", atomically: true, encoding: .utf8)

        let console = SpyConsole()
        let code = await SpecRunCLI.run(
            ["\(shared)/../a.feature", "--no-isolation", "--format", "junit:\(link)"],
            libraries: [CLITestSteps.self], console: console)

        XCTAssertEqual(code, 2, console.stderr)
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "precious\n", "the link's target is untouched")
        XCTAssertEqual(console.stderr.components(separatedBy: "owned by another user").count - 1, 1, console.stderr)
    }

    func test_run_refusesAReportInAFolderThatCannotBeMadeBeforeAnyScenarioRuns() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-paths-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        try "Feature: F\n  Scenario: S\n    Given a passing step\n".write(toFile: "\(folder)/a.feature", atomically: true, encoding: .utf8)

        let console = SpyConsole()
        // (A file as a folder: no one can make it, root included.)
        let code = await SpecRunCLI.run(
            ["\(folder)/a.feature", "--no-isolation", "--format", "junit:/dev/null/reports/junit.xml"],
            libraries: [CLITestSteps.self], console: console)

        XCTAssertEqual(code, 2, console.stderr)
        XCTAssertTrue(console.stderr.contains("cannot write the junit report to /dev/null/reports/junit.xml"), console.stderr)
        XCTAssertFalse(console.stdout.contains("1 scenario"), "nothing ran: \(console.stdout)")
    }

    func test_untrustedLink_refusesALinkOfAnotherUserInAStickyWorldWritableFolderOnly() throws {
        let sticky = "/tmp"
        var info = stat()
        guard stat(sticky, &info) == 0, info.st_mode & S_ISVTX != 0, info.st_mode & S_IWOTH != 0 else {
            throw XCTSkip("/tmp is not a sticky world-writable folder here")
        }
        let link = "\(sticky)/specrun-link-\(UUID().uuidString)"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/nonexistent")
        defer { unlink(link) }
        let me = geteuid()
        let stranger: uid_t = me == 4242 ? 4243 : 4242

        XCTAssertNoThrow(try UntrustedLink.check(link, userId: me), "our own link is followed")
        if info.st_uid != me {
            XCTAssertThrowsError(try UntrustedLink.check(link, userId: stranger), "seen by another user, our link is theirs to refuse")
        }
        let (ownFolder, _) = try makeSharedFolderAndVictim()
        chmod(ownFolder, 0o755)
        let inOwnFolder = "\(ownFolder)/link"
        try FileManager.default.createSymbolicLink(atPath: inOwnFolder, withDestinationPath: "/nonexistent")
        XCTAssertNoThrow(try UntrustedLink.check(inOwnFolder, userId: stranger), "a folder that is not shared: links are followed")
    }

    private func makeSharedFolderAndVictim() throws -> (String, String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-paths-\(UUID().uuidString)").path
        let shared = "\(root)/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        chmod(shared, 0o1777)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        let victim = "\(root)/victim.txt"
        try "precious\n".write(toFile: victim, atomically: true, encoding: .utf8)
        return (shared, victim)
    }
}
