import Foundation
import XCTest

/// `lsp`'s requests beyond the step under the cursor — references, code actions, code lenses, tag completion,
/// the document's shape — as an editor sends them to a spec executable (the crash fixture, whose steps are known).
final class LanguageServerActionsTests: XCTestCase {
    private let uri = "file:///tmp/specrun-lsp-actions/a.feature"

    private func makeSUT(_ text: String, _ requests: [[String: Any]]) throws -> LSPTestSession {
        try LSPTestSession.run(
            executable: try fixtureExecutable(),
            [
                LSPTestSession.request(1, "initialize"),
                LSPTestSession.open(uri, text),
            ] + requests)
    }

    private func at(_ line: Int, _ character: Int = 8) -> [String: Any] {
        ["textDocument": ["uri": uri], "position": ["line": line, "character": character]]
    }

    func test_references_listEveryStepBoundToTheSameDefinition() throws {
        let text = "Feature: F\n  Scenario: S\n    Given a passing step\n    And a failing step\n  Scenario: T\n    * a passing step\n"
        var params = at(2)
        params["context"] = ["includeDeclaration": false]
        let session = try makeSUT(text, [LSPTestSession.request(2, "textDocument/references", params)])
        let lines = session.result(2, as: [[String: Any]].self)?.compactMap {
            (($0["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int
        }
        XCTAssertEqual(lines, [2, 5])
    }

    func test_codeAction_offersTheUndefinedStepsSnippetWrittenBeforeTheNearestDefinition() throws {
        let text = "Feature: F\n  Scenario: S\n    Given a passin step\n"
        let range: [String: Any] = ["start": ["line": 2, "character": 0], "end": ["line": 2, "character": 0]]
        let session = try makeSUT(
            text,
            [
                LSPTestSession.request(
                    2, "textDocument/codeAction",
                    ["textDocument": ["uri": uri], "range": range, "context": ["diagnostics": []]])
            ])
        let actions = session.result(2, as: [[String: Any]].self) ?? []
        let write = actions.first { ($0["title"] as? String ?? "").hasPrefix("Write the step definition in") }
        let changes = (write?["edit"] as? [String: Any])?["changes"] as? [String: [[String: Any]]]
        XCTAssertTrue(changes?.keys.first?.hasSuffix("CrashFixture/main.swift") == true, "\(actions)")
        XCTAssertTrue((changes?.values.first?.first?["newText"] as? String ?? "").contains("steps.given(\"a passin step\") { world in"))
        let show = actions.first { $0["command"] as? String == "specrun.showSnippet" }
        XCTAssertNotNil(show, "\(actions)")
    }

    func test_codeLens_runsTheFeatureAndEachScenarioByLine() throws {
        let text = "Feature: F\n  Scenario: S\n    Given a passing step\n  Rule: R\n    Scenario: T\n      Given a passing step\n"
        let session = try makeSUT(text, [LSPTestSession.request(2, "textDocument/codeLens", ["textDocument": ["uri": uri]])])
        let targets =
            session.result(2, as: [[String: Any]].self)?
            .compactMap { (($0["command"] as? [String: Any])?["arguments"] as? [String])?.first } ?? []
        // (The server runs in the temporary folder: the path is relative to it, as a user types it there.)
        let folder = FileManager.default.temporaryDirectory.resolvingSymlinksInPath().path
        let path = folder == "/tmp" ? "specrun-lsp-actions/a.feature" : "/tmp/specrun-lsp-actions/a.feature"
        XCTAssertEqual(targets, [path, path + ":2", path + ":5"])
    }

    func test_completion_offersTheTagsInUseStartingWithWhatIsTypedAfterAnAt() throws {
        let text = "@smoke\nFeature: F\n  @slow @wip\n  Scenario: S\n    Given a passing step\n  @s\n  Scenario: T\n"
        let session = try makeSUT(text, [LSPTestSession.request(2, "textDocument/completion", at(5, 4))])
        let labels = session.result(2, as: [[String: Any]].self)?.compactMap { $0["label"] as? String }
        XCTAssertEqual(labels, ["@s", "@slow", "@smoke"])
    }

    func test_diagnostics_warnOfAnOutlineWithoutExamplesAndAScenarioWithoutSteps() throws {
        let text = "Feature: F\n  Scenario Outline: O\n    Given a step sleeps <ms> ms\n  Scenario: Empty\n"
        let session = try makeSUT(text, [])
        let messages = session.diagnostics(uri).map { $0["message"] as? String ?? "" }
        XCTAssertTrue(
            messages.contains { $0.contains("'O' has no Examples, so it runs once with its <placeholders> as written") },
            "as the run says: \(messages)")
        XCTAssertTrue(messages.contains { $0.contains("'Empty' has no steps") }, "\(messages)")
    }

    func test_diagnostics_warnOnceOfAStepAndASecondFeatureLineReadAsADescription() throws {
        let text =
            "Feature: F\n  The cart.\nFeature: G\n\n  Scenario: S\n    Gvien a passing step\n    When a passing step\n"
            + "  Scenario: T\n    Given a passing step\n"
        let session = try makeSUT(text, [])
        let diagnostics = session.diagnostics(uri).map {
            ((($0["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int ?? -1, $0["message"] as? String ?? "")
        }
        let step = diagnostics.filter { $0.1.contains("'Gvien a passing step' is read as the description of Scenario 'S'") }
        let feature = diagnostics.filter { $0.1.contains("'Feature: G' is read as the description of Feature 'F'") }
        XCTAssertEqual(step.map(\.0), [5], "\(diagnostics)")
        XCTAssertEqual(feature.map(\.0), [2], "once, though the header is every scenario's: \(diagnostics)")
    }

    func test_executeCommand_showsTheSnippetToCopy() throws {
        let session = try makeSUT(
            "Feature: F\n",
            [
                LSPTestSession.request(
                    2, "workspace/executeCommand",
                    ["command": "specrun.showSnippet", "arguments": ["steps.given(\"x\") { world in }"]])
            ])
        let shown = session.messages.first { $0["method"] as? String == "window/showMessage" }
        XCTAssertEqual((shown?["params"] as? [String: Any])?["message"] as? String, "steps.given(\"x\") { world in }")
    }
}
