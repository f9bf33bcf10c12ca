import Foundation
import XCTest

/// Locates ../shared/conformance/tag-expressions relative to this file (repo root → ../shared).
enum SharedConformanceData {
    static func directory(file: StaticString = #filePath) throws -> URL {
        let repoRoot = URL(fileURLWithPath: "\(file)")
            .deletingLastPathComponent() // TagExpressionsTests
            .deletingLastPathComponent() // Tests
            .deletingLastPathComponent() // repo root
        let directory = repoRoot.deletingLastPathComponent()
            .appendingPathComponent("shared/conformance/tag-expressions")
        guard FileManager.default.fileExists(atPath: directory.path) else {
            throw XCTSkip("../shared/conformance/tag-expressions not found beside the repo: conformance cases skipped")
        }
        return directory
    }

    static func load<T: Decodable>(_ type: T.Type, file name: String) throws -> T {
        let url = try directory().appendingPathComponent(name)
        return try JSONDecoder().decode(T.self, from: Data(contentsOf: url))
    }
}
