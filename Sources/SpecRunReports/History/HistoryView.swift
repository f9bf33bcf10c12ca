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
    /// A flaky scenario is not one: it failed before and will pass again.
    var newFailures: [String] {
        guard !previous.isEmpty else { return [] }
        let before = last
        let flaky = Set(self.flaky)
        return current.scenarios.filter { $0.failed && before[$0.key]?.failed != true && !flaky.contains($0.key) }.map(\.key)
    }

    /// Passing now, failing in the previous run; a flaky scenario is not fixed (it passed before and failed again).
    var fixed: [String] {
        let before = last
        let flaky = Set(self.flaky)
        return current.scenarios.filter { $0.status == "passed" && before[$0.key]?.failed == true && !flaky.contains($0.key) }
            .map(\.key)
    }

    /// Each scenario's statuses in the last runs, oldest first, this run last.
    func recent() -> [String: [String]] {
        var result: [String: [String]] = [:]
        for run in previous.suffix(Self.shown - 1) + [current] {
            for scenario in run.scenarios { result[scenario.key, default: []].append(scenario.status) }
        }
        return result
    }

    /// Scenarios that flipped between passing and failing at least twice over the last runs (✔✘✔, ✘✔✘…): flaky
    /// across runs, not just broken once (✔✔✘) or broken once and fixed (✘✘✔).
    var flaky: [String] {
        var changes: [String: (count: Int, last: Bool?)] = [:]
        for run in previous.suffix(Self.shown - 1) + [current] {
            for scenario in run.scenarios where scenario.status == "passed" || scenario.failed {
                var entry = changes[scenario.key] ?? (0, nil)
                if let last = entry.last, last != scenario.failed { entry.count += 1 }
                entry.last = scenario.failed
                changes[scenario.key] = entry
            }
        }
        return current.scenarios.map(\.key).filter { (changes[$0]?.count ?? 0) >= 2 }
    }
}
