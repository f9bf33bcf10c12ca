import Messages
import SpecRunReportCore

extension HistoryRun {
    /// The record of an indexed run (one run, or CI shards merged into one stream): each scenario's final attempt,
    /// and the story documents' criteria (their coverage made again, unless `criteria` is false: the reports that
    /// read only the scenarios' history).
    static func make(from index: RunIndex, criteria: Bool = true) -> HistoryRun {
        make(from: index, coverage: criteria ? RequirementsCoverage.make(from: index) : nil)
    }

    /// The record of an indexed run whose criteria coverage is made already.
    static func make(from index: RunIndex, coverage: RequirementsCoverage?) -> HistoryRun {
        let ids = index.runStarted.compactMap(\.id).sorted()
        let start = (index.runStart?.totalNanos ?? 0) / 1_000_000
        var scenarios: [HistoryScenario] = []
        for attempt in index.finalAttempts() {
            guard let pickle = index.pickle(of: attempt) else { continue }
            let status = index.outcomeStatus(of: attempt)
            scenarios.append(
                HistoryScenario(
                    key: key(of: pickle, in: index), name: pickle.name,
                    status: status.lowercased,
                    duration: index.duration(of: attempt) / 1_000_000,
                    attempts: Int(attempt.started.attempt) + 1,
                    failure: status == .failed || status == .ambiguous ? failure(of: attempt, pickle: pickle, in: index) : nil))
        }
        let id = ids.isEmpty ? "run-\(start)" : ids.joined(separator: ",")
        return HistoryRun(
            id: id, start: start, duration: index.runDuration / 1_000_000, scenarios: scenarios,
            criteria: coverage.map(HistoryCriterion.all))
    }

    /// The first failed (or ambiguous) step of an attempt: its line, text and message (a hook's: the scenario's line).
    static func failure(of attempt: RunIndex.Attempt, pickle: Pickle, in index: RunIndex) -> HistoryFailure? {
        let scenarioLine = index.lineage(of: pickle)?.scenario?.location.line ?? pickle.location?.line ?? 0
        for (step, outcome) in index.results(of: attempt) where outcome.status == .failed || outcome.status == .ambiguous {
            let result = outcome.testStepResult
            let message = result.message ?? result.exception?.message ?? outcome.status.lowercased
            guard let id = step.pickleStepId, let pickleStep = index.pickleStep(id) else {
                return HistoryFailure(line: scenarioLine, step: "a hook", message: message)
            }
            let line = index.lineage(of: pickleStep)?.step?.location.line ?? scenarioLine
            return HistoryFailure(line: line, step: pickleStep.text, message: message)
        }
        return nil
    }

    /// `uri:line`, the line of the scenario or of its Examples row.
    static func key(of pickle: Pickle, in index: RunIndex) -> String {
        let lineage = index.lineage(of: pickle)
        let line = lineage?.row?.location.line ?? lineage?.scenario?.location.line ?? pickle.location?.line ?? 0
        return "\(pickle.uri):\(line)"
    }
}
