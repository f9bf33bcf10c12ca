import Foundation
import Messages
import SpecRunReportCore

/// What changed in the living documentation between two runs (`specrun report --diff OLD NEW`): criteria added,
/// reworded or removed; scenarios that newly cover a criterion or no longer do; coverage gained (a criterion
/// proven now and not before) or lost. Read from the criteria coverage of each run's stream only.
package struct DocumentationDiff {
    package struct Reworded: Equatable {
        package let id: String
        package let before: String
        package let after: String
    }

    package struct Covering: Equatable {
        package let id: String
        /// "Features/quiz.feature: A wrong answer is reported".
        package let scenario: String
    }

    package var added: [String] = []
    package var removed: [String] = []
    package var reworded: [Reworded] = []
    package var newlyCovering: [Covering] = []
    package var noLongerCovering: [Covering] = []
    package var gained: [String] = []
    /// Proven before and failing now, or no scenario carries it any more.
    package var lost: [String] = []
    /// Proven before, and its scenarios ran to no result now (a dry run, a run stopped by `--fail-fast`, a step
    /// skipped, pending or undefined): not proven, and not known lost either.
    package var notRunNow: [String] = []
    /// "proven 12 of 20" before and now, and how many of them were outside the run (`--tags`, some paths): a
    /// partial run proves fewer without losing any.
    package var before = (proven: 0, total: 0, outside: 0)
    package var now = (proven: 0, total: 0, outside: 0)

    package init(old: RequirementsCoverage?, new: RequirementsCoverage?) {
        self.init(old: old.map(HistoryCriterion.all) ?? [], new: new.map(HistoryCriterion.all) ?? [])
    }

    /// Between two runs' criteria (two streams' coverage, or two runs of the history that kept their words). A
    /// criterion outside either run (its scenarios not selected) has no coverage or scenarios to compare: only
    /// its words are.
    package init(old oldCriteria: [HistoryCriterion], new newCriteria: [HistoryCriterion]) {
        let oldById = Dictionary(oldCriteria.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let newById = Dictionary(newCriteria.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let proven = CoverageStatus.proven.rawValue, outside = CoverageStatus.outsideRun.rawValue
        before = (oldCriteria.filter { $0.status == proven }.count, oldCriteria.count, oldCriteria.filter { $0.status == outside }.count)
        now = (newCriteria.filter { $0.status == proven }.count, newCriteria.count, newCriteria.filter { $0.status == outside }.count)
        for criterion in newCriteria {
            guard let earlier = oldById[criterion.id] else {
                added.append(criterion.id)
                continue
            }
            let was = earlier.words ?? "", isNow = criterion.words ?? ""
            if was != isNow { reworded.append(Reworded(id: criterion.id, before: was, after: isNow)) }
            guard earlier.status != outside, criterion.status != outside else { continue }
            let before = earlier.scenarios ?? [], after = criterion.scenarios ?? []
            let wasCovering = Set(before), coversNow = Set(after)
            for scenario in after where !wasCovering.contains(scenario) {
                newlyCovering.append(Covering(id: criterion.id, scenario: scenario))
            }
            for scenario in before where !coversNow.contains(scenario) {
                noLongerCovering.append(Covering(id: criterion.id, scenario: scenario))
            }
            if criterion.status == proven && earlier.status != proven { gained.append(criterion.id) }
            if criterion.status != proven && earlier.status == proven {
                if criterion.status == CoverageStatus.notRun.rawValue { notRunNow.append(criterion.id) } else { lost.append(criterion.id) }
            }
        }
        removed = oldCriteria.map(\.id).filter { newById[$0] == nil }
    }

    package var isEmpty: Bool {
        added.isEmpty && removed.isEmpty && reworded.isEmpty && newlyCovering.isEmpty && noLongerCovering.isEmpty && gained.isEmpty
            && lost.isEmpty && notRunNow.isEmpty
    }

    /// "18 of 18 before, 2 of 18 now (16 outside this run)".
    package var provenLine: String {
        func part(_ count: (proven: Int, total: Int, outside: Int), _ when: String, _ run: String) -> String {
            "\(count.proven) of \(count.total) \(when)" + (count.outside > 0 ? " (\(count.outside) outside \(run))" : "")
        }
        return part(before, "before", "that run") + ", " + part(now, "now", "this run")
    }

    /// The diff as the console prints it.
    package var text: String {
        var lines = ["Criteria proven: " + provenLine]
        if isEmpty { return lines[0] + "\nNo criterion, wording or coverage changed.\n" }
        func section(_ title: String, _ items: [String]) {
            guard !items.isEmpty else { return }
            lines.append("")
            lines.append(title + " (\(items.count)):")
            lines.append(contentsOf: items.map { "  " + $0 })
        }
        section("Added criteria", added)
        section("Removed criteria", removed)
        section("Reworded criteria", reworded.map { "\($0.id): \"\($0.before)\" → \"\($0.after)\"" })
        section("Coverage gained (proven now, not before)", gained)
        section("Coverage lost (proven before; failing or without a scenario now)", lost)
        section("Not run to a result now (proven before; its scenarios skipped, pending, undefined or not reached)", notRunNow)
        section("Scenarios newly covering a criterion", newlyCovering.map { "\($0.id) ← \($0.scenario)" })
        section("Scenarios no longer covering a criterion", noLongerCovering.map { "\($0.id) ← \($0.scenario)" })
        return lines.joined(separator: "\n") + "\n"
    }
}

extension DocumentationDiff {
    /// The criteria coverage a saved message stream carries (nil when it carries no story documents).
    /// A stream that is empty, cut off or ends before `testRunFinished` is refused: its coverage would be read as lost.
    package static func coverage(ofFile path: String) throws -> RequirementsCoverage? {
        let index = RunIndex()
        var envelopes = 0
        var finished = false
        let ending = try NDJSON.forEachEnvelope(inFile: path, uri: path) {
            envelopes += 1
            if $0.testRunFinished != nil { finished = true }
            index.handle($0)
        }
        if envelopes == 0 {
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
            throw StreamProblem(
                size == 0
                    ? "\(path): the file is empty (0 bytes; give a stream written by --format message:FILE)"
                    : "\(path): the file is blank, only whitespace and blank lines (give a stream written by --format message:FILE)")
        }
        if case .truncated(let line) = ending {
            throw StreamProblem("\(path):\(line): the last line is cut off (was the run killed?); give a whole stream")
        }
        if !finished {
            throw StreamProblem(
                "\(path): the run ended before testRunFinished (was it killed, or is it still running?); give a finished run's stream")
        }
        return RequirementsCoverage.make(from: index)
    }

    /// Why a stream cannot be compared, naming the file (and line).
    package struct StreamProblem: Error, CustomStringConvertible, Equatable {
        package let description: String
        init(_ description: String) { self.description = description }
    }
}
