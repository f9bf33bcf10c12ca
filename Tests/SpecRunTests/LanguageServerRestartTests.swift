import Foundation
import XCTest

@testable import SpecRunEditor

/// A restart from the rebuilt executable (`LSPRestart`): what the new process gets back from the old one.
final class LanguageServerRestartTests: XCTestCase {
    private func makeServer() throws -> LanguageServer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-restart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return LanguageServer(context: EditorAnalysis.Context(libraries: [CompletionSteps.self], environment: [:], folder: folder))
    }

    func test_resume_keepsTheHistoryFolderTheClientNamedOnARestart() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-restart-state-\(UUID().uuidString).json")
        let object: [String: Any] = [
            "documents": ["file:///tmp/a.feature": "Feature: F\n"], "pending": "", "history": "/tmp/history/runs.json",
        ]
        try JSONSerialization.data(withJSONObject: object).write(to: state)
        let server = try makeServer()
        server.historyFile = nil  // the new process: no specrun.json history, no initialize again
        var reader = LSPFrameReader()

        _ = await LSPRestart(environment: [LSPRestart.stateVariable: state.path]).resume(server, reader: &reader)

        XCTAssertEqual(server.historyFile, "/tmp/history/runs.json", "its lenses and hints show the last run as before")
        XCTAssertEqual(server.documents["file:///tmp/a.feature"], "Feature: F\n")
    }

    func test_resume_servesRequestsWithoutASecondInitializeOnARestart() async throws {
        let state = try XCTUnwrap(LSPRestart.saveState(documents: ["file:///tmp/a.feature": "Feature: F\n"], pending: [], historyFile: nil))
        let server = try makeServer()
        var reader = LSPFrameReader()

        _ = await LSPRestart(environment: [LSPRestart.stateVariable: state.path]).resume(server, reader: &reader)
        let request =
            #"{"jsonrpc":"2.0","id":4,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///tmp/a.feature"}}}"#
        let replies = await server.handle(Data(request.utf8))

        XCTAssertNil(replies.first?["error"], "the client initialized the process before the restart: \(replies)")
        XCTAssertEqual((replies.first?["result"] as? [[String: Any]])?.first?["name"] as? String, "Feature: F")
    }

    func test_saveState_writesTheHistoryFileResumeReads() async throws {
        let state = try XCTUnwrap(
            LSPRestart.saveState(documents: [:], pending: [], historyFile: "/tmp/history/runs.json"))
        let server = try makeServer()
        var reader = LSPFrameReader()

        _ = await LSPRestart(environment: [LSPRestart.stateVariable: state.path]).resume(server, reader: &reader)

        XCTAssertEqual(server.historyFile, "/tmp/history/runs.json")
    }
}
