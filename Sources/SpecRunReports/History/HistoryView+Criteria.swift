import SpecRunReportCore

/// The history of the story documents' criteria: what changed in the documentation since the previous run, and
/// each criterion's status over the last runs (requirements' health over time, not only the scenarios').
extension HistoryView {
    /// What changed in the documentation since the previous run; nil without a previous run, or when this run or
    /// the previous one did not record its criteria's words (a run without story documents, an older record).
    var documentationChanges: (previous: HistoryRun, diff: DocumentationDiff)? {
        guard let before = previous.last, let old = before.criteria, let new = current.criteria,
            old.allSatisfy({ $0.words != nil }), new.allSatisfy({ $0.words != nil })
        else { return nil }
        return (before, DocumentationDiff(old: old, new: new))
    }

    /// This run's criteria, each with its status in each of the last runs (`shown`, oldest first, this one last):
    /// as the run recorded it, else as its scenarios' results there tell (failing when one failed, proven when
    /// all that ran passed), nil when the run has nothing of it. Empty without a previous run or without criteria.
    func criteriaOverRuns() -> (runs: [HistoryRun], rows: [(id: String, statuses: [String?])]) {
        guard !previous.isEmpty, let criteria = current.criteria else { return ([], []) }
        let runs = Array(previous.suffix(Self.shown - 1)) + [current]
        let recorded = runs.map { run in
            run.criteria.map { Dictionary($0.map { ($0.id, $0.status) }, uniquingKeysWith: { first, _ in first }) }
        }
        let derived = runs.map { run -> [String: String] in
            guard run.criteria == nil else { return [:] }
            var statuses: [String: String] = [:]
            for scenario in run.scenarios {
                statuses[HistoryCriterion.scenarioName(key: scenario.key, name: scenario.name)] = scenario.status
            }
            return statuses
        }
        let rows = criteria.map { criterion in
            (
                id: criterion.id,
                statuses: runs.indices.map { number -> String? in
                    if let recorded = recorded[number] { return recorded[criterion.id] }
                    return Self.status(of: criterion.scenarios ?? [], in: derived[number])
                }
            )
        }
        return (runs, rows)
    }

    /// A criterion's status in a run of an older record, from its scenarios' results there.
    private static func status(of scenarios: [String], in results: [String: String]) -> String? {
        let found = scenarios.compactMap { results[$0] }
        if found.isEmpty { return nil }
        if found.contains(where: { $0 == "failed" || $0 == "ambiguous" }) { return CoverageStatus.failing.rawValue }
        if found.allSatisfy({ $0 == "passed" }) { return CoverageStatus.proven.rawValue }
        return CoverageStatus.notRun.rawValue
    }
}
