import Messages
import SpecRunReportCore

/// The scenarios to run again (failed, undefined, pending, ambiguous) as `path:line:line`, one file per line,
/// for `specrun @rerun.txt`.
struct RerunWriter {
    let index: RunIndex

    /// A file to rerun whose name has a line break: the rerun format (one `file:line` a line) has no escape, and
    /// its reader splits at `\n` and `\r`, so the list would name other files.
    struct UnwritableName: Error, CustomStringConvertible {
        let uri: String
        /// A rerun file of an earlier run was at the path, and was removed.
        var removedEarlier = false

        var description: String {
            "the feature file \(String(reflecting: uri)) has a line break in its name, which a rerun file (one file:line a line) "
                + "cannot hold; rename the file. No rerun file was written"
                + (removedEarlier ? ", and the one of an earlier run was removed (it would replay an old list)" : "")
        }
    }

    /// Throws `UnwritableName` rather than write a list that leaves a scenario out or names another file.
    func document() throws -> String {
        var lines: [String: Set<Int>] = [:]
        for attempt in index.problemAttempts() {
            guard let pickle = index.pickle(of: attempt) else { continue }
            let line = pickle.location?.line ?? index.lineage(of: pickle)?.scenario?.location.line ?? 0
            lines[pickle.uri, default: []].insert(line)
        }
        let uris = lines.keys.sorted()
        if let uri = uris.first(where: { $0.unicodeScalars.contains { $0 == "\n" || $0 == "\r" } }) {
            throw UnwritableName(uri: uri)
        }
        return uris.map { uri in
            ([uri] + lines[uri]!.sorted().map(String.init)).joined(separator: ":") + "\n"
        }.joined()
    }
}
