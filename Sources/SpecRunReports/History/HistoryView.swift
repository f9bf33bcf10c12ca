import SpecRunReportCore

/// What the reports say of a run against the runs before it: new failures, fixed scenarios, flaky ones across
/// runs, each scenario's last results, and the duration trend.
struct HistoryView {
    /// The runs before this one, oldest first.
    let previous: [HistoryRun]
    let current: HistoryRun
    /// How many runs a scenario's own history shows (this one included).
    static let shown = 10

    /// nil without a history; `current` is made only with one (it walks every scenario of the run).
    init?(history: RunHistory?, current: @autoclosure () -> HistoryRun) {
        guard let history else { return nil }
        let current = current()
        self.previous = history.runs(before: current)
        self.current = current
    }

    private var last: [String: HistoryScenario] {
        guard let run = previous.last else { return [:] }
        return Dictionary(run.scenarios.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Failing now, and not failing in the previous run (passed, or not there yet); none without a previous run.
    var newFailures: [String] {
        guard !previous.isEmpty else { return [] }
        let before = last
        return current.scenarios.filter { $0.failed && before[$0.key]?.failed != true }.map(\.key)
    }

    /// Passing now, failing in the previous run.
    var fixed: [String] {
        let before = last
        return current.scenarios.filter { $0.status == "passed" && before[$0.key]?.failed == true }.map(\.key)
    }

    /// Each scenario's statuses in the last runs, oldest first, this run last.
    func recent() -> [String: [String]] {
        var result: [String: [String]] = [:]
        for run in previous.suffix(Self.shown - 1) + [current] {
            for scenario in run.scenarios { result[scenario.key, default: []].append(scenario.status) }
        }
        return result
    }

    /// Scenarios that both passed and failed over the last runs, changing at least twice (or passing only on a
    /// retry in one of them): flaky across runs, not just broken once and fixed.
    var flaky: [String] {
        var changes: [String: (count: Int, last: Bool?, retried: Bool)] = [:]
        for run in previous.suffix(Self.shown - 1) + [current] {
            for scenario in run.scenarios where scenario.status == "passed" || scenario.failed {
                var entry = changes[scenario.key] ?? (0, nil, false)
                if let last = entry.last, last != scenario.failed { entry.count += 1 }
                entry.last = scenario.failed
                if scenario.status == "passed" && scenario.attempts > 1 { entry.retried = true }
                changes[scenario.key] = entry
            }
        }
        return current.scenarios.map(\.key).filter { key in
            guard let entry = changes[key] else { return false }
            return entry.count >= 2 || (entry.retried && entry.count >= 1)
        }
    }
}
