import Messages
import SpecRunReportCore

/// The requirements view's data: the coverage of the story documents' criteria the run carried
/// (`RequirementsCoverage`, the same the other reports show), each criterion's scenarios as the page's anchors.
struct HTMLRequirements {
    let coverage: RequirementsCoverage

    /// The requirements of the run, nil when it carries none.
    init?(index: RunIndex) {
        guard let coverage = RequirementsCoverage.make(from: index) else { return nil }
        self.coverage = coverage
    }

    func write(_ json: inout HTMLDataWriter) {
        typealias Key = HTMLContract.Requirements
        typealias StoryKey = HTMLContract.Story
        typealias CriterionKey = HTMLContract.Criterion
        json.openObject()
        json.key(Key.stories)
        json.openArray()
        for story in coverage.stories {
            json.openObject()
            json.field(StoryKey.id, story.id)
            json.field(StoryKey.title, story.title)
            json.optional(StoryKey.narrative, story.narrative)
            json.optional(StoryKey.uri, story.uri)
            if story.line > 0 { json.field(StoryKey.line, story.line) }
            json.key(StoryKey.criteria)
            json.openArray()
            for criterion in story.criteria {
                json.openObject()
                json.field(CriterionKey.id, criterion.id)
                json.field(CriterionKey.title, criterion.title)
                json.optional(CriterionKey.type, criterion.type)
                json.strings(CriterionKey.given, criterion.given)
                json.strings(CriterionKey.when, criterion.when)
                json.strings(CriterionKey.then, criterion.then)
                json.optional(CriterionKey.uri, criterion.uri)
                if criterion.line > 0 { json.field(CriterionKey.line, criterion.line) }
                if criterion.derived { json.field(CriterionKey.derived, true) }
                if criterion.isBroken { json.field(CriterionKey.broken, true) }
                json.optional(CriterionKey.gate, criterion.gate)
                json.field(CriterionKey.status, criterion.status.rawValue)
                json.strings(CriterionKey.scenarios, criterion.scenarios.map { "\($0.uri):\($0.line)" })
                let unselected = criterion.scenarios.filter { $0.status == CoveredScenario.notSelected }
                if !unselected.isEmpty { json.strings(CriterionKey.unselected, unselected.map { "\($0.uri):\($0.line)" }) }
                json.closeObject()
            }
            json.closeArray()
            json.field(StoryKey.proven, story.proven)
            json.field(StoryKey.total, story.total)
            json.closeObject()
        }
        json.closeArray()
        json.field(Key.proven, coverage.proven)
        json.field(Key.total, coverage.total)
        json.field(Key.outside, coverage.outside)
        json.strings(Key.warnings, coverage.warnings.map { "\($0.uri):\($0.line): \($0.message)" })
        if let gate = ReleaseGate(coverage: coverage) {
            json.field(Key.gate, gate.verdict)
            json.field(Key.blocked, gate.blocked)
        }
        json.closeObject()
    }
}
