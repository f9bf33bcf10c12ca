import SpecRunReportCore

/// The release gate the product owner writes: criteria marked `must` or `should` (`Must:` / `Should:` lines in a
/// story document, `@must` / `@should` on a scenario carrying the criterion's id). A marked criterion that is not
/// proven — failing, undefined, pending, not run, outside the run, without a scenario — counts against it.
/// Blocked when a must criterion does; shippable otherwise. Nil without marks: the verdict is today's.
package struct ReleaseGate: Sendable, Equatable {
    /// The must criteria not proven, in the documents' order.
    package let mustFailing: [String]
    /// The should criteria not proven, in the documents' order.
    package let shouldFailing: [String]
    package let marked: Int

    package var blocked: Bool { !mustFailing.isEmpty }

    package init?(coverage: RequirementsCoverage?) {
        let marked = coverage?.stories.flatMap(\.criteria).filter { $0.gate != nil } ?? []
        guard !marked.isEmpty else { return nil }
        self.marked = marked.count
        mustFailing = marked.filter { $0.gate == "must" && $0.status != .proven }.map(\.id)
        shouldFailing = marked.filter { $0.gate == "should" && $0.status != .proven }.map(\.id)
    }

    /// "Blocked: 1 must criterion failing (QUIZ-ST-2-AC-2)", "Shippable: 2 should-criteria failing",
    /// "Shippable: every must and should criterion proven".
    package var verdict: String {
        func ids(_ list: [String]) -> String {
            " (" + list.prefix(5).joined(separator: ", ") + (list.count > 5 ? ", … \(list.count - 5) more" : "") + ")"
        }
        if blocked {
            return "Blocked: \(mustFailing.count) must " + (mustFailing.count == 1 ? "criterion" : "criteria") + " failing"
                + ids(mustFailing)
                + (shouldFailing.isEmpty ? "" : ", \(shouldFailing.count) should-" + (shouldFailing.count == 1 ? "criterion" : "criteria"))
        }
        if !shouldFailing.isEmpty {
            return "Shippable: \(shouldFailing.count) should-" + (shouldFailing.count == 1 ? "criterion" : "criteria") + " failing"
                + ids(shouldFailing)
        }
        return "Shippable: every must and should criterion proven"
    }
}
