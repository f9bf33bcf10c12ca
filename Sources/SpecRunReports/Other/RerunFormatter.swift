import Messages

/// The scenarios to run again (failed, undefined, pending, ambiguous) as `path:line:line`, one file per line,
/// for `specrun @rerun.txt`.
final class RerunFormatter: EnvelopeFormatter {
    private let sink: any TextSink
    private let index = RunIndex()

    init(sink: any TextSink) { self.sink = sink }

    func handle(_ envelope: Envelope) { index.handle(envelope) }

    func finish() throws {
        var lines: [String: Set<Int>] = [:]
        for attempt in index.finalAttempts() where index.status(of: attempt).isProblem {
            guard let pickle = index.pickle(of: attempt) else { continue }
            let line = pickle.location?.line ?? index.lineage(of: pickle)?.scenario?.location.line ?? 0
            lines[pickle.uri, default: []].insert(line)
        }
        let text = lines.keys.sorted().map { uri in
            ([uri] + lines[uri]!.sorted().map(String.init)).joined(separator: ":") + "\n"
        }.joined()
        sink.write(text)
        try sink.close()
    }
}
