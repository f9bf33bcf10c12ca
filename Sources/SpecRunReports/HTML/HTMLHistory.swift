import SpecRunReportCore

/// The history view's data (`--history`): the runs' totals and durations, and by scenario what changed. Worked
/// out once; an `html-site` feature page writes the slice of its own feature (`byFeature()`).
struct HTMLHistory {
    struct RunTotals {
        let start: Int64
        let duration: Int64
        let passed: Int
        let failed: Int
        let total: Int
    }

    /// The runs' totals, oldest first, this one last.
    let runs: [RunTotals]
    /// Each scenario that did not pass every time, with its status letters, by key.
    var recent: [(key: String, letters: String)]
    var newFailures: [String]
    var fixed: [String]
    var flaky: [String]
    var since: [(key: String, since: FailingSince)]
    /// Each criterion not proven in each of the last runs, with a letter per run (`criterionLetters`).
    var criteria: [(id: String, letters: String)]

    /// Status letters: p passed, f failed, a ambiguous, u undefined, n pending, s skipped, x not run.
    static let letters: [String: Character] = [
        "passed": "p", "failed": "f", "ambiguous": "a", "undefined": "u",
        "pending": "n", "skipped": "s",
    ]

    init(view: HistoryView) {
        runs = (Array(view.previous.suffix(RunHistory.maxRuns - 1)) + [view.current]).map { run in
            RunTotals(
                start: run.start, duration: run.duration, passed: run.scenarios.filter { $0.status == "passed" }.count,
                failed: run.scenarios.filter(\.failed).count, total: run.scenarios.count)
        }
        // Only the scenarios that did not pass every time: the others are "passed in each of the last runs".
        recent = view.recent().sorted(by: { $0.key < $1.key }).compactMap { key, statuses in
            statuses.contains(where: { $0 != "passed" }) ? (key, String(statuses.map { Self.letters[$0] ?? "x" })) : nil
        }
        newFailures = view.newFailures
        fixed = view.fixed
        flaky = view.flaky
        since = view.failingSince().sorted(by: { $0.key < $1.key }).map { ($0.key, $0.value) }
        criteria = view.criteriaOverRuns().rows.compactMap { row in
            row.statuses.allSatisfy({ $0 == CoverageStatus.proven.rawValue })
                ? nil : (row.id, String(row.statuses.map { $0.flatMap { Self.criterionLetters[$0] } ?? "-" }))
        }
    }

    /// A criterion's status in a run as a letter: p proven, f failing, x not run, u no scenario, o outside the run
    /// (- no record).
    static let criterionLetters: [String: Character] = [
        "proven": "p", "failing": "f", "not-run": "x", "no-scenario": "u", "outside": "o",
    ]

    /// The same history cut to each feature's scenarios (by the uri of their `uri:line` keys); the runs' totals
    /// stay the whole run's.
    func byFeature() -> [String: HTMLHistory] {
        var result: [String: HTMLHistory] = [:]
        let none = empty()
        func slice(_ uri: String) -> HTMLHistory { result[uri] ?? none }
        for entry in recent { let uri = Self.uri(of: entry.key); var h = slice(uri); h.recent.append(entry); result[uri] = h }
        for key in newFailures { let uri = Self.uri(of: key); var h = slice(uri); h.newFailures.append(key); result[uri] = h }
        for key in fixed { let uri = Self.uri(of: key); var h = slice(uri); h.fixed.append(key); result[uri] = h }
        for key in flaky { let uri = Self.uri(of: key); var h = slice(uri); h.flaky.append(key); result[uri] = h }
        for entry in since { let uri = Self.uri(of: entry.key); var h = slice(uri); h.since.append(entry); result[uri] = h }
        return result
    }

    /// The history of a feature with no scenario that changed: the runs' totals only.
    func empty() -> HTMLHistory {
        var empty = self
        empty.recent = []
        empty.newFailures = []
        empty.fixed = []
        empty.flaky = []
        empty.since = []
        empty.criteria = []
        return empty
    }

    static func uri(of key: String) -> String {
        key.lastIndex(of: ":").map { String(key[..<$0]) } ?? key
    }

    func write(_ json: inout HTMLDataWriter) {
        typealias Key = HTMLContract.History
        typealias RunKey = HTMLContract.HistoryRun
        json.openObject()
        json.key(Key.runs)
        json.openArray()
        for run in runs {
            json.openObject()
            json.field(RunKey.start, run.start)
            json.field(RunKey.duration, run.duration)
            json.field(RunKey.passed, run.passed)
            json.field(RunKey.failed, run.failed)
            json.field(RunKey.total, run.total)
            json.closeObject()
        }
        json.closeArray()
        json.key(Key.recent)
        json.openArray()
        for (key, letters) in recent {
            json.openArray()
            json.string(key)
            json.string(letters)
            json.closeArray()
        }
        json.closeArray()
        json.strings(Key.newFailures, newFailures)
        json.strings(Key.fixed, fixed)
        json.strings(Key.flaky, flaky)
        json.key(Key.since)
        json.openArray()
        for (key, since) in since {
            json.openArray()
            json.string(key)
            json.int(Int64(since.runs))
            json.int(since.since)
            if let last = since.lastPassed { json.int(last) }
            json.closeArray()
        }
        json.closeArray()
        if !criteria.isEmpty {
            json.key(Key.criteria)
            json.openArray()
            for (id, letters) in criteria {
                json.openArray()
                json.string(id)
                json.string(letters)
                json.closeArray()
            }
            json.closeArray()
        }
        json.closeObject()
    }
}
