import Messages
import SpecRunReportCore

extension RequirementsCoverage {
    /// The coverage of a run's message stream; nil when the run carried no requirements attachment.
    package static func make(from envelopes: some Sequence<Envelope>) -> RequirementsCoverage? {
        let index = RunIndex()
        for envelope in envelopes { index.handle(envelope) }
        return make(from: index)
    }

    /// The coverage of an indexed run (what the reports call); nil when the run carried no requirements.
    /// A scenario proves a criterion when it carries the criterion's id as a whole tag (`@CUS-032-AC-001`).
    static func make(from index: RunIndex) -> RequirementsCoverage? {
        let bodies = index.requirementsBodies.compactMap(RequirementsAttachment.decode)
        guard !bodies.isEmpty else { return nil }
        var stories: [RequirementsAttachment.Story] = []
        // A story once over the bodies (shards of one run carry the same stories), but every story of a body, even
        // two of one id (two documents giving the same Document Id: the reader warns).
        var storyKeys: Set<String> = []
        var warnings: [RequirementsWarning] = []
        for body in bodies {
            for story in body.stories where storyKeys.insert("\(story.uri):\(story.line):\(story.id)").inserted {
                stories.append(story)
            }
            for warning in body.warnings ?? [] {
                let merged = RequirementsWarning(uri: warning.uri, line: warning.line, message: warning.message)
                if !warnings.contains(where: { $0.uri == merged.uri && $0.line == merged.line && $0.message == merged.message }) {
                    warnings.append(merged)
                }
            }
        }
        let wanted = Set(stories.flatMap { $0.criteria.map { "@" + $0.id } })
        let scenarios = ScenarioResults(index: index, tags: wanted)
        let scope = bodies.compactMap(\.scope).first
        return RequirementsCoverage(
            stories: stories.map { story in
                StoryCoverage(
                    id: story.id, title: story.title, uri: story.uri, line: story.line,
                    criteria: story.criteria.map { criterion in
                        let covered = scenarios.byTag["@" + criterion.id] ?? []
                        return CriterionCoverage(
                            id: criterion.id, title: criterion.title, type: criterion.type, given: criterion.given,
                            when: criterion.when, then: criterion.then, uri: criterion.uri, line: criterion.line,
                            derived: criterion.derived ?? false,
                            status: CoverageStatus(covered, criterion: criterion.id, scope: scope), scenarios: covered,
                            gate: criterion.gate ?? scenarios.gateByTag["@" + criterion.id])
                    }, narrative: story.narrative ?? "")
            }, warnings: warnings)
    }
}

extension CoverageStatus {
    /// Over the scenarios the run selected: failing when any failed; proven when every one passed and the run left
    /// none of the criterion's scenarios out; not run otherwise. Outside the run when it selected none of them, or when it has none in the files it read but the
    /// run read only some (`scope`) and the others have one (or were not looked at); no scenario otherwise.
    init(_ all: [CoveredScenario], criterion: String = "", scope: RequirementsAttachment.Scope? = nil) {
        let scenarios = all.filter { $0.status != CoveredScenario.notSelected }
        if scenarios.isEmpty {
            if !all.isEmpty {
                self = .outsideRun
            } else if let scope, scope.partial, scope.elsewhere.map({ $0.contains(criterion) }) ?? true {
                self = .outsideRun
            } else {
                self = .noScenario
            }
        } else if scenarios.contains(where: { $0.status == "failed" || $0.status == "ambiguous" }) {
            self = .failing
        } else if scenarios.allSatisfy({ $0.status == "passed" }) {
            // Proof takes every scenario of the criterion: one the run left out (not selected, or in a feature file
            // it did not read) may fail. Six of twelve passing is doubt, and doubt is never green.
            let leftOut = scenarios.count < all.count || (scope?.partial == true && scope?.elsewhere?.contains(criterion) == true)
            self = leftOut ? .notRun : .proven
        } else {
            self = .notRun
        }
    }
}

/// The scenarios of a run that carry one of some tags, with their final results, by tag.
struct ScenarioResults {
    private(set) var byTag: [String: [CoveredScenario]] = [:]
    /// By criterion tag, the gate its scenarios' `@must` / `@should` tags give (must wins).
    private(set) var gateByTag: [String: String] = [:]

    init(index: RunIndex, tags: Set<String>) {
        var statuses: [String: TestStepResultStatus] = [:]
        var selected = Set<String>()
        for record in index.allCaseRecords { selected.insert(record.testCase.pickleId) }
        for attempt in index.finalAttempts() {
            guard let testCase = index.testCase(of: attempt) else { continue }
            statuses[testCase.pickleId] = index.status(of: attempt)
        }
        for pickleId in index.pickleOrder {
            guard let pickle = index.pickle(id: pickleId) else { continue }
            let matching = pickle.tags.map(\.name).filter(tags.contains)
            guard !matching.isEmpty else { continue }
            let status =
                !selected.contains(pickleId)
                ? CoveredScenario.notSelected
                : statuses[pickleId].map { $0 == .unknown ? "not-run" : $0.lowercased } ?? "not-run"
            let lineage = index.lineage(of: pickle)
            let line = pickle.location?.line ?? lineage?.row?.location.line ?? lineage?.scenario?.location.line ?? 0
            let scenario = CoveredScenario(name: pickle.name, uri: pickle.uri, line: Int(line), status: status)
            let names = pickle.tags.map(\.name)
            let gate = names.contains("@must") ? "must" : names.contains("@should") ? "should" : nil
            for tag in Set(matching) {
                byTag[tag, default: []].append(scenario)
                if let gate, gateByTag[tag] != "must" { gateByTag[tag] = gate }
            }
        }
    }
}

extension CoveredScenario {
    /// The status of a scenario the run did not select.
    static let notSelected = "not-selected"
}
