import Foundation
import Messages

/// What a run that is still going (or was killed) has on disk, and waiting for it: the end-to-end tests that kill
/// `specrun` at a chosen moment share these.
enum RunOnDisk {
    /// Polls `condition` every `interval` until it holds or `seconds` pass (generous: a loaded 2-core machine);
    /// whether it held.
    @discardableResult
    static func waitUntil(seconds: TimeInterval, every interval: TimeInterval = 0.02, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: interval)
        }
        return condition()
    }

    /// The name of the message stream `m.ndjson` being written in `folder` (its temporary file), or of its journal.
    static func streamName(in folder: String, journal: Bool = false) -> String? {
        (try? FileManager.default.contentsOfDirectory(atPath: folder))?.first {
            $0.hasPrefix(".m.ndjson.") && $0.hasSuffix(".journal.tmp") == journal
        }
    }

    /// That file's text.
    static func streamText(in folder: String, journal: Bool = false) -> String? {
        streamName(in: folder, journal: journal).flatMap { try? String(contentsOfFile: "\(folder)/\($0)", encoding: .utf8) }
    }

    /// That file's envelopes, whole lines only (the last may be cut by a kill).
    static func stream(in folder: String, journal: Bool = false) -> [Envelope]? {
        guard let name = streamName(in: folder, journal: journal),
            let data = FileManager.default.contents(atPath: "\(folder)/\(name)")
        else { return nil }
        let whole = data.lastIndex(of: 0x0A).map { data[...$0] } ?? Data()
        return try? NDJSON.decode(Data(whole))
    }
}
