import Foundation
import Messages
import XCTest

@testable import SpecRun

/// The bad-input catalogue (docs/RELIABILITY.md, "The bad-input catalogue"): each kind is one test that runs specrun as a user
/// would and checks the same four things — one clear line naming the file (line and column where there is one),
/// the documented exit code, no Swift stack trace, and every result already known still in every report.
struct CatalogueRun {
    let code: Int32
    let stdout: String
    let stderr: String
    let folder: String

    var messagesPath: String { "\(folder)/known.ndjson" }
    var junitPath: String { "\(folder)/known.xml" }
}

/// What a Swift crash or the runtime's backtracer prints: never in specrun's output.
let stackTraceMarkers = ["Fatal error", "Backtracing", "Thread 0 crashed", "Current stack trace", "Stack dump", "SIGILL", "SIGSEGV"]

extension XCTestCase {
    /// A fresh folder with these files (relative paths; folders made), removed after the test.
    func catalogueFolder(_ files: [String: Data]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-catalogue-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock {
            _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            try? FileManager.default.removeItem(at: folder)
        }
        for (name, data) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        return folder.path
    }

    /// specrun in this process (`--no-isolation`, no colour, the summary on stdout) with a message stream and a
    /// JUnit report of the run in the folder (`reports: false` for commands that take no `--format`).
    func catalogueRun(
        _ arguments: [String], in folder: String, libraries: [any StepLibrary.Type] = [CLITestSteps.self],
        reports: Bool = true
    ) async -> CatalogueRun {
        let console = SpyConsole()
        var all = arguments
        if reports {
            all += [
                "--no-isolation", "--no-color", "--format", "summary",
                "--format", "message:\(folder)/known.ndjson", "--format", "junit:\(folder)/known.xml",
            ]
        }
        let code = await SpecRunCLI.run(all, libraries: libraries, console: console)
        return CatalogueRun(code: code, stdout: console.stdout, stderr: console.stderr, folder: folder)
    }

    /// The exit code, exactly one line of stderr containing `expected`, and no stack trace anywhere.
    func assertOneClearLine(
        _ run: CatalogueRun, _ expected: String, exit: Int32,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(run.code, exit, "exit code; stderr: \(run.stderr.prefix(600))", file: file, line: line)
        let lines = run.stderr.split(separator: "\n").filter { $0.contains(expected) }
        XCTAssertEqual(lines.count, 1, "one line with '\(expected)' in: \(run.stderr.prefix(600))", file: file, line: line)
        assertNoStackTrace(run, file: file, line: line)
    }

    func assertNoStackTrace(_ run: CatalogueRun, file: StaticString = #filePath, line: UInt = #line) {
        for marker in stackTraceMarkers {
            XCTAssertFalse((run.stdout + run.stderr).contains(marker), "no stack trace ('\(marker)')", file: file, line: line)
        }
    }

    /// Both reports were written and hold these scenario results (the ones already known when the bad input
    /// was met), and the stream ends with testRunFinished.
    func assertKnownResults(_ run: CatalogueRun, passed: Int, failed: Int = 0, file: StaticString = #filePath, line: UInt = #line) {
        guard let data = FileManager.default.contents(atPath: run.messagesPath), let stream = try? NDJSON.decode(data) else {
            return XCTFail("no readable message stream at \(run.messagesPath)", file: file, line: line)
        }
        let finished = stream.compactMap(\.testCaseFinished).count
        let failedSteps = Set(stream.compactMap(\.testStepFinished).filter { $0.testStepResult.status != .passed }.map(\.testCaseStartedId))
        XCTAssertEqual(finished, passed + failed, "scenarios in the message stream", file: file, line: line)
        XCTAssertEqual(failedSteps.count, failed, "scenarios not passed in the message stream", file: file, line: line)
        XCTAssertEqual(stream.compactMap(\.testRunFinished).count, 1, "the stream is complete", file: file, line: line)
        let junit = (try? String(contentsOfFile: run.junitPath, encoding: .utf8)) ?? ""
        XCTAssertEqual(
            junit.components(separatedBy: "<testcase ").count - 1 >= passed + failed, true,
            "the JUnit report has every known scenario: \(junit.prefix(400))", file: file, line: line)
    }

    /// Runs the built `specrun-crash-fixture` with file permissions enforced even for root (CAP_DAC_OVERRIDE and
    /// CAP_DAC_READ_SEARCH dropped with setpriv), for the unreadable and unwritable kinds.
    func runWithoutPermissionOverride(_ arguments: [String]) throws -> CatalogueRun {
        let fixture = try fixtureExecutable()
        let setpriv = "/usr/bin/setpriv"
        let asRoot = getuid() == 0
        if asRoot && !FileManager.default.isExecutableFile(atPath: setpriv) {
            throw XCTSkip("running as root without \(setpriv): permissions cannot be enforced")
        }
        let run =
            asRoot
            ? try runProcess(
                URL(fileURLWithPath: setpriv), ["--bounding-set=-dac_override,-dac_read_search", "--", fixture.path] + arguments)
            : try runProcess(fixture, arguments)
        return CatalogueRun(code: run.status, stdout: run.stdout, stderr: run.stderr, folder: "")
    }

    /// "Feature: NAME" with one passing scenario.
    func goodFeature(_ name: String = "Good") -> Data { Data("Feature: \(name)\n  Scenario: passes\n    Given a passing step\n".utf8) }
}
