import Foundation
@testable import SpecRun
import XCTest

enum MalformedExpressionSteps: StepLibrary {
    static func register(_ steps: inout Steps<CLITestWorld>) { steps.given("a {int step") { _ in } }
}

enum UnknownParameterTypeSteps: StepLibrary {
    static func register(_ steps: inout Steps<CLITestWorld>) { steps.given("a {colour} step") { _ in } }
}

enum BadRegexSteps: StepLibrary {
    static func register(_ steps: inout Steps<CLITestWorld>) { steps.given(regex: "^a (step$") { _ in } }
}

/// The bad-input catalogue: each kind of bad input gets one clear line (with file, line and column where there is
/// one), the documented exit code, no Swift stack trace, and the other files still run. See docs/RELIABILITY.md.
final class BadInputCatalogueTests: XCTestCase {
    private let good = "Feature: F\n  Scenario: S\n    Given a passing step\n"

    func test_run_namesTheByteOfANonUTF8FileAndRunsTheOthers() async throws {
        let folder = try makeFiles(["a.feature": Data("Feature: F\n  Scenario: \u{FF} x\n".utf8).dropLast(0) + Data([0xFF, 0x0A]), "b.feature": Data(good.utf8)])
        let (code, console) = await run([folder])
        XCTAssertEqual(code, 3)
        XCTAssertTrue(console.stderr.contains("a.feature:3:1: the file is not valid UTF-8 (byte 0xFF here); save it as UTF-8"), console.stderr)
        XCTAssertTrue(console.stdout.contains("1 scenario (1 passed)"), console.stdout)
    }

    func test_run_treatsABinaryFileNamedFeatureAsUnparsable() async throws {
        let folder = try makeFiles(["bin.feature": Data((0..<512).map { UInt8($0 % 256) })])
        let (code, console) = await run([folder])
        XCTAssertEqual(code, 3)
        XCTAssertTrue(console.stderr.contains("bin.feature:"), console.stderr)
    }

    func test_run_exitsFourOnAnEmptyFolderAndOnALineWithNoScenario() async throws {
        let empty = try makeFiles([:])
        let (code, console) = await run([empty])
        XCTAssertEqual(code, 4)
        XCTAssertTrue(console.stderr.contains("no scenario matched"), console.stderr)
        let folder = try makeFiles(["a.feature": Data(good.utf8)])
        let (lineCode, _) = await run(["\(folder)/a.feature:99"])
        XCTAssertEqual(lineCode, 4)
    }

    func test_run_followsNoSymlinkLoopForeverAndAcceptsUnicodeAndSpacesInPaths() async throws {
        let folder = try makeFiles(["sp ace é/a.feature": Data(good.utf8)])
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/sp ace é/loop", withDestinationPath: "..")
        let (code, console) = await run([folder])
        XCTAssertEqual(code, 0, console.stderr)
        XCTAssertTrue(console.stdout.contains("scenario"), console.stdout)
    }

    func test_run_namesLineAndColumnOfARaggedTable() async throws {
        let folder = try makeFiles(["r.feature": Data("Feature: F\n  Scenario: S\n    Given a passing step\n      | a | b |\n      | c |\n".utf8)])
        let (code, console) = await run([folder])
        XCTAssertEqual(code, 3)
        XCTAssertTrue(console.stderr.contains("r.feature:5:7: inconsistent cell count within the table"), console.stderr)
    }

    func test_run_exitsTwoWithOneLineOnABadStepDefinition() async throws {
        let folder = try makeFiles(["a.feature": Data(good.utf8)])
        for library in [MalformedExpressionSteps.self, UnknownParameterTypeSteps.self, BadRegexSteps.self] as [any StepLibrary.Type] {
            let console = SpyConsole()
            let code = await SpecRunCLI.run([folder, "--no-isolation", "--no-color", "--format", "summary"],
                                            libraries: [CLITestSteps.self, library], console: console)
            XCTAssertEqual(code, 2, "\(library): \(console.stderr)")
            XCTAssertEqual(console.stderr.split(separator: "\n").count, 2, "one line and the help hint: \(console.stderr)")
            XCTAssertFalse(console.stderr.contains("Fatal error"), console.stderr)
        }
    }

    func test_run_namesAReportPathThatIsAFolderAndStillWritesTheOthers() async throws {
        let folder = try makeFiles(["a.feature": Data(good.utf8)])
        try FileManager.default.createDirectory(atPath: "\(folder)/dir.xml", withIntermediateDirectories: true)
        let (code, console) = await run([folder, "--format", "junit:\(folder)/dir.xml", "--format", "json:\(folder)/ok.json"])
        XCTAssertEqual(code, 2)
        XCTAssertTrue(console.stderr.contains("could not write the junit report"), console.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/ok.json"), "the other report is still written")
    }

    func test_run_handlesTenThousandTagsAndAOneMegabyteStepLine() async throws {
        let tags = (0..<10_000).map { "@t\($0)" }.joined(separator: " ")
        let line = String(repeating: "x", count: 1 << 20)
        let folder = try makeFiles(["t.feature": Data("Feature: F\n  \(tags)\n  Scenario: S\n    Given a passing step\n  Scenario: T\n    Given \(line)\n".utf8)])
        let (code, console) = await run([folder])
        XCTAssertEqual(code, 1, "the long step is undefined")
        XCTAssertTrue(console.stdout.contains("2 scenarios (1 passed, 1 undefined)"), String(console.stdout.prefix(300)))
        let (selected, filtered) = await run([folder, "--tags", "@t9999"])
        XCTAssertEqual(selected, 0)
        XCTAssertTrue(filtered.stdout.contains("1 scenario (1 passed)"), String(filtered.stdout.prefix(300)))
    }

    func test_run_explainsWhyAMarkdownDocumentWithoutCriteriaGivenByNameDoesNotRun() async throws {
        let folder = try makeFiles(["story.md": Data("# Quiz\n\n```\nAs a customer\nI want to play\n```\n".utf8),
                                    "gherkin.md": Data("# Feature: F\n## Scenario: S\n* Given a passing step\n".utf8)])
        let (code, console) = await run(["\(folder)/story.md"])
        XCTAssertEqual(code, 2)
        XCTAssertTrue(console.stderr.contains("story.md: a Markdown document with neither Gherkin nor Given/When/Then criteria in it, so nothing to run"), console.stderr)
        let (named, renamed) = await run(["\(folder)/gherkin.md"])
        XCTAssertEqual(named, 2)
        XCTAssertTrue(renamed.stderr.contains("gherkin.md: Markdown with Gherkin must be named *.feature.md"), renamed.stderr)
    }

    // MARK: - Helpers

    private func run(_ arguments: [String]) async -> (Int32, SpyConsole) {
        let console = SpyConsole()
        let code = await SpecRunCLI.run(arguments + ["--no-isolation", "--no-color", "--format", "summary"],
                                        libraries: [CLITestSteps.self], console: console)
        return (code, console)
    }

    private func makeFiles(_ files: [String: Data]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        for (name, data) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        return folder.path
    }
}
