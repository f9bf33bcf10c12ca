import Foundation
import XCTest

@testable import SpecRunEditor

/// `.feature.md` documents (Markdown with Gherkin) in the language server.
final class LanguageServerMarkdownTests: XCTestCase {
    private let uri = "file:///tmp/specrun-lsp-markdown/checkout.feature.md"

    private func request(_ method: String, after text: String) async throws -> Any? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-markdown-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let sut = LanguageServer(context: EditorAnalysis.Context(libraries: [CompletionSteps.self], environment: [:], folder: folder))
        await sut.initialize()
        let open: [String: Any] = [
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": uri, "languageId": "markdown", "version": 1, "text": text]],
        ]
        _ = await sut.handle(try JSONSerialization.data(withJSONObject: open))
        let request: [String: Any] = ["jsonrpc": "2.0", "id": 2, "method": method, "params": ["textDocument": ["uri": uri]]]
        return await sut.handle(try JSONSerialization.data(withJSONObject: request)).first?["result"]
    }

    func test_documentSymbol_outlinesTheFeatureAndItsScenariosOnAMarkdownDocument() async throws {
        let text = "# Feature: Checkout\n\nPaying.\n\n## Scenario: A blue bag\n\n* Given I pick a blue bag\n"

        let result = try await request("textDocument/documentSymbol", after: text)
        let symbols = try XCTUnwrap(result as? [[String: Any]])

        XCTAssertEqual(symbols.map { $0["name"] as? String }, ["Feature: Checkout"])
        let children = symbols.first?["children"] as? [[String: Any]] ?? []
        XCTAssertEqual(children.map { $0["name"] as? String }, ["Scenario: A blue bag"])
        let start = (children.first?["range"] as? [String: Any])?["start"] as? [String: Int]
        XCTAssertEqual(start?["line"], 4)
    }
}
