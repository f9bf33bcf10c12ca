import Foundation

/// A `TokenStore` that keeps the bytes in one file readable and writable by its owner only (0600).
///
/// The bytes are first written to a temporary file that already has 0600 permissions, then moved over the
/// destination, so the token is never readable by others, not even for an instant, and never half-written.
public struct FileTokenStore: TokenStore {
    public let fileURL: URL

    public enum Error: Swift.Error, Equatable {
        case cannotWrite(path: String)
    }

    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    public func retrieve() async throws -> Data? {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return nil }
        return try Data(contentsOf: fileURL)
    }

    public func insert(_ data: Data) async throws {
        let manager = FileManager.default
        let directory = fileURL.deletingLastPathComponent()
        try manager.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = directory.appendingPathComponent(".\(fileURL.lastPathComponent).\(UUID().uuidString).tmp")
        guard manager.createFile(atPath: temporary.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw Error.cannotWrite(path: temporary.path)
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            try handle.synchronize()
            // rename(2) replaces the destination atomically (FileManager's replaceItemAt does not on Linux).
            guard rename(temporary.path, fileURL.path) == 0 else {
                throw Error.cannotWrite(path: fileURL.path)
            }
        } catch {
            try? manager.removeItem(at: temporary)
            throw error
        }
    }

    public func delete() async throws {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return }
        try FileManager.default.removeItem(at: fileURL)
    }
}
