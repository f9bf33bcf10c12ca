import Foundation
import Messages
import XCTest

@testable import SpecRun

enum ShopDocumentSteps: StepLibrary {
    static func register(_ steps: inout Steps<CLITestWorld>) {
        steps.given("the basket is empty") { _ in }
        steps.when("the customer adds {int} apples") { (_, _: Int) in }
        steps.then("the basket holds {int} apples") { (_, count: Int) in try expect(count, equals: 2) }
    }
}

final class DocumentRunTests: XCTestCase {
    func test_run_runsTheBlocksAtTheirLinesWithLenientKeywordsOnAStoryDocument() async throws {
        let (folder, console) = try makeSUT()

        let code = await SpecRunCLI.run(
            [
                folder + "/shop.md", "--no-isolation", "--no-requirements", "--format", "message:\(folder)/m.ndjson",
                "--format", "summary",
            ], libraries: [ShopDocumentSteps.self], console: console)

        XCTAssertEqual(code, 1, console.stderr)
        XCTAssertTrue(console.stderr.contains("shop.md:6: warning: 'Giving' read as 'Given' (write 'Given')"), console.stderr)
        let envelopes = try NDJSON.decode(String(contentsOfFile: folder + "/m.ndjson", encoding: .utf8), uri: "m")
        let pickles = envelopes.compactMap(\.pickle)
        XCTAssertEqual(pickles.map { $0.location?.line }, [6, 10, 14])
        XCTAssertEqual(pickles.map(\.uri), Array(repeating: folder + "/shop.md", count: 3))
        XCTAssertEqual(pickles[0].tags.map(\.name), ["@shop", "@SHOP-ST-1", "@SHOP-ST-1-AC-1"])
        let steps = envelopes.compactMap(\.gherkinDocument).first?.feature?.children.first?.rule?.children.first?.scenario?.steps
        XCTAssertEqual(steps?.map(\.location.line), [6, 7, 8])
        XCTAssertTrue(console.stdout.contains("3 scenarios (1 failed, 1 undefined, 1 passed)"), console.stdout)
        XCTAssertTrue(console.stdout.contains("shop.md:10 # the basket holds 3 apples"), console.stdout)
    }

    func test_run_runsOneCriterionOnALineSelectorIntoTheDocument() async throws {
        let (folder, console) = try makeSUT()

        let code = await SpecRunCLI.run(
            [folder + "/shop.md:6", "--no-isolation", "--no-requirements", "--format", "summary"],
            libraries: [ShopDocumentSteps.self], console: console)

        XCTAssertEqual(code, 0, console.stderr)
        XCTAssertTrue(console.stdout.contains("1 scenario (1 passed)"), console.stdout)
    }

    func test_run_saysWhyNothingRanOnAMarkdownFileWithoutCriteria() async throws {
        let (folder, console) = try makeSUT()
        try "# Notes\n\nJust prose.\n".write(toFile: folder + "/notes.md", atomically: true, encoding: .utf8)

        let code = await SpecRunCLI.run([folder + "/notes.md"], libraries: [ShopDocumentSteps.self], console: console)

        XCTAssertEqual(code, 2)
        XCTAssertTrue(
            console.stderr.hasPrefix(
                "specrun: \(folder)/notes.md: a Markdown document with neither Gherkin nor Given/When/Then criteria in it, so nothing to run"
            ), console.stderr)
    }

    func test_check_listsUndefinedStepsAtTheDocumentsLinesAndColumnsOnAStoryDocument() async throws {
        let (folder, console) = try makeSUT()

        let code = await SpecRunCLI.run(
            ["check", folder + "/shop.md", "--no-requirements"], libraries: [ShopDocumentSteps.self],
            console: console)

        XCTAssertEqual(code, 1)
        XCTAssertTrue(
            console.stdout.contains("shop.md:14:1: error: undefined step 'the basket is full' (did you mean 'the basket is empty'"),
            console.stdout)
        XCTAssertTrue(console.stdout.contains("shop.md:6:1: warning: 'Giving' read as 'Given' (write 'Given')"), console.stdout)
    }

    private func makeSUT() throws -> (String, SpyConsole) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-document-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        try """
        # Shop
        Tags: @shop
        ### Story: Apples

        ```
        Giving the basket is empty
         When the customer adds 2 apples
         Then the basket holds 2 apples

        Given the basket is empty
         When the customer adds 3 apples
         Then the basket holds 3 apples

        Given the basket is full
         When the customer adds 3 apples
         Then the basket holds 5 apples
        ```
        """.write(to: folder.appendingPathComponent("shop.md"), atomically: true, encoding: .utf8)
        return (folder.path, SpyConsole())
    }
}
