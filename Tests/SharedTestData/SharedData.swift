import Foundation
import XCTest

/// The team's reference data (`../shared` beside the repository): the one place every test target finds it.
///
/// A user's clone has no `../shared`; the tests that read it then skip with a one-line notice. To prove that
/// path on a machine that has it, hide it: `SPECRUN_SHARED=none swift test`. `SPECRUN_SHARED=/some/folder`
/// points the tests at another copy.
public enum SharedData {
    /// The environment variable that hides (`none`) or moves (a folder) the shared data.
    public static let variable = "SPECRUN_SHARED"

    /// The repository this file belongs to (Tests/SharedTestData/SharedData.swift → the repository).
    public static let repository: URL = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent()  // SharedTestData
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // repository

    /// The shared folder, or nil when it is absent or hidden.
    public static let root: URL? = locate(environment: ProcessInfo.processInfo.environment, repository: repository)

    /// Whether the data is hidden on purpose (`SPECRUN_SHARED=none`), for the notices.
    public static let isHidden: Bool = ProcessInfo.processInfo.environment[variable] == "none"

    /// Where the shared data is for an environment and a repository: nil when hidden or not a folder.
    public static func locate(environment: [String: String], repository: URL) -> URL? {
        let candidate: URL
        switch environment[variable] {
        case "none"?: return nil
        case let path? where !path.isEmpty: candidate = URL(fileURLWithPath: path)
        default: candidate = repository.deletingLastPathComponent().appendingPathComponent("shared")
        }
        return isFolder(candidate) ? candidate.standardizedFileURL : nil
    }

    /// The file or folder `relativePath` of the shared data (e.g. "reference/cck"), or nil when absent.
    public static func url(_ relativePath: String) -> URL? {
        guard let root else { return nil }
        let url = root.appendingPathComponent(relativePath)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The file or folder `relativePath`, or an XCTSkip saying which `what` is not checked.
    public static func require(
        _ relativePath: String, _ what: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> URL {
        guard let url = url(relativePath) else { throw XCTSkip(notice(relativePath, what), file: file, line: line) }
        return url
    }

    /// The one-line notice of a skip: "../shared/reference/cck is absent: the CCK samples skipped".
    public static func notice(_ relativePath: String, _ what: String) -> String {
        "../shared/\(relativePath) is absent\(isHidden ? " (\(variable)=none)" : ""): \(what) skipped"
    }

    private static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
