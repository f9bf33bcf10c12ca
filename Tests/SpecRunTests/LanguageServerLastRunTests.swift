import Foundation
import XCTest

@testable import SpecRun
@testable import SpecRunEditor
@testable import SpecRunReports

/// The language server shows each scenario's last result from the run history: a run of the crash fixture with
/// `--history DIR`, then `lsp` with that folder (the client's `initializationOptions.history`).
final class LanguageServerLastRunTests: XCTestCase {
    static let text = """
        Feature: F
          Scenario: S
            Given a passing step

          Scenario: T
            Given a passing step
            And a failing step

        """

    func test_codeLens_showsEachScenariosLastResultAboveIt() throws {
        let (session, _) = try makeSUT([LSPTestSession.request(2, "textDocument/codeLens", ["textDocument": ["uri": uri]])])
        let lenses = session.result(2, as: [[String: Any]].self) ?? []
        let results = lenses.compactMap { lens -> (Int, String)? in
            guard let title = (lens["command"] as? [String: Any])?["title"] as? String, title.hasSuffix("(last run)") else { return nil }
            return ((((lens["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int) ?? -1, title)
        }
        XCTAssertEqual(results.map(\.0), [1, 4], "\(lenses)")
        XCTAssertTrue(results.first?.1.hasPrefix("✓ passed in") == true, "\(results)")
        XCTAssertEqual(results.last?.1, "✗ failed at line 7: a failing step (last run)")
    }

    func test_inlayHint_showsTheFailingStepsMessageBesideIt() throws {
        let (session, _) = try makeSUT([
            LSPTestSession.request(
                2, "textDocument/inlayHint",
                [
                    "textDocument": ["uri": uri],
                    "range": ["start": ["line": 0, "character": 0], "end": ["line": 9, "character": 0]],
                ])
        ])
        let hints = session.result(2, as: [[String: Any]].self) ?? []
        XCTAssertEqual(hints.count, 1, "\(hints)")
        XCTAssertEqual((hints.first?["position"] as? [String: Any])?["line"] as? Int, 6)
        XCTAssertEqual((hints.first?["position"] as? [String: Any])?["character"] as? Int, "    And a failing step".utf16.count)
        XCTAssertEqual(hints.first?["label"] as? String, "✗ it broke")
    }

    func test_codeLens_showsNoResultWithoutAHistory() throws {
        let session = try LSPTestSession.run(
            executable: try fixtureExecutable(),
            [
                LSPTestSession.request(1, "initialize"), LSPTestSession.open(uri, Self.text),
                LSPTestSession.request(2, "textDocument/codeLens", ["textDocument": ["uri": uri]]),
            ])
        let titles = (session.result(2, as: [[String: Any]].self) ?? []).compactMap {
            ($0["command"] as? [String: Any])?["title"] as? String
        }
        XCTAssertFalse(titles.contains { $0.hasSuffix("(last run)") }, "\(titles)")
    }

    func test_history_keepsTheFailingStepThroughTheFile() {
        let failure = HistoryFailure(line: 7, step: "a \"failing\" step", message: "expected 3\ngot 2")
        let history = RunHistory(runs: [
            HistoryRun(
                id: "r", start: 1, duration: 2,
                scenarios: [HistoryScenario(key: "a.feature:5", name: "T", status: "failed", duration: 3, attempts: 1, failure: failure)])
        ])
        XCTAssertEqual(RunHistory.decode(Data(history.encoded().utf8)), history)
        XCTAssertEqual(LastResults.hint(failure), "✗ expected 3 · got 2")
    }

    func test_changed_saysOnceWhenTheHistoryFileIsRewrittenAfterTheFirstLook() throws {
        let file = folder + "/specrun-history.json"
        let sut = HistoryFileReader()
        XCTAssertFalse(sut.changed(file), "no file yet: the first look notes it")
        try "{}".write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertTrue(sut.changed(file), "a run wrote it")
        XCTAssertFalse(sut.changed(file), "said once")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: file)
        XCTAssertTrue(sut.changed(file), "a run rewrote it")
        XCTAssertEqual(
            LanguageServer.refreshRequests(sut.version).map { $0["method"] as? String },
            [
                "workspace/codeLens/refresh", "workspace/inlayHint/refresh",
            ])
    }

    func test_handle_answersNothingToTheClientsAnswerToARefresh() async throws {
        let sut = LanguageServer(context: EditorAnalysis.Context(libraries: [], environment: [:], folder: URL(fileURLWithPath: folder)))
        let replies = await sut.handle(Data(#"{"jsonrpc":"2.0","id":"specrun-refresh-lens-1","result":null}"#.utf8))
        XCTAssertTrue(replies.isEmpty, "\(replies)")
    }

    // MARK: - Helpers

    private var folder = ""
    private var uri: String { URL(fileURLWithPath: folder + "/a.feature").absoluteString }

    override func setUpWithError() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-lsp-last-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: base) }
        folder = base.resolvingSymlinksInPath().path
    }

    /// Runs the feature with the fixture and `--history`, then opens it in `lsp` with that history.
    private func makeSUT(_ requests: [[String: Any]]) throws -> (LSPTestSession, String) {
        try Self.text.write(toFile: folder + "/a.feature", atomically: true, encoding: .utf8)
        let run = Process()
        run.executableURL = try fixtureExecutable()
        run.arguments = [folder + "/a.feature", "--history", folder + "/history", "--format", "summary", "--no-requirements"]
        run.standardOutput = FileHandle.nullDevice
        run.standardError = FileHandle.nullDevice
        try run.run()
        run.waitUntilExit()
        XCTAssertEqual(run.terminationStatus, 1, "the run fails on its failing step")
        let session = try LSPTestSession.run(
            executable: try fixtureExecutable(),
            [
                LSPTestSession.request(1, "initialize", ["initializationOptions": ["history": folder + "/history"]]),
                LSPTestSession.open(uri, Self.text),
            ] + requests)
        return (session, folder)
    }
}
