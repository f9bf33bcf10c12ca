import Foundation
import Messages
import SpecRunCore
import SpecRunWorkers
import XCTest

@testable import SpecRun

/// `--changed-since REF`: the scenarios a change since a git ref affects, in a real git repository (a temporary
/// one), and the step definitions' lines through a fake git.
final class ChangedSinceTests: XCTestCase {
    static let feature = """
        Feature: cart
          Background:
            Given a passing step

          Scenario: one
            Given a passing step

          Scenario: two
            Given a passing step

          Scenario Outline: rows
            Given a <kind> step

            Examples:
              | kind    |
              | passing |
              | failing |

        """

    func test_parse_marksChangedLinesAndBothSidesOfADeletion() {
        let diff = """
            diff --git a/a.feature b/a.feature
            --- a/a.feature
            +++ b/a.feature
            @@ -3 +3,2 @@
            @@ -9,2 +10,0 @@
            diff --git a/new.swift b/new.swift
            --- /dev/null
            +++ b/new.swift
            @@ -0,0 +1,4 @@
            """
        let changed = ChangedLines.parse(diff: diff)
        XCTAssertEqual(changed.lines["a.feature"], [3, 4, 10, 11])
        XCTAssertEqual(changed.wholeFiles, ["new.swift"])
    }

    func test_paths_selectsOnlyTheScenarioWhoseTextChanged() async throws {
        let (sut, file) = try makeSUT()
        try edit(file, line: 9, to: "    Given a failing step")
        let paths = try await sut.paths(for: RunOptions(paths: [file]))
        XCTAssertEqual(paths, [file + ":8"])
        XCTAssertTrue(spy.stderr.contains("line 9 changed (the Scenario 'two')"), spy.stderr)
    }

    func test_paths_selectsEveryScenarioOfTheFileOnAChangedBackground() async throws {
        let (sut, file) = try makeSUT()
        try edit(file, line: 3, to: "    Given a failing step")
        let paths = try await sut.paths(for: RunOptions(paths: [file]))
        XCTAssertEqual(paths, [file])
        XCTAssertTrue(spy.stderr.contains("every scenario of the file"), spy.stderr)
    }

    func test_paths_selectsOnlyTheExampleRowThatChanged() async throws {
        let (sut, file) = try makeSUT()
        try edit(file, line: 17, to: "      | passing |")
        let paths = try await sut.paths(for: RunOptions(paths: [file]))
        XCTAssertEqual(paths, [file + ":17"])
    }

    func test_paths_selectsNothingAndSaysSoOnNoChange() async throws {
        let (sut, file) = try makeSUT()
        let paths = try await sut.paths(for: RunOptions(paths: [file]))
        XCTAssertEqual(paths, [])
        XCTAssertTrue(spy.stderr.contains("nothing to run"), spy.stderr)
    }

    func test_paths_selectsTheScenariosUsingAChangedStepDefinition() async throws {
        let (_, file) = try makeSUT()
        let envelopes = try await SpecRunner(
            libraries: [CLITestSteps.self], configuration: RunConfiguration(paths: [file], dryRun: true), ids: IncrementingIdGenerator()
        ).runCollecting().envelopes
        let failing = try XCTUnwrap(envelopes.compactMap(\.stepDefinition).first { $0.pattern.source == "a failing step" })
        let uri = try XCTUnwrap(failing.sourceReference.uri)
        let line = try XCTUnwrap(failing.sourceReference.location?.line)
        let path = ChangedSince.resolved(uri.hasPrefix("/") ? uri : FileManager.default.currentDirectoryPath + "/" + uri)
        var sut = ChangedSince(ref: "HEAD", libraries: [CLITestSteps.self], console: spy)
        sut.git = { arguments, _ in
            if arguments.starts(with: ["rev-parse", "--show-toplevel"]) { return .init(status: 0, output: "/\n", error: "") }
            if arguments.contains("diff") {
                return .init(status: 0, output: "--- a\(path)\n+++ b\(path)\n@@ -\(line) +\(line) @@\n", error: "")
            }
            return .init(status: 0, output: "", error: "")
        }
        let paths = try await sut.paths(for: RunOptions(paths: [file]))
        XCTAssertEqual(paths, [file + ":17"])
        XCTAssertTrue(spy.stderr.contains("uses the step 'a failing step' (\(uri):\(line)), changed"), spy.stderr)
    }

    func test_paths_refusesAnUnknownRefWithWhatToDo() async throws {
        let (sut, file) = try makeSUT(ref: "no-such-branch")
        do {
            _ = try await sut.paths(for: RunOptions(paths: [file]))
            XCTFail("a ref git does not know was taken")
        } catch {
            XCTAssertEqual(
                "\(error)",
                "--changed-since 'no-such-branch': git knows no commit of that name here (give a branch, tag or commit; git fetch it first on a shallow CI clone)"
            )
        }
    }

    func test_paths_refusesAFolderOutsideAGitRepository() async throws {
        let folder = try makeFolder()
        let sut = ChangedSince(ref: "main", libraries: [CLITestSteps.self], console: spy, folder: folder)
        do {
            _ = try await sut.paths(for: RunOptions(paths: [folder]))
            XCTFail("a folder outside git was taken")
        } catch {
            XCTAssertTrue("\(error)".contains("is not in a git repository (run it in your package's clone)"), "\(error)")
        }
    }

    func test_run_exitsZeroSayingSoOnNothingSelected() async throws {
        let (_, file) = try makeSUT()
        let console = SpyConsole()
        let code = await SpecRunCLI.run(
            ["--changed-since", "HEAD", file, "--no-isolation"], libraries: [CLITestSteps.self], console: console)
        // This test's working folder is specrun's clone, and the file is outside it: nothing of it changed there.
        XCTAssertEqual(code, 0)
        XCTAssertTrue(console.stderr.contains("nothing to run"), console.stderr)
    }

    // MARK: - Helpers

    private let spy = SpyConsole()

    private func makeSUT(ref: String = "HEAD") throws -> (ChangedSince, String) {
        let folder = try makeFolder()
        let file = folder + "/cart.feature"
        try Self.feature.write(toFile: file, atomically: true, encoding: .utf8)
        for arguments in [["init", "-q"], ["add", "-A"], ["-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "first"]] {
            let result = ChildProcess.run(["git"] + arguments, in: folder)
            XCTAssertEqual(result?.status, 0, result?.error ?? "git did not start")
        }
        return (ChangedSince(ref: ref, libraries: [CLITestSteps.self], console: spy, folder: folder), ChangedSince.resolved(file))
    }

    private func makeFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-changed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return ChangedSince.resolved(folder.path)
    }

    private func edit(_ file: String, line: Int, to text: String) throws {
        var lines = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\n")
        lines[line - 1] = text
        try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
    }
}

extension RunOptions {
    init(paths: [String]) {
        self.init()
        self.paths = paths
    }
}
