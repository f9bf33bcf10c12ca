import SpecRunReportCore

/// The history view's data (`--history`): the runs' totals and durations, and by scenario what changed.
struct HTMLHistory {
    let view: HistoryView

    /// Status letters: p passed, f failed, a ambiguous, u undefined, n pending, s skipped, x not run.
    static let letters: [String: Character] = [
        "passed": "p", "failed": "f", "ambiguous": "a", "undefined": "u",
        "pending": "n", "skipped": "s",
    ]

    func write(_ json: inout HTMLDataWriter) {
        typealias Key = HTMLContract.History
        typealias RunKey = HTMLContract.HistoryRun
        json.openObject()
        json.key(Key.runs)
        json.openArray()
        for run in view.previous.suffix(RunHistory.maxRuns - 1) + [view.current] {
            json.openObject()
            json.field(RunKey.start, run.start)
            json.field(RunKey.duration, run.duration)
            json.field(RunKey.passed, run.scenarios.filter { $0.status == "passed" }.count)
            json.field(RunKey.failed, run.scenarios.filter(\.failed).count)
            json.field(RunKey.total, run.scenarios.count)
            json.closeObject()
        }
        json.closeArray()
        // Only the scenarios that did not pass every time: the others are "passed in each of the last runs".
        json.key(Key.recent)
        json.openArray()
        for (key, statuses) in view.recent().sorted(by: { $0.key < $1.key }) where statuses.contains(where: { $0 != "passed" }) {
            json.openArray()
            json.string(key)
            json.string(String(statuses.map { Self.letters[$0] ?? "x" }))
            json.closeArray()
        }
        json.closeArray()
        json.strings(Key.newFailures, view.newFailures)
        json.strings(Key.fixed, view.fixed)
        json.strings(Key.flaky, view.flaky)
        json.key(Key.since)
        json.openArray()
        for (key, since) in view.failingSince().sorted(by: { $0.key < $1.key }) {
            json.openArray()
            json.string(key)
            json.int(Int64(since.runs))
            json.int(since.since)
            if let last = since.lastPassed { json.int(last) }
            json.closeArray()
        }
        json.closeArray()
        json.closeObject()
    }
}
