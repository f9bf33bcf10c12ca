import Foundation
import XCTest

@testable import SpecRunEditor

/// What comes before `initialize`: the protocol has every request refused with ServerNotInitialized (-32002) and
/// every notification dropped, `exit` aside.
final class LanguageServerInitializeTests: XCTestCase {
    private let uri = "file:///tmp/specrun-lsp-initialize/a.feature"

    private func makeSUT() throws -> LanguageServer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-initialize-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return LanguageServer(context: EditorAnalysis.Context(libraries: [CompletionSteps.self], environment: [:], folder: folder))
    }

    private func send(_ sut: LanguageServer, _ method: String, _ params: [String: Any] = [:], id: Int? = nil) async throws
        -> [[String: Any]]
    {
        var message: [String: Any] = ["jsonrpc": "2.0", "method": method, "params": params]
        if let id { message["id"] = id }
        return await sut.handle(try JSONSerialization.data(withJSONObject: message))
    }

    private static func code(_ reply: [String: Any]?) -> Int? {
        (reply?["error"] as? [String: Any])?["code"] as? Int
    }

    func test_handle_refusesRequestsAndDropsNotificationsOnMessagesBeforeInitialize() async throws {
        let sut = try makeSUT()
        let position: [String: Any] = ["textDocument": ["uri": uri], "position": ["line": 2, "character": 10]]

        let opened = try await send(
            sut, "textDocument/didOpen", ["textDocument": ["uri": uri, "version": 1, "text": "Feature: F\n  Scenario: S\n    Given I\n"]])
        let hover = try await send(sut, "textDocument/hover", position, id: 1)
        let shutdown = try await send(sut, "shutdown", id: 2)

        XCTAssertTrue(opened.isEmpty, "a notification is dropped, no diagnostics published: \(opened)")
        XCTAssertNil(sut.documents[uri], "nor its document kept")
        XCTAssertEqual(hover.count, 1, "\(hover)")
        XCTAssertEqual(hover.first?["id"] as? Int, 1)
        XCTAssertEqual(Self.code(hover.first), -32002, "ServerNotInitialized: \(hover)")
        XCTAssertNil(hover.first?["result"], "an error, not a null result")
        let message = ((hover.first?["error"] as? [String: Any])?["message"] as? String) ?? ""
        XCTAssertTrue(message.contains("'textDocument/hover'") && message.contains("send 'initialize' first"), message)
        XCTAssertEqual(Self.code(shutdown.first), -32002, "shutdown too is a request: \(shutdown)")
        XCTAssertFalse(sut.shutdownRequested)
    }

    func test_handle_servesTheSameRequestOnceInitialized() async throws {
        let sut = try makeSUT()
        _ = try await send(sut, "textDocument/documentSymbol", ["textDocument": ["uri": uri]], id: 1)

        let initialize = try await send(sut, "initialize", ["capabilities": [:]], id: 2)
        _ = try await send(sut, "textDocument/didOpen", ["textDocument": ["uri": uri, "version": 1, "text": "Feature: F\n"]])
        let symbols = try await send(sut, "textDocument/documentSymbol", ["textDocument": ["uri": uri]], id: 3)

        XCTAssertNotNil((initialize.first?["result"] as? [String: Any])?["capabilities"], "\(initialize)")
        XCTAssertNil(Self.code(symbols.first), "\(symbols)")
        XCTAssertEqual((symbols.first?["result"] as? [[String: Any]])?.first?["name"] as? String, "Feature: F")
    }

    func test_handle_exitsWithOneOnExitBeforeInitialize() async throws {
        let sut = try makeSUT()

        let replies = try await send(sut, "exit")

        XCTAssertTrue(replies.isEmpty)
        XCTAssertEqual(sut.exitCode, 1, "exit is the one notification not dropped: the process ends, 1 without shutdown")
    }
}
