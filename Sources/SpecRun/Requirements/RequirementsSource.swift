import Foundation
import Messages
import Requirements
import SpecRunReports

/// The story documents of a run: `--requirements DIR`, else `Requirements/` in the working folder when it exists,
/// none with `--no-requirements`.
enum RequirementsSource {
    static let defaultFolder = "Requirements"

    /// The folder to read, nil for none. A folder given explicitly must exist.
    static func folder(given: String?, disabled: Bool, exists: (String) -> Bool) -> String? {
        if disabled { return nil }
        if let given { return given }
        return exists(defaultFolder) ? defaultFolder : nil
    }

    /// The criteria of a folder, read once for the run.
    static func read(_ folder: String) throws -> RequirementsSet {
        do {
            return try RequirementsReader.read(folder: folder)
        } catch let error as RequirementsError {
            throw UsageError(message: "--requirements: \(error.message)")
        }
    }

    static func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }
}

/// Adds the requirements attachment to the CLI's envelope stream, once, right after testRunStarted: the one
/// place every source (in-process run, worker processes) passes, so every report and the saved `message`
/// stream carry the criteria.
final class RequirementsInjection {
    private let body: String?
    private var injected = false

    init(body: String?) { self.body = body }

    /// The envelope, followed by the attachment when it is the run's testRunStarted.
    func deliver(_ envelope: Envelope, to listen: (Envelope) -> Void) {
        listen(envelope)
        guard let body, !injected, let started = envelope.testRunStarted else { return }
        injected = true
        listen(RequirementsAttachment.envelope(body: body, testRunStartedId: started.id))
    }
}
