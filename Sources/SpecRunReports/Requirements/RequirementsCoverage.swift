import SpecRunReportCore

/// The requirements view of a run: every criterion of the story documents the run carried (the
/// `application/vnd.specrun.requirements+json` attachment), with the scenarios tagged with its id and whether
/// they prove it. Built from the message stream only, so `specrun report` rebuilds it from saved streams.
package struct RequirementsCoverage: Sendable {
    package var stories: [StoryCoverage]
    /// Criteria proven, over every story.
    package var proven: Int
    /// Criteria, over every story.
    package var total: Int
    /// Criteria whose scenarios this run did not select (a path or `--tags` left them out): it cannot prove them.
    package var outside: Int
    /// Criteria the run could prove or disprove: the total less those outside it.
    package var provable: Int { total - outside }
    /// What the reader of the documents noticed (a misspelt keyword, a document without criteria).
    package var warnings: [RequirementsWarning]

    package init(stories: [StoryCoverage], warnings: [RequirementsWarning] = []) {
        self.stories = stories
        self.proven = stories.reduce(0) { $0 + $1.proven }
        self.total = stories.reduce(0) { $0 + $1.total }
        self.outside = stories.reduce(0) { $0 + $1.criteria.filter { $0.status == .outsideRun }.count }
        self.warnings = warnings
    }
}

/// One story document's criteria and how many of them are proven.
package struct StoryCoverage: Sendable {
    package var id: String
    package var title: String
    package var uri: String
    package var line: Int
    package var criteria: [CriterionCoverage]
    package var proven: Int
    package var total: Int
    /// The story's narrative as the document writes it ("As a … I want … so that …"), "" when it has none.
    package var narrative: String

    package init(id: String, title: String, uri: String, line: Int, criteria: [CriterionCoverage], narrative: String = "") {
        self.id = id
        self.narrative = narrative
        self.title = title
        self.uri = uri
        self.line = line
        self.criteria = criteria
        self.proven = criteria.filter { $0.status == .proven }.count
        self.total = criteria.count
    }
}

/// One acceptance criterion: the document's words, where it is, and the scenarios behind it.
package struct CriterionCoverage: Sendable {
    package var id: String
    package var title: String
    /// The document's type of criterion (`Happy_Path`, `Error_Condition`, `error course`…), "" when it says none.
    package var type: String
    package var given: [String]
    package var when: [String]
    package var then: [String]
    package var uri: String
    package var line: Int
    /// The id was derived from the story and the criterion's position (the document gives none).
    package var derived: Bool
    package var status: CoverageStatus
    package var scenarios: [CoveredScenario]
    /// The release gate's mark: `must` or `should` (the document's `Must:` / `Should:` lines, else a `@must` /
    /// `@should` tag of a scenario carrying its id), nil without one.
    package var gate: String?

    package init(
        id: String, title: String, type: String, given: [String], when: [String], then: [String],
        uri: String, line: Int, derived: Bool = false, status: CoverageStatus, scenarios: [CoveredScenario],
        gate: String? = nil
    ) {
        self.gate = gate
        self.id = id
        self.title = title
        self.type = type
        self.given = given
        self.when = when
        self.then = then
        self.uri = uri
        self.line = line
        self.derived = derived
        self.status = status
        self.scenarios = scenarios
    }
}

extension CriterionCoverage {
    /// Failing, or held back by a scenario with steps to write or pending: what keeps the run from shipping.
    package var isBroken: Bool {
        status == .failing || scenarios.contains { $0.status == "undefined" || $0.status == "pending" }
    }
}

/// Whether a criterion is proven by the run.
package enum CoverageStatus: String, Sendable, CaseIterable {
    /// Every scenario tagged with it passed.
    case proven
    /// A scenario tagged with it failed (or was ambiguous).
    case failing
    /// Scenarios the run selected are tagged with it, but none ran to a result that proves or disproves it
    /// (skipped, undefined, pending, stopped before), or some passed and others did not run — among them those the
    /// run left out (`--tags`, a path, a shard): a criterion is proven only by all its scenarios.
    case notRun = "not-run"
    /// No scenario carries its id, in the files the run read and (on a run of some paths) in the project's other
    /// feature files.
    case noScenario = "no-scenario"
    /// Its scenarios were not selected by this run (a path or `--tags` left them out), or the run read only some
    /// feature files and its scenarios may be in the others: the run can say nothing about it.
    case outsideRun = "outside"
}

/// A scenario (or example row) tagged with a criterion's id, and its result in the run.
package struct CoveredScenario: Sendable {
    package var name: String
    package var uri: String
    package var line: Int
    /// `passed`, `failed`, `skipped`, `undefined`, `pending`, `ambiguous`, `not-run` (selected, but it did not
    /// run to a result) or `not-selected` (a path's line or `--tags` left it out of the run).
    package var status: String

    package init(name: String, uri: String, line: Int, status: String) {
        self.name = name
        self.uri = uri
        self.line = line
        self.status = status
    }
}

/// A remark of the documents' reader, at a place in a document.
package struct RequirementsWarning: Sendable {
    package var uri: String
    package var line: Int
    package var message: String

    package init(uri: String, line: Int, message: String) {
        self.uri = uri
        self.line = line
        self.message = message
    }
}
