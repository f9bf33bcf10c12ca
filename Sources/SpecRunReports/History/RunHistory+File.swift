import Foundation
import SpecRunReportCore
import SpecRunSystem

/// The history file on disk, safe under concurrent runs and never lost:
///
/// * A run's record is added while the history folder is locked (`flock`, through the OS layer): the file is read
///   again under the lock, the run added, and the result written to a new file beside it that is renamed over it
///   (`rename` is atomic: a reader sees the old file or the new one, never half of one). Runs that end at the same
///   time on one folder take turns; each one's record lands.
/// * A file specrun cannot read (truncated, corrupt, not a history) or of a newer format version is never
///   overwritten: it is set aside (`specrun-history.json.unreadable-<UTC time>`), named in one line, and a new
///   history is started.
extension RunHistory {
    /// What a history file holds.
    package enum FileContent: Equatable {
        case missing
        case history(RunHistory)
        /// Why specrun cannot use it: "truncated or not a specrun history file", "format version 7, newer …".
        case unreadable(String)
    }

    /// The file's content, read now.
    package static func read(_ path: String) -> FileContent {
        guard let data = FileManager.default.contents(atPath: path) else {
            return FileManager.default.fileExists(atPath: path) ? .unreadable("not readable") : .missing
        }
        if let history = decode(data) { return .history(history) }
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let found = object["version"] as? Int,
            found > version
        {
            return .unreadable("written by a newer specrun (format version \(found); this one reads version \(version))")
        }
        return .unreadable("truncated or not a specrun history file (version \(version))")
    }

    /// How long a run waits for another one's turn at the folder (each turn is one read and one write).
    package static let lockTimeoutMilliseconds: Int32 = 60_000

    /// Adds `run` to the history file at `path` under the folder's lock; an unreadable file is set aside first
    /// and `note` told in one line. Throws (the report is then named as not written) when the folder cannot be
    /// locked or the file cannot be written; the file there is then left as it was.
    /// A run that ran no scenario to a result (`--dry-run`, no scenario selected, every one skipped) is not added:
    /// it would be the "previous run" of the next one, whose scenarios and criteria would then read as new failures,
    /// coverage lost or gained against a run that proved nothing; `note` says so in one line.
    package static func record(_ run: HistoryRun, in path: String, note: (String) -> Void) throws {
        guard run.ranAScenario else {
            note(
                "\(path): this run ran no scenario to a result (a dry run, or none selected or all skipped); the history keeps "
                    + "runs that ran, so it is not added")
            return
        }
        // A history file that is a link (to a shared folder, a cache kept between CI jobs) is written through: the
        // link is kept and its target gets the run, as every report path's link is (one someone else planted in a
        // shared folder is not followed). (The atomic replace put a new file in the link's place: the target, where
        // the user looks, kept its old runs and got no new one.)
        let path = (try? StreamingFileSink.resolvingLinks(path)) ?? path
        let folder = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let lock = specrun_lock_exclusive(folder, lockTimeoutMilliseconds)
        guard lock >= 0 else {
            throw HistoryFileError(message: "cannot lock the history folder \(folder) (\(String(cString: strerror(errno))))")
        }
        defer { close(lock) }
        var history = RunHistory()
        switch read(path) {
        case .missing: break
        case .history(let kept): history = kept
        case .unreadable(let why):
            let aside = try setAside(path)
            note("\(path): \(why); it is set aside as \(aside) (nothing in it is lost) and a new history is started")
        }
        let text = history.adding(run).encoded()
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw HistoryFileError(message: "cannot write \(path) (\(error.localizedDescription))")
        }
    }

    /// Renames the file to a name of its own beside it (never over another file); returns the new path.
    private static func setAside(_ path: String) throws -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let base = "\(path).unreadable-\(formatter.string(from: Date()))"
        var candidate = base
        var number = 1
        while FileManager.default.fileExists(atPath: candidate)
            || (try? FileManager.default.destinationOfSymbolicLink(atPath: candidate)) != nil
        {
            number += 1
            candidate = "\(base)-\(number)"
        }
        guard rename(path, candidate) == 0 else {
            throw HistoryFileError(
                message: "\(path) cannot be read and cannot be set aside (\(String(cString: strerror(errno)))); it is left as it is")
        }
        return candidate
    }
}

/// Why the history was not written: one line for the report's "could not write" message.
package struct HistoryFileError: Error, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}
