import Foundation
import Requirements
import SpecRunCore

/// The story documents of a run: `--requirements DIR`, else `Requirements/` in the working folder when it exists,
/// none with `--no-requirements`.
package enum RequirementsSource {
    static let defaultFolder = "Requirements"

    /// The folder to read, nil for none. A folder given explicitly must exist.
    package static func folder(given: String?, disabled: Bool, exists: (String) -> Bool) -> String? {
        if disabled { return nil }
        if let given { return given }
        return exists(defaultFolder) ? defaultFolder : nil
    }

    /// The criteria of a folder, read once for the run.
    package static func read(_ folder: String) throws -> RequirementsSet {
        do {
            return try RequirementsReader.read(folder: folder, unreadable: { UnreadableFile.why($0, wanted: inFolder) })
        } catch let error as RequirementsError {
            throw UsageError(message: "--requirements: \(error.message)")
        }
    }

    /// What to do with a FIFO or a device named as a document in the folder (a folder named so is read as a folder).
    static let inFolder = UnreadableFile.Wanted(
        instead: "put the story document itself in its place, or move it out of the folder",
        inFolder: { _ in "move it out of the folder" })

    package static func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }
}
