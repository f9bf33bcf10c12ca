import Foundation
import XCTest

@testable import SpecRun

/// A step that fails the first time it runs for a key, then passes (a flaky step).
enum FlakySteps: StepLibrary {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var seen: Set<String> = []

    static func register(_ steps: inout Steps<CLITestWorld>) {
        steps.given("a step failing once for {word}") { (_, key: String) in
            let first = lock.withLock { seen.insert(key).inserted }
            if first { throw fail("the first attempt for \(key) fails") }
        }
    }
}

/// `--retry N --retry-tag-filter EXPR` (and `retryTagFilter` in a profile): only matching scenarios are retried.
final class RetryTagFilterTests: XCTestCase {
    func test_run_retriesOnlyTheScenariosMatchingTheRetryTagFilter() async throws {
        let (folder, key) = try makeFeatures()
        let console = SpyConsole()

        let code = await SpecRunCLI.run(
            [
                folder, "--retry", "1", "--retry-tag-filter", "@flaky", "--no-isolation",
                "--no-color", "--format", "summary",
            ], libraries: [FlakySteps.self], console: console)

        XCTAssertEqual(code, 1, console.stdout)
        XCTAssertTrue(
            console.stdout.contains("2 scenarios (1 failed, 1 passed)") && console.stdout.contains("1 flaky scenario"),
            "\(key): \(console.stdout)")
    }

    func test_run_retriesEveryScenarioWithoutTheFilter() async throws {
        let (folder, _) = try makeFeatures()
        let console = SpyConsole()

        let code = await SpecRunCLI.run(
            [folder, "--retry", "1", "--no-isolation", "--no-color", "--format", "summary"],
            libraries: [FlakySteps.self], console: console)

        XCTAssertEqual(code, 0, console.stdout)
        XCTAssertTrue(console.stdout.contains("2 scenarios (2 passed)"), console.stdout)
    }

    func test_parse_refusesABadRetryTagFilter() async throws {
        let (folder, _) = try makeFeatures()
        let console = SpyConsole()

        let code = await SpecRunCLI.run(
            [folder, "--retry", "1", "--retry-tag-filter", "@a and", "--no-isolation"],
            libraries: [FlakySteps.self], console: console)

        XCTAssertEqual(code, 2, console.stderr)
    }

    /// Two scenarios with a step failing once each, one tagged @flaky (keys made unique for this test).
    private func makeFeatures() throws -> (String, String) {
        let key = UUID().uuidString.prefix(8).lowercased()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-retry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let text = """
            Feature: F
              @flaky
              Scenario: tagged
                Given a step failing once for t\(key)
              Scenario: untagged
                Given a step failing once for u\(key)

            """
        try text.write(to: folder.appendingPathComponent("f.feature"), atomically: true, encoding: .utf8)
        return (folder.path, key)
    }
}
