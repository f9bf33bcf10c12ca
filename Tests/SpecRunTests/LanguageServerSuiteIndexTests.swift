import Foundation
import XCTest

@testable import SpecRunEditor

/// The suite's feature files on disk (`Features/`), as references and completion see them while files are added,
/// renamed and deleted around the running server.
final class LanguageServerSuiteIndexTests: XCTestCase {
    private var features = ""
    private let uri = "file:///tmp/specrun-lsp-suite/open.feature"
    private let feature = "Feature: F\n  Scenario: S\n    Given I pick a red bag\n"

    private func makeSUT() async throws -> LanguageServer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-suite-\(UUID().uuidString)")
        features = folder.appendingPathComponent("Features").path
        try FileManager.default.createDirectory(atPath: features, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let sut = LanguageServer(context: EditorAnalysis.Context(libraries: [CompletionSteps.self], environment: [:], folder: folder))
        sut.suiteFolder = features
        await sut.initialize()
        let open: [String: Any] = [
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": uri, "version": 1, "text": feature]],
        ]
        _ = await sut.handle(try JSONSerialization.data(withJSONObject: open))
        return sut
    }

    private func referencedFiles(_ sut: LanguageServer) async throws -> [String] {
        let request: [String: Any] = [
            "jsonrpc": "2.0", "id": 2, "method": "textDocument/references",
            "params": [
                "textDocument": ["uri": uri], "position": ["line": 2, "character": 10], "context": ["includeDeclaration": false],
            ],
        ]
        let result = await sut.handle(try JSONSerialization.data(withJSONObject: request)).first?["result"] as? [[String: Any]]
        return (result ?? []).compactMap { ($0["uri"] as? String)?.components(separatedBy: "/").last }.sorted()
    }

    func test_references_followFeatureFilesRenamedDeletedAndAddedOnDiskAfterTheIndexWasBuilt() async throws {
        let sut = try await makeSUT()
        try feature.write(toFile: features + "/a.feature", atomically: true, encoding: .utf8)
        try feature.write(toFile: features + "/b.feature", atomically: true, encoding: .utf8)
        let before = try await referencedFiles(sut)
        XCTAssertEqual(before, ["a.feature", "b.feature", "open.feature"])

        try FileManager.default.moveItem(atPath: features + "/a.feature", toPath: features + "/renamed.feature")
        try FileManager.default.removeItem(atPath: features + "/b.feature")
        try feature.write(toFile: features + "/new.feature", atomically: true, encoding: .utf8)

        let after = try await referencedFiles(sut)
        XCTAssertEqual(after, ["new.feature", "open.feature", "renamed.feature"])
    }
}
