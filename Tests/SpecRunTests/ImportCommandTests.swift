import Foundation
import XCTest

@testable import SpecRun

final class ImportCommandTests: XCTestCase {
    func test_import_writesADraftFeaturePerStoryTaggedWithTheCriteriaOnAStoryDocument() async throws {
        let (folder, console) = try makeSUT()

        let code = await SpecRunCLI.run(["import", folder + "/shop.md", "--output", folder + "/drafts"], libraries: [], console: console)

        XCTAssertEqual(code, 0, console.stderr)
        let text = try String(contentsOfFile: folder + "/drafts/shop-st-1.feature", encoding: .utf8)
        XCTAssertTrue(text.contains("@SHOP-ST-1 @shop\nFeature: Buying\n"), text)
        XCTAssertTrue(
            text.contains("  @SHOP-ST-1-AC-1\n  Scenario: it works\n    Given a passing step\n    When it runs\n    Then it works\n"), text)
        XCTAssertTrue(console.stdout.contains("1 draft feature(s) written"), console.stdout)
    }

    func test_import_leavesTheFileAsItIsOnAnExistingDraft() async throws {
        let (folder, console) = try makeSUT()
        try FileManager.default.createDirectory(atPath: folder + "/drafts", withIntermediateDirectories: true)
        try "mine".write(toFile: folder + "/drafts/shop-st-1.feature", atomically: true, encoding: .utf8)

        _ = await SpecRunCLI.run(["import", folder + "/shop.md", "--output", folder + "/drafts"], libraries: [], console: console)

        XCTAssertEqual(try String(contentsOfFile: folder + "/drafts/shop-st-1.feature", encoding: .utf8), "mine")
        XCTAssertTrue(console.stderr.contains("shop-st-1.feature exists, left as it is"), console.stderr)
    }

    func test_import_exitsWithTwoNamingTheDocumentOnADocumentWithoutCriteria() async throws {
        let (folder, console) = try makeSUT()
        try "# Notes\n\nNothing to prove.\n".write(toFile: folder + "/notes.md", atomically: true, encoding: .utf8)

        let code = await SpecRunCLI.run(["import", folder + "/notes.md"], libraries: [], console: console)

        XCTAssertEqual(code, 2)
        XCTAssertTrue(console.stderr.contains("notes.md:1: warning: \(folder)/notes.md has no acceptance criteria"), console.stderr)
    }

    func test_import_exitsTwoNamingTheFIFOAndWhatToGiveOnADocumentThatIsAFIFO() async throws {
        let (folder, console) = try makeSUT()
        XCTAssertEqual(mkfifo(folder + "/pipe.md", 0o600), 0)

        let code = await SpecRunCLI.run(["import", folder + "/pipe.md"], libraries: [], console: console)

        XCTAssertEqual(code, 2)
        XCTAssertEqual(
            console.stderr,
            "specrun import: \(folder)/pipe.md:1:1: cannot read the document (it is a FIFO, not a file; give the story document itself)\n")
    }

    private func makeSUT() throws -> (String, SpyConsole) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        try
            "# Shop\n\nTags: @shop\n\n### Story: Buying\n\n```\nScenario: it works\nGiven a passing step\nWhen it runs\nThen it works\n```\n"
            .write(to: folder.appendingPathComponent("shop.md"), atomically: true, encoding: .utf8)
        return (folder.path, SpyConsole())
    }
}
