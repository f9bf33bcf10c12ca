import Foundation
import XCTest

@testable import SpecRun

/// `specrun watch`'s paths: one naming nothing is refused before watching starts, not watched for ever.
final class WatchedFilesTests: XCTestCase {
    func test_missing_namesOnlyThePathsThatNameNothingOnAMixOfPaths() throws {
        let folder = try makeFolder()
        let file = folder + "/a.feature"
        _ = FileManager.default.createFile(atPath: file, contents: Data("Feature: A\n".utf8))

        let missing = WatchedFiles.missing(paths: [folder, file, file + ":2", file + ":2:5", "@" + file, folder + "/gone", "nope/"])

        XCTAssertEqual(missing, [folder + "/gone", "nope/"])
    }

    private func makeFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("watched-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }
}
