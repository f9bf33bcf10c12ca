import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// The pretty report's `# file:line` comments of a scenario start at one column: after the scenario line, the step
/// lines, a hook line shown and the candidates of an ambiguous step alike, counted in terminal columns (an emoji or
/// a CJK character takes two, a combining accent none).
final class PrettyCommentColumnTests: XCTestCase {
    func test_pretty_alignsHookCandidateAndWideTextCommentsWithTheStepsOnAScenarioOfThem() throws {
        var run = RunStream()
        let feature = run.feature("features/a.feature", "A")
        run.scenario(
            feature, "Wide", before: [.failed("no")],
            [
                ("a step with 🍎 and 漢字", .one, .passed()),  // 12 + 2 + 5 + 4 = 23 columns
                ("e\u{301}te", .one, .passed()),  // 3 columns
                ("an ambiguous step", .two, .ambiguous()),
            ])

        let lines = try scenarioLines(of: run)

        // The widest line is "    ✔ Given a step with 🍎 and 漢字": 4 + 2 + 6 + 23 = 35 columns; the comments at 37.
        XCTAssertEqual(
            lines,
            [
                "  Scenario: Wide" + spaces(21) + "# features/a.feature:10",
                "    ✘ Before hook" + spaces(20) + "# Specs/Hooks.swift:5",
                "      no",
                "      \tat Specs/Steps.swift:9",
                "    ✔ Given a step with 🍎 and 漢字" + spaces(2) + "# Specs/Steps.swift:1",
                "    ✔ Given e\u{301}te" + spaces(22) + "# Specs/Steps.swift:3",
                "    ✘ Given an ambiguous step",
                "      Ambiguous: more than one step definition matches:",
                // (RunStream places both definitions of an ambiguous step at one line.)
                "        an ambiguous step" + spaces(12) + "# Specs/Steps.swift:5",
                "        an ambiguous step" + spaces(12) + "# Specs/Steps.swift:5",
            ])
    }

    func test_pretty_movesTheColumnPastAHookLineWiderThanTheSteps() throws {
        var run = RunStream()
        let feature = run.feature("features/a.feature", "A")
        run.scenario(feature, "S", before: [.failed("no")], [("x", .one, .passed())])

        let lines = try scenarioLines(of: run)

        // "    ✘ Before hook" is 17 columns, wider than "  Scenario: S" (13) and "    ✔ Given x" (13).
        XCTAssertEqual(lines.first, "  Scenario: S" + spaces(6) + "# features/a.feature:10")
        XCTAssertEqual(lines[1], "    ✘ Before hook" + spaces(2) + "# Specs/Hooks.swift:5")
        XCTAssertEqual(lines.last, "    ✔ Given x" + spaces(6) + "# Specs/Steps.swift:1")
    }

    func test_width_countsTerminalColumnsOnWideAndCombiningCharacters() {
        XCTAssertEqual(TerminalText.width("abc"), 3)
        XCTAssertEqual(TerminalText.width("🍎"), 2)
        XCTAssertEqual(TerminalText.width("漢字"), 4)
        XCTAssertEqual(TerminalText.width("e\u{301}"), 1)
        XCTAssertEqual(TerminalText.width("👍🏽"), 2)
        XCTAssertEqual(TerminalText.width("🇫🇷"), 2)
        XCTAssertEqual(TerminalText.width("ｈｉ"), 4)
        XCTAssertEqual(TerminalText.width("✔ é"), 3)
    }

    /// The lines of the run's one scenario block, from its `Scenario:` line to the blank line after it.
    private func scenarioLines(of run: RunStream) throws -> [String] {
        var text = ""
        let formatter = makeFormatter(.pretty, write: { text += $0 }, options: ReportOptions())
        run.envelopes().forEach(formatter.handle)
        try formatter.finish()
        let all = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try XCTUnwrap(all.firstIndex { $0.hasPrefix("  Scenario:") }, text)
        let end = all[start...].firstIndex(of: "") ?? all.endIndex
        return Array(all[start..<end])
    }

    private func spaces(_ count: Int) -> String { String(repeating: " ", count: count) }
}
