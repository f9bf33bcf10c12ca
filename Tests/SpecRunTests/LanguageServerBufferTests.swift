import Foundation
import XCTest

@testable import SpecRunEditor

/// Documents as an editor holds them before they are files, and the steps no definition matches.
final class LanguageServerBufferTests: XCTestCase {
    private func request(_ method: String, uri: String, text: String, line: Int = 0) async throws -> Any? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-buffer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let sut = LanguageServer(context: EditorAnalysis.Context(libraries: [CompletionSteps.self], environment: [:], folder: folder))
        await sut.initialize()
        let open: [String: Any] = [
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": uri, "languageId": "cucumber", "version": 1, "text": text]],
        ]
        _ = await sut.handle(try JSONSerialization.data(withJSONObject: open))
        let params: [String: Any] = ["textDocument": ["uri": uri], "position": ["line": line, "character": 8]]
        let request: [String: Any] = ["jsonrpc": "2.0", "id": 2, "method": method, "params": params]
        return await sut.handle(try JSONSerialization.data(withJSONObject: request)).first?["result"]
    }

    func test_codeLens_offersNoRunOnAnUnsavedBuffer() async throws {
        let result = try await request(
            "textDocument/codeLens", uri: "untitled:Untitled-1", text: "Feature: F\n  Scenario: S\n    Given I pick a red bag\n")

        XCTAssertEqual((result as? [Any])?.count, 0, "a run of 'Untitled-1' finds no such file: \(String(describing: result))")
    }

    func test_hover_namesTheNearestDefinitionAndTheFixOnAnUndefinedStep() async throws {
        let result = try await request(
            "textDocument/hover", uri: "file:///tmp/specrun-buffer/a.feature",
            text: "Feature: F\n  Scenario: S\n    Given I pick a purple bag\n", line: 2)

        let value = ((result as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String ?? ""
        XCTAssertTrue(value.contains("did you mean 'I pick a {colour} bag' at "), value)
        XCTAssertTrue(value.contains("The quick fix (code action) writes its step definition."), value)
    }
}
