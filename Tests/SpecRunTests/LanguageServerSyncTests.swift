import Foundation
import XCTest

@testable import SpecRunEditor

/// How the server keeps a document as an editor changes it: incremental changes (ranges in UTF-16) applied in order.
final class LanguageServerSyncTests: XCTestCase {
    private let uri = "file:///tmp/specrun-lsp-sync/a.feature"

    private func makeSUT() throws -> LanguageServer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return LanguageServer(context: EditorAnalysis.Context(libraries: [CompletionSteps.self], environment: [:], folder: folder))
    }

    private func send(_ sut: LanguageServer, _ method: String, _ params: [String: Any], id: Int? = nil) async throws -> [[String: Any]] {
        var message: [String: Any] = ["jsonrpc": "2.0", "method": method, "params": params]
        if let id { message["id"] = id }
        return await sut.handle(try JSONSerialization.data(withJSONObject: message))
    }

    private func range(_ line: Int, _ start: Int, _ end: Int) -> [String: Any] {
        ["start": ["line": line, "character": start], "end": ["line": line, "character": end]]
    }

    func test_didChange_appliesEachRangeInOrderOnIncrementalChanges() async throws {
        let sut = try makeSUT()
        let reply = try await send(sut, "initialize", [:], id: 1)
        let sync = ((reply.first?["result"] as? [String: Any])?["capabilities"] as? [String: Any])?["textDocumentSync"]
        XCTAssertEqual((sync as? [String: Any])?["change"] as? Int, 2, "incremental")
        let text = "Feature: F\n  Scenario: 🛒 S\n    Given I pick a red bag\n"
        _ = try await send(sut, "textDocument/didOpen", ["textDocument": ["uri": uri, "version": 1, "text": text]])

        let published = try await send(
            sut, "textDocument/didChange",
            [
                "textDocument": ["uri": uri, "version": 2],
                "contentChanges": [
                    ["range": range(2, 19, 22), "text": "purple"],  // red → purple
                    ["range": range(1, 15, 16), "text": "T"],  // after the emoji (two UTF-16 units): S → T
                    ["range": range(3, 0, 0), "text": "    When I eat 2 more\n"],
                ],
            ])

        XCTAssertEqual(
            sut.documents[uri], "Feature: F\n  Scenario: 🛒 T\n    Given I pick a purple bag\n    When I eat 2 more\n")
        let raw = (published.first?["params"] as? [String: Any])?["diagnostics"] as? LSPJSON.Raw
        let diagnostics = try XCTUnwrap(raw.map { try JSONSerialization.jsonObject(with: Data($0.bytes)) } as? [[String: Any]])
        XCTAssertEqual(
            diagnostics.compactMap { $0["message"] as? String }.map { String($0.prefix(36)) }, ["undefined step 'I pick a purple bag'"])
    }

    func test_didChange_takesTheWholeTextOnAChangeWithoutRange() async throws {
        let sut = try makeSUT()
        await sut.initialize()
        _ = try await send(sut, "textDocument/didOpen", ["textDocument": ["uri": uri, "version": 1, "text": "Feature: F\n"]])

        _ = try await send(
            sut, "textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": "Feature: G\n"]]])

        XCTAssertEqual(sut.documents[uri], "Feature: G\n")
    }
}
