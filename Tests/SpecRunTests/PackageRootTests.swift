import Foundation
import XCTest

@testable import SpecRunEditor

final class PackageRootTests: XCTestCase {
    func test_find_takesTheNearestFolderUpWithAManifestOnAServerStartedInASubfolder() {
        let manifests: Set<String> = ["/work/app/Package.swift", "/work/Package.swift"]

        XCTAssertEqual(PackageRoot.find(from: "/work/app/Features/cart", exists: manifests.contains), "/work/app")
        XCTAssertEqual(PackageRoot.find(from: "/work/app", exists: manifests.contains), "/work/app")
        XCTAssertNil(PackageRoot.find(from: "/elsewhere/x", exists: manifests.contains))
    }
}

/// `lsp` started by an editor in a subfolder of the package (Neovim starts it in its own working folder).
final class LanguageServerSubfolderTests: XCTestCase {
    func test_references_findTheSuitesStepsOnAServerStartedInASubfolderOfThePackage() throws {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-subfolder-\(UUID().uuidString)")
        let features = package.appendingPathComponent("Features")
        try FileManager.default.createDirectory(at: features.appendingPathComponent("cart"), withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: package) }
        try "// swift-tools-version: 6.0\n".write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let text = "Feature: F\n  Scenario: S\n    Given a passing step\n"
        try text.write(to: features.appendingPathComponent("other.feature"), atomically: true, encoding: .utf8)
        let uri = features.appendingPathComponent("cart/open.feature").absoluteString
        let params: [String: Any] = [
            "textDocument": ["uri": uri], "position": ["line": 2, "character": 10], "context": ["includeDeclaration": false],
        ]

        let session = try LSPTestSession.run(
            executable: try fixtureExecutable(),
            [
                LSPTestSession.request(1, "initialize"), LSPTestSession.open(uri, text),
                LSPTestSession.request(2, "textDocument/references", params),
            ], in: features.appendingPathComponent("cart"))

        let files = session.result(2, as: [[String: Any]].self)?.compactMap { ($0["uri"] as? String)?.components(separatedBy: "/").last }
        XCTAssertEqual(files?.sorted(), ["open.feature", "other.feature"])
    }
}
