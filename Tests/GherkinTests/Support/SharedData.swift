import Foundation
import XCTest

/// The team's reference data (`../shared` next to the repository), found from this file's path.
enum SharedData {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // Support
        .deletingLastPathComponent() // GherkinTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent() // repository
        .deletingLastPathComponent()
        .appendingPathComponent("shared")

    /// The folder `relativePath` of the shared data, or a skip with a one-line notice when it is absent.
    static func folder(_ relativePath: String) throws -> URL {
        let url = root.appendingPathComponent(relativePath)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw XCTSkip("shared reference data not found at \(url.path); skipping")
        }
        return url
    }
}
