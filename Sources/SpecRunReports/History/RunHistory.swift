import Foundation
import SpecRunReportCore

/// The runs `--history DIR` keeps (`DIR/specrun-history.json`): per run its start, duration and each scenario's
/// final status, duration and attempt count, compact (one JSON array per scenario) and bounded (the last
/// `maxRuns` runs, fewer when they hold more than `maxEntries` scenario results); with story documents, each
/// criterion's status too, and on the newest `documentedRuns` runs the criteria's words and scenarios. Read before a run, so the
/// reports can say what changed since the previous one; written when the run's reports are.
package struct RunHistory: Sendable, Equatable {
    package static let fileName = "specrun-history.json"
    package static let version = 1
    package static let maxRuns = 30
    package static let maxEntries = 200_000
    /// The newest runs that keep their criteria's words and scenarios (the next run compares its documentation
    /// with the previous one's); the older ones keep each criterion's status only.
    package static let documentedRuns = 2

    /// Oldest first.
    package var runs: [HistoryRun]

    package init(runs: [HistoryRun] = []) { self.runs = runs }

    /// The file of a history folder.
    package static func file(in folder: String) -> String {
        (folder.hasSuffix("/") ? folder : folder + "/") + fileName
    }

    /// The history in a file, for the reports that compare with earlier runs; empty when there is none yet or
    /// specrun cannot read it (the history report then sets that file aside and names it: see `record`).
    package static func load(_ path: String) -> RunHistory {
        if case .history(let history) = read(path) { return history }
        return RunHistory()
    }

    /// This history with a run added (replacing an earlier record of the same run, as `specrun report` on the
    /// same stream would make), trimmed to its bounds.
    package func adding(_ run: HistoryRun) -> RunHistory {
        var runs = self.runs.filter { $0.id != run.id }
        runs.append(run)
        runs.sort { $0.start < $1.start }
        var kept: [HistoryRun] = []
        var entries = 0
        for run in runs.reversed() {
            guard kept.count < Self.maxRuns, kept.isEmpty || entries + run.scenarios.count <= Self.maxEntries else { break }
            entries += run.scenarios.count
            var run = run
            if kept.count >= Self.documentedRuns { run.criteria = run.criteria?.map(\.statusOnly) }
            kept.append(run)
        }
        return RunHistory(runs: kept.reversed())
    }

    /// The runs before a run (itself left out when the history already holds it), oldest first (by start; runs that
    /// started at the same millisecond in the file's order).
    package func runs(before run: HistoryRun) -> [HistoryRun] {
        // In time order whatever the file's order (a file merged or written by hand): the last is the previous run.
        runs.filter { $0.id != run.id && $0.start <= run.start }.enumerated().sorted {
            ($0.element.start, $0.offset) < ($1.element.start, $1.offset)
        }
        .map(\.element)
    }
}

/// One run: when it started (milliseconds since 1970), how long it took, and its scenarios' results.
package struct HistoryRun: Sendable, Equatable {
    /// The run's testRunStarted id(s), sorted and joined: a merged stream of shards is one run.
    package var id: String
    package var start: Int64
    package var duration: Int64
    package var scenarios: [HistoryScenario]
    /// A scenario of it ran to a result (passed, failed, pending, undefined or ambiguous): not a dry run, not a
    /// run that selected nothing or skipped everything.
    package var ranAScenario: Bool { scenarios.contains { $0.status != "skipped" && $0.status != "unknown" } }
    /// The story documents' criteria in this run; nil when the run carried none (or an older specrun recorded it).
    package var criteria: [HistoryCriterion]?

    package init(id: String, start: Int64, duration: Int64, scenarios: [HistoryScenario], criteria: [HistoryCriterion]? = nil) {
        self.id = id
        self.start = start
        self.duration = duration
        self.scenarios = scenarios
        self.criteria = criteria
    }
}

/// A scenario's result in one run. `key` is `uri:line` (the report's anchor of the scenario).
package struct HistoryScenario: Sendable, Equatable {
    package var key: String
    package var name: String
    /// passed, failed, pending, undefined, ambiguous, skipped or unknown.
    package var status: String
    /// Milliseconds.
    package var duration: Int64
    package var attempts: Int
    /// The step that failed (failed or ambiguous scenarios only): what the editor shows beside it.
    package var failure: HistoryFailure?

    package init(key: String, name: String, status: String, duration: Int64, attempts: Int, failure: HistoryFailure? = nil) {
        self.key = key
        self.name = name
        self.status = status
        self.duration = duration
        self.attempts = attempts
        self.failure = failure
    }

    /// Failed or ambiguous: what "a failure" means across runs.
    var failed: Bool { status == "failed" || status == "ambiguous" }
}

/// Where a scenario failed: the failing step's line in its feature file (a hook's: the scenario's), its text, and
/// the first lines of its message (expected/got), at most `maxMessage` characters.
package struct HistoryFailure: Sendable, Equatable {
    package static let maxMessage = 600
    package var line: Int
    package var step: String
    package var message: String

    package init(line: Int, step: String, message: String) {
        self.line = line
        self.step = step
        self.message = message.count > Self.maxMessage ? String(message.prefix(Self.maxMessage)) + "…" : message
    }
}
