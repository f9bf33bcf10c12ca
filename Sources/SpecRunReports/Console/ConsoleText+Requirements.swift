import SpecRunReportCore

extension ConsoleText {
    /// `77 criteria (75 proven, 1 failing, 1 no scenario)` when the run carried the story documents' criteria;
    /// "" otherwise. The console's one line of the requirements coverage (the `requirements` formats have the rest).
    func criteriaLine() -> String {
        guard let coverage = RequirementsCoverage.make(from: index) else { return "" }
        let criteria = coverage.stories.flatMap(\.criteria)
        var line = "\(criteria.count) criteri\(criteria.count == 1 ? "on" : "a")"
        let parts: [String] = CoverageStatus.allCases.compactMap { status in
            let count = criteria.filter { $0.status == status }.count
            guard count > 0 else { return nil }
            let words =
                status == .notRun
                ? "not run"
                : status == .noScenario
                    ? "no scenario"
                    : status == .outsideRun ? "outside this run" : status.rawValue
            return style.paint("\(count) \(words)", Self.color(status))
        }
        if !criteria.isEmpty, criteria.allSatisfy({ $0.status == .outsideRun }) {
            // A run that can prove none of the story documents' criteria (a new feature of one's own, say) says why
            // it names them: the documents are read by default, and their scenarios are in files it did not run.
            return line + ", " + style.paint("none in this run", Self.color(.outsideRun))
                + " (their scenarios are in files it did not run; --no-requirements leaves them out)\n"
        }
        if !parts.isEmpty { line += " (" + parts.joined(separator: ", ") + ")" }
        return line + "\n" + gateLine(coverage)
    }

    /// `Blocked: 1 must criterion failing (QUIZ-ST-2-AC-2)` with a release gate (marked criteria); "" without.
    private func gateLine(_ coverage: RequirementsCoverage) -> String {
        guard let gate = ReleaseGate(coverage: coverage) else { return "" }
        return style.paint(gate.verdict, gate.blocked ? .red : gate.shouldFailing.isEmpty ? .green : .yellow) + "\n"
    }

    private static func color(_ status: CoverageStatus) -> ConsoleStyle.Color {
        switch status {
        case .proven: return .green
        case .failing: return .red
        case .notRun: return .cyan
        case .noScenario: return .yellow
        case .outsideRun: return .cyan
        }
    }
}
