import Foundation
import SharedState

/// The little file-system access the runner needs.
struct FileSystem: Sendable {
    enum Kind { case file, directory }

    var kindOf: @Sendable (String) -> Kind?
    var listFiles: @Sendable (String) -> [String]
    var readFile: @Sendable (String) -> Data?
    /// The folders under a folder that cannot be listed (no permission): named, not silently skipped.
    var unreadableFolders: @Sendable (String) -> [String] = { _ in [] }
    /// Why a file that could not be read is not read (nil: not known).
    var whyUnreadable: (@Sendable (String) -> String?)? = nil

    func kind(of path: String) -> Kind? { kindOf(path) }
    func files(under path: String) -> [String] { listFiles(path) }
    func read(_ path: String) -> String? { readFile(path).map { String(decoding: $0, as: UTF8.self) } }
    func readData(_ path: String) -> Data? { readFile(path) }

    static let local = FileSystem(
        kindOf: { path in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
            return isDirectory.boolValue ? .directory : .file
        },
        listFiles: { root in
            // Hidden files and folders (.build, .git, …) are not searched.
            let base = root.hasSuffix("/") ? String(root.dropLast()) : root
            guard
                let enumerator = FileManager.default.enumerator(
                    at: URL(fileURLWithPath: base), includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
            else { return [] }
            let prefix = URL(fileURLWithPath: base).standardizedFileURL.path
            return enumerator.compactMap { ($0 as? URL)?.standardizedFileURL.path }.map { path in
                path.hasPrefix(prefix + "/") ? base + path.dropFirst(prefix.count) : path
            }
        },
        readFile: { path in FileManager.default.contents(atPath: path) },
        unreadableFolders: { root in
            let base = root.hasSuffix("/") ? String(root.dropLast()) : root
            let prefix = URL(fileURLWithPath: base).standardizedFileURL.path
            let failed = FailedFolders()
            if let enumerator = FileManager.default.enumerator(
                at: URL(fileURLWithPath: base), includingPropertiesForKeys: nil, options: [.skipsHiddenFiles],
                errorHandler: { url, _ in
                    failed.add(url.standardizedFileURL.path); return true
                })
            {
                while enumerator.nextObject() != nil {}
            }
            if failed.paths.isEmpty, FileManager.default.isReadableFile(atPath: base) == false { return [base] }
            return failed.paths.map { path in path.hasPrefix(prefix + "/") ? base + path.dropFirst(prefix.count) : path }
        },
        whyUnreadable: { UnreadableFile.why($0) })
}

/// The folders an enumeration could not read, collected by its error handler.
private final class FailedFolders: Sendable {
    private let found = Locked<[String]>([])
    var paths: [String] { found.value }
    func add(_ path: String) { found.withLock { paths in if !paths.contains(path) { paths.append(path) } } }
}
