import Foundation
import Messages
import SpecRunReportCore

/// The report's first screen as static HTML, written before the data: the run, the totals and the first failures
/// worst first (the criteria each breaks, the failing step, its message). It reads without script and is on
/// screen before the data is even parsed, whatever the suite's size; the page's script draws the full first
/// screen over it once the data is in (`overview.js`, which orders the failures the same way).
struct HTMLFirstScreen {
    struct Failure {
        let status: TestStepResultStatus
        let anchor: String
        /// The page the scenario is on: "" for this one, a feature's page of an `html-site` folder from its index.
        let page: String
        let feature: String
        let scenario: String
        let criteria: [String]
        let isNew: Bool
        /// Flaky across the last runs (`HistoryView.flaky`): it has its own badge, never "new failure".
        var isFlaky = false
        /// How long it has not passed, with a history.
        var since: FailingSince?
        let keyword: String
        let step: String
        let location: String?
        let message: String?
        /// The Then it could not prove and what the app did, read first; the rest is for developers.
        var claim: FailureClaim?
        /// Its place in the documents' order (ties keep it).
        let order: (Int, Int)
    }

    /// The failures shown: the page's script shows up to 200, this the first of them.
    static let shownFailures = 10
    /// Lines of a failure message shown.
    static let messageLines = 6

    let title: String
    let meta: String
    let total: Int
    /// Scenarios by status, in the page's order of statuses.
    let counts: [(status: String, count: Int)]
    let failures: [Failure]
    /// Scenarios that did not pass (failed, ambiguous, pending or undefined): any makes the run not ready to ship.
    let failureCount: Int
    /// Of them, those with steps still to write (undefined).
    let undefinedCount: Int
    let brokenCriteria: Int
    /// With a history: the broken criteria (first ones, in the failures' order), each with how long it has been.
    let criteriaSince: [(id: String, since: FailingSince)]
    /// The release gate, when criteria are marked must or should: the verdict reads from it.
    var gate: ReleaseGate?
    /// With a history: what changed in the documentation and the criteria over the last runs
    /// (`HTMLCriteriaHistory`), as HTML; "" otherwise (and on an `html-site` feature page).
    var criteriaHistory = ""

    static let statusOrder = ["passed", "failed", "pending", "undefined", "ambiguous", "skipped", "unknown"]
    static let labels = [
        "passed": "passed", "failed": "failed", "pending": "pending", "undefined": "undefined",
        "ambiguous": "ambiguous", "skipped": "skipped", "unknown": "not run",
    ]
    static let icons = [
        "passed": "\u{2714}", "failed": "\u{2718}", "pending": "\u{2016}", "undefined": "?",
        "ambiguous": "\u{2248}", "skipped": "\u{21B7}", "unknown": "\u{00B7}",
    ]

    /// `finals`: the final attempts shown (the run's by default) of `total` scenarios; `pageOf`: a scenario's page
    /// by its feature's uri, when the first screen links to other pages.
    init(
        index: RunIndex, title: String, criterionIds: Set<String>, newFailures: Set<String>,
        history: (since: [String: FailingSince], flaky: Set<String>) = ([:], []), finals: [RunIndex.Attempt]? = nil, total: Int? = nil,
        pageOf: (String) -> String = { _ in "" }, shown: Int = Self.shownFailures
    ) {
        self.title = title
        var parts: [String] = []
        if let start = index.runStart { parts.append(ISOTime.string(start.totalNanos, withMillis: false)) }
        parts.append("took " + Self.duration(index.runDuration))
        if let meta = index.metas.first {
            parts.append([meta.implementation.name, meta.implementation.version].compactMap { $0 }.joined(separator: " "))
        }
        meta = parts.joined(separator: " \u{00B7} ")

        var byStatus: [String: Int] = [:]
        var finalRecords = Set<ObjectIdentifier>()
        let documentOrder = Dictionary(index.documentOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var found: [Failure] = []
        var toWrite: [Failure] = []
        var failing = 0
        var undefined = 0
        var broken = Set<String>()
        var criterionOrder: [String] = []
        var criterionSince: [String: [FailingSince]] = [:]
        for attempt in finals ?? index.finalAttempts() {
            guard let record = index.record(of: attempt) else { continue }
            finalRecords.insert(ObjectIdentifier(record))
            let status = index.outcomeStatus(of: attempt)
            byStatus[status.lowercased, default: 0] += 1
            guard status >= .pending, let pickle = index.pickle(of: attempt) else { continue }
            failing += 1
            let criteria = Self.criteria(of: pickle.tags.map(\.name), known: criterionIds)
            let key = HistoryRun.key(of: pickle, in: index)
            for id in criteria where broken.insert(id).inserted { criterionOrder.append(id) }
            if let since = history.since[key] { for id in criteria { criterionSince[id, default: []].append(since) } }
            if status == .undefined {
                undefined += 1
                // Steps to write are the to-do, listed only when nothing else failed: keep the first few.
                guard toWrite.count < max(shown, Self.shownFailures * 4) else { continue }
            }
            let steps = record.testCase.testSteps
            var keyword = "", text = "", location: String?, message: String?
            let claimSteps = Self.claimSteps(of: steps, pickle: pickle, in: index)
            var failingStep: Int?
            for position in steps.indices {
                guard let outcome = attempt.outcome(at: position), outcome.status >= .pending else { continue }
                let step = steps[position]
                failingStep = claimSteps.positions[position]
                if let written = index.text(of: step) {
                    keyword = written.keyword
                    text = written.text
                    location = index.definitionLocation(of: step)
                } else {
                    let hook = index.hook(of: step)
                    text = TerminalText.hookLabel(hook)
                    location = hook.flatMap { index.location(of: $0.sourceReference) }
                }
                let result = outcome.testStepResult
                message = (result.exception?.stackTrace ?? result.message ?? result.exception?.message).map {
                    ProjectPath.relativeInText($0)
                }
                if message == nil, outcome.status == .ambiguous { message = "Ambiguous: more than one step definition matches" }
                break
            }
            var failure =
                Failure(
                    status: status, anchor: key, page: pageOf(pickle.uri), feature: index.documents[pickle.uri]?.feature.name ?? pickle.uri,
                    scenario: pickle.name, criteria: criteria, isNew: newFailures.contains(key) && !history.flaky.contains(key),
                    keyword: keyword, step: text, location: location, message: message,
                    order: (documentOrder[pickle.uri] ?? Int.max, pickle.location?.line ?? 0))
            failure.isFlaky = history.flaky.contains(key)
            failure.claim = FailureClaim.make(steps: claimSteps.steps, failing: failingStep, status: status.lowercased, message: message)
            failure.since = history.since[key]
            if status == .undefined { toWrite.append(failure) } else { found.append(failure) }
        }
        let total = total ?? index.allCaseRecords.count
        byStatus["unknown", default: 0] += max(0, total - finalRecords.count)
        self.total = total
        counts = Self.statusOrder.compactMap { status in byStatus[status].flatMap { $0 > 0 ? (status, $0) : nil } }
        failureCount = failing
        undefinedCount = undefined
        brokenCriteria = broken.count
        criteriaSince = criterionOrder.prefix(Self.shownFailures).compactMap { id in
            criterionSince[id].flatMap(FailingSince.longest).map { (id, $0) }
        }
        // A run whose only problems are steps to write lists those scenarios: the first screen is never empty.
        failures = Array((found.isEmpty ? toWrite : found).sorted(by: Self.worstFirst).prefix(shown))
    }

    /// Worst first as `renderFailures` ranks them: severity, then new failures, then those breaking more criteria.
    static func worstFirst(_ a: Failure, _ b: Failure) -> Bool {
        func rank(_ f: Failure) -> Int { f.status.severity * 10_000 + (f.isNew ? 5_000 : 0) + min(f.criteria.count, 4_999) }
        if rank(a) != rank(b) { return rank(a) > rank(b) }
        if a.order != b.order { return a.order < b.order }
        return (a.anchor, a.scenario, a.step) < (b.anchor, b.scenario, b.step)
    }

    /// The scenario's steps as `FailureClaim` reads them (a Then is an outcome step), and each test step's place
    /// among them (nil for a hook).
    static func claimSteps(of steps: [TestStep], pickle: Pickle, in index: RunIndex) -> (steps: [FailureClaim.Step], positions: [Int?]) {
        let types = Dictionary(pickle.steps.map { ($0.id, $0.type) }, uniquingKeysWith: { first, _ in first })
        var result: [FailureClaim.Step] = []
        var positions: [Int?] = []
        var afterThen = false
        for step in steps {
            guard let id = step.pickleStepId, let written = index.text(of: step) else {
                positions.append(nil)
                continue
            }
            // Without a type (an older stream), the keyword tells: Then, and And/But/* after a Then.
            let word = written.keyword.trimmingCharacters(in: .whitespaces)
            let isOutcome: Bool
            switch types[id] ?? nil {
            case .outcome?: isOutcome = true
            case .context?, .action?: isOutcome = false
            default: isOutcome = word == "Then" || (afterThen && ["And", "But", "*"].contains(word))
            }
            afterThen = isOutcome
            positions.append(result.count)
            result.append(FailureClaim.Step(keyword: written.keyword, text: written.text, isOutcome: isOutcome))
        }
        return (result, positions)
    }

    /// The criterion ids among a scenario's tags, each once, in the tags' order.
    static func criteria(of tags: [String], known: Set<String>) -> [String] {
        var ids: [String] = []
        for tag in tags {
            let id = tag.hasPrefix("@") ? String(tag.dropFirst()) : tag
            if known.contains(id), !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    static func duration(_ nanos: Int64) -> String {
        let ms = nanos / 1_000_000
        if ms < 1_000 { return "\(ms) ms" }
        let tenths = ms / 100
        if ms < 60_000 { return "\(tenths / 10).\(tenths % 10) s" }
        return "\(ms / 60_000) min \((ms / 1_000) % 60) s"
    }
}
