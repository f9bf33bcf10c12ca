import Foundation
import Messages
import SpecRunReportCore
import SpecRunReports
import XCTest

@testable import SpecRun

final class RequirementsRunTests: XCTestCase {
    func test_run_carriesTheCriteriaRightAfterTestRunStartedOnARequirementsFolder() async throws {
        let (folder, console) = try makeSUT()

        let code = await SpecRunCLI.run(
            [
                folder + "/Features", "--requirements", folder + "/Requirements", "--no-isolation",
                "--format", "message:\(folder)/m.ndjson", "--format", "requirements",
            ],
            libraries: [CLITestSteps.self], console: console)

        XCTAssertEqual(code, 1, console.stderr)
        let envelopes = try NDJSON.decode(String(contentsOfFile: folder + "/m.ndjson", encoding: .utf8), uri: "m.ndjson")
        let started = try XCTUnwrap(envelopes.firstIndex { $0.testRunStarted != nil })
        let attachment = try XCTUnwrap(envelopes[started + 1].attachment)
        XCTAssertEqual(attachment.mediaType, "application/vnd.specrun.requirements+json")
        XCTAssertEqual(attachment.fileName, "requirements.json")
        XCTAssertEqual(attachment.contentEncoding, .identity)
        XCTAssertEqual(attachment.testRunStartedId, envelopes[started].testRunStarted?.id)
        XCTAssertEqual(envelopes.filter(RequirementsAttachment.isRequirements).count, 1)
        XCTAssertTrue(console.stdout.contains("**1 of 3 criteria proven (33%)** · 1 failing · 1 without a scenario"), console.stdout)
        XCTAssertTrue(console.stdout.contains("| SHOP-ST-1-AC-2 | it breaks | ❌ failing |"), console.stdout)
    }

    func test_report_rebuildsTheCoverageOnceOnMergedShards() async throws {
        let (folder, console) = try makeSUT()
        for shard in 1...2 {
            _ = await SpecRunCLI.run(
                [
                    folder + "/Features", "--requirements", folder + "/Requirements", "--no-isolation",
                    "--shard", "\(shard)/2", "--format", "message:\(folder)/s\(shard).ndjson",
                ],
                libraries: [CLITestSteps.self], console: SpyConsole())
        }

        let code = await SpecRunCLI.run(
            ["report", folder + "/s1.ndjson", folder + "/s2.ndjson", "--format", "requirements-json"],
            libraries: [CLITestSteps.self], console: console)

        XCTAssertEqual(code, 0, console.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(console.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["total"] as? Int, 3)
        XCTAssertEqual(json["proven"] as? Int, 1)
    }

    func test_run_reportsBothStoriesAndWarnsNamingBothDocumentsOnTwoDocumentsGivingOneDocumentId() async throws {
        let (folder, console) = try makeSUT()
        try "# Shop too\nDocument Id: SHOP\n\n```\n@SHOP-TOO-1\nGiven a passing step\nThen it works too\n```\n"
            .write(toFile: folder + "/Requirements/too.md", atomically: true, encoding: .utf8)

        _ = await SpecRunCLI.run(
            [folder + "/Features", "--requirements", folder + "/Requirements", "--no-isolation", "--format", "requirements"],
            libraries: [CLITestSteps.self], console: console)

        XCTAssertTrue(console.stdout.contains("## SHOP-ST-1: Buying\n"), console.stdout)
        XCTAssertTrue(console.stdout.contains("## SHOP-ST-1: Shop too\n"), console.stdout)
        XCTAssertTrue(console.stdout.contains("| SHOP-TOO-1 | it works too |"), console.stdout)
        XCTAssertTrue(
            console.stderr.contains(
                "/Requirements/too.md:2:14: warning: Document Id SHOP is also \(folder)/Requirements/shop.md's (from its file name)"),
            console.stderr)
    }

    func test_run_failsWithOneLineOnAMissingRequirementsFolder() async throws {
        let (folder, console) = try makeSUT()

        let code = await SpecRunCLI.run(
            [folder + "/Features", "--requirements", "/no/such/folder"], libraries: [CLITestSteps.self],
            console: console)

        XCTAssertEqual(code, 2)
        XCTAssertTrue(
            console.stderr.hasPrefix(
                "specrun: --requirements: /no/such/folder: no such folder (give --requirements an existing folder of story documents)\n"),
            console.stderr)
    }

    func test_run_exitsTwoNamingTheFIFOAndWhatToDoOnAStoryDocumentThatIsAFIFO() async throws {
        let (folder, console) = try makeSUT()
        XCTAssertEqual(mkfifo(folder + "/Requirements/pipe.md", 0o600), 0)

        let code = await SpecRunCLI.run(
            [folder + "/Features", "--requirements", folder + "/Requirements"], libraries: [CLITestSteps.self], console: console)

        XCTAssertEqual(code, 2)
        XCTAssertTrue(
            console.stderr.hasPrefix(
                "specrun: --requirements: \(folder)/Requirements/pipe.md:1:1: cannot read the document (it is a FIFO, not a file; "
                    + "put the story document itself in its place, or move it out of the folder)\n"),
            console.stderr)
        XCTAssertFalse(console.stderr.contains("ermission"), console.stderr)
    }

    func test_run_readsTheDocumentsInItOnAFolderNamedAsAStoryDocument() async throws {
        let (folder, console) = try makeSUT()
        try FileManager.default.createDirectory(atPath: folder + "/Requirements/more.md", withIntermediateDirectories: true)
        try "# More\n\n### Story: Paying\n\n```\nGiven a passing step\nThen it works\n```\n"
            .write(toFile: folder + "/Requirements/more.md/pay.md", atomically: true, encoding: .utf8)

        let code = await SpecRunCLI.run(
            [folder + "/Features", "--requirements", folder + "/Requirements", "--format", "requirements-json:\(folder)/r.json"],
            libraries: [CLITestSteps.self], console: console)

        XCTAssertEqual(code, 1, "the run's own failing scenario: \(console.stderr)")
        XCTAssertFalse(console.stderr.contains("directory"), console.stderr)
        XCTAssertTrue(try String(contentsOfFile: folder + "/r.json", encoding: .utf8).contains("more.md/pay.md"), console.stderr)
    }

    func test_config_passesTheFolderOnARequirementsKeyInAProfile() throws {
        let config = ConfigFile(path: "specrun.json", text: #"{"default": {"requirements": "Docs/Stories"}}"#)

        XCTAssertEqual(try config.arguments(profiles: [], userArguments: []), ["--requirements", "Docs/Stories"])
    }

    // MARK: - Helpers

    /// A story of three criteria: the first proven, the second failing, the third without a scenario.
    private func makeSUT() throws -> (folder: String, console: SpyConsole) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-requirements-\(UUID().uuidString)")
        let fm = FileManager.default
        try fm.createDirectory(at: folder.appendingPathComponent("Features"), withIntermediateDirectories: true)
        try fm.createDirectory(at: folder.appendingPathComponent("Requirements"), withIntermediateDirectories: true)
        addTeardownBlock { try? fm.removeItem(at: folder) }
        try """
        Feature: Shop
          @SHOP-ST-1-AC-1
          Scenario: works
            Given a passing step
          @SHOP-ST-1-AC-2
          Scenario: breaks
            Given a failing step
        """.write(to: folder.appendingPathComponent("Features/shop.feature"), atomically: true, encoding: .utf8)
        try """
        # Shop

        ### Story: Buying

        ```
        Given a passing step
        When it runs
        Then it works

        Scenario: it breaks
        Given a failing step
        When it runs
        Then it fails

        Given nothing
        When nobody wrote it
        Then it has no scenario
        ```
        """.write(to: folder.appendingPathComponent("Requirements/shop.md"), atomically: true, encoding: .utf8)
        return (folder.path, SpyConsole())
    }
}
