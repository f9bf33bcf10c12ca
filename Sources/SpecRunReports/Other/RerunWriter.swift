import Messages

/// The scenarios to run again (failed, undefined, pending, ambiguous) as `path:line:line`, one file per line,
/// for `specrun @rerun.txt`.
struct RerunWriter {
    let index: RunIndex

    func document() -> String {
        var lines: [String: Set<Int>] = [:]
        for attempt in index.problemAttempts() {
            guard let pickle = index.pickle(of: attempt) else { continue }
            let line = pickle.location?.line ?? index.lineage(of: pickle)?.scenario?.location.line ?? 0
            lines[pickle.uri, default: []].insert(line)
        }
        return lines.keys.sorted().map { uri in
            ([uri] + lines[uri]!.sorted().map(String.init)).joined(separator: ":") + "\n"
        }.joined()
    }
}
