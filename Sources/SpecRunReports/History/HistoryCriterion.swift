import SpecRunReportCore

/// A criterion of the story documents in one run of the history: its id and coverage status (every run keeps
/// these, for the criteria's strip of last runs), and on the newest runs its words and the scenarios covering it
/// too (what `DocumentationDiff` compares: what changed in the documentation since the previous run).
package struct HistoryCriterion: Sendable, Equatable {
    package var id: String
    /// proven, failing, not-run, no-scenario or outside (`CoverageStatus`).
    package var status: String
    /// Its title and Given/When/Then, " / " between them; nil on the older runs (`RunHistory.documentedRuns`).
    package var words: String?
    /// The scenarios carrying its id, each "uri: name" once (a moved line is not a change); nil with `words`.
    package var scenarios: [String]?

    package init(id: String, status: String, words: String? = nil, scenarios: [String]? = nil) {
        self.id = id
        self.status = status
        self.words = words
        self.scenarios = scenarios
    }

    /// Without its words and scenarios: what the older runs of a history keep.
    var statusOnly: HistoryCriterion { HistoryCriterion(id: id, status: status) }
}

extension HistoryCriterion {
    /// Every criterion of a run's coverage, in the documents' order, with its words and scenarios.
    package static func all(_ coverage: RequirementsCoverage) -> [HistoryCriterion] {
        coverage.stories.flatMap(\.criteria).map { criterion in
            var seen = Set<String>()
            let scenarios = criterion.scenarios.map { $0.uri + ": " + $0.name }.filter { seen.insert($0).inserted }
            return HistoryCriterion(id: criterion.id, status: criterion.status.rawValue, words: words(criterion), scenarios: scenarios)
        }
    }

    /// A criterion's words: its title and its Given/When/Then.
    static func words(_ criterion: CriterionCoverage) -> String {
        ([criterion.title] + criterion.given.map { "Given " + $0 } + criterion.when.map { "When " + $0 }
            + criterion.then.map { "Then " + $0 })
            .joined(separator: " / ")
    }
}

extension HistoryCriterion {
    /// "uri: name" of a scenario of the history (`uri:line` key).
    static func scenarioName(key: String, name: String) -> String {
        (key.lastIndex(of: ":").map { String(key[..<$0]) } ?? key) + ": " + name
    }
}
