import Foundation
import SpecRunReportCore

/// The status card (`--format status:FILE`): one small, self-contained page for a release ticket or a chat
/// message — the verdict, the broken criteria with how long each has failed, and what the run could prove
/// ("proves 4 of 77") — each line linking into the report; and an SVG badge beside it. No script, no request.
struct StatusCard {
    struct Line: Equatable {
        let id: String
        let title: String
        /// "#criterion-ID", "#uri:line" (percent-encoded): appended to the report's address.
        let anchor: String
        let since: String?
    }

    let title: String
    let meta: String
    /// "Blocked", "Shippable", "Not ready to ship", "Ready to ship".
    let verdictWord: String
    let verdictDetail: String
    let blocked: Bool
    /// "Proves 4 of 77 criteria", "12 of 12 scenarios passed".
    let proves: String
    /// "this run could prove 5 of 77; 72 are outside it" on a partial run.
    let partial: String?
    let broken: [Line]
    let moreBroken: Int
    /// The report the lines link into (relative to the card, or http(s)).
    let report: String

    static let shownLines = 10

    init(index: RunIndex, title: String, history: RunHistory?, report: String) {
        let coverage = RequirementsCoverage.make(from: index)
        let view = HistoryView(history: history, current: HistoryRun.make(from: index, coverage: coverage))
        let since = view?.failingSince() ?? [:]
        let criteria = Set(coverage?.stories.flatMap { $0.criteria.map(\.id) } ?? [])
        var first = HTMLFirstScreen(index: index, title: title, criterionIds: criteria, newFailures: [], history: (since, []))
        let gate = ReleaseGate(coverage: coverage)
        first.gate = gate
        self.title = title
        self.report = report
        meta = first.meta
        let passed = first.counts.first { $0.status == "passed" }?.count ?? 0
        if let reason = index.incompleteReason {
            verdictWord = "Incomplete run"
            verdictDetail = reason
            blocked = true
        } else if let gate {
            let colon = gate.verdict.firstIndex(of: ":") ?? gate.verdict.endIndex
            verdictWord = String(gate.verdict[..<colon])
            verdictDetail = String(gate.verdict[colon...].dropFirst().drop { $0 == " " })
            blocked = gate.blocked
        } else if first.failureCount > 0 || first.total == 0 {
            verdictWord = "Not ready to ship"
            verdictDetail = first.total == 0 ? "no scenario ran." : first.verdictText
            blocked = true
        } else {
            verdictWord = "Ready to ship"
            verdictDetail = first.headlineHTML == "No scenarios" ? "" : HTMLFirstScreen.plural(first.total, "scenario") + " passed."
            blocked = false
        }
        if let coverage, coverage.total > 0 {
            proves = "Proves \(coverage.proven) of " + HTMLFirstScreen.plural(coverage.total, "criterion", "criteria")
            partial =
                coverage.outside > 0
                ? "this run could prove \(coverage.provable) of \(coverage.total); \(coverage.outside) "
                    + (coverage.outside == 1 ? "is" : "are") + " outside it" : nil
        } else {
            proves = "\(passed) of " + HTMLFirstScreen.plural(first.total, "scenario") + " passed"
            partial = nil
        }
        var lines: [Line] = []
        var count = 0
        for story in coverage?.stories ?? [] {
            for criterion in story.criteria where criterion.isBroken || (criterion.gate != nil && criterion.status != .proven) {
                count += 1
                guard lines.count < Self.shownLines else { continue }
                let longest = FailingSince.longest(criterion.scenarios.compactMap { since["\($0.uri):\($0.line)"] })
                lines.append(
                    Line(
                        id: criterion.id, title: criterion.title, anchor: "#criterion-" + HTMLFirstScreen.percentEncoded(criterion.id),
                        since: longest?.text))
            }
        }
        if coverage == nil || count == 0 {
            // Without criteria (or none broken): the scenarios that did not pass.
            count = first.failureCount
            lines = first.failures.map { failure in
                Line(
                    id: failure.anchor, title: failure.scenario, anchor: "#" + HTMLFirstScreen.percentEncoded(failure.anchor),
                    since: failure.since?.text)
            }
        }
        broken = lines
        moreBroken = max(0, count - lines.count)
    }
}
