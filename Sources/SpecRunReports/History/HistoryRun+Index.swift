import Messages
import SpecRunReportCore

extension HistoryRun {
    /// The record of an indexed run (one run, or CI shards merged into one stream): each scenario's final attempt.
    static func make(from index: RunIndex) -> HistoryRun {
        let ids = index.runStarted.compactMap(\.id).sorted()
        let start = (index.runStart?.totalNanos ?? 0) / 1_000_000
        var scenarios: [HistoryScenario] = []
        for attempt in index.finalAttempts() {
            guard let pickle = index.pickle(of: attempt) else { continue }
            scenarios.append(
                HistoryScenario(
                    key: key(of: pickle, in: index), name: pickle.name,
                    status: index.outcomeStatus(of: attempt).lowercased,
                    duration: index.duration(of: attempt) / 1_000_000,
                    attempts: Int(attempt.started.attempt) + 1))
        }
        let id = ids.isEmpty ? "run-\(start)" : ids.joined(separator: ",")
        return HistoryRun(id: id, start: start, duration: index.runDuration / 1_000_000, scenarios: scenarios)
    }

    /// `uri:line`, the line of the scenario or of its Examples row.
    static func key(of pickle: Pickle, in index: RunIndex) -> String {
        let lineage = index.lineage(of: pickle)
        let line = lineage?.row?.location.line ?? lineage?.scenario?.location.line ?? pickle.location?.line ?? 0
        return "\(pickle.uri):\(line)"
    }
}
