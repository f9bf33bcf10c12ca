import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

final class GitHubLimitsTests: XCTestCase {
    func test_github_annotatesAtMostTenErrorsAndEndsWithTheTotals() throws {
        var text = ""
        let formatter = makeFormatter(.github, write: { text += $0 }, options: ReportOptions())
        SyntheticRun.envelopes(scenarios: 200).forEach(formatter.handle)
        try formatter.finish()

        let lines = text.split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.hasPrefix("::error ") }.count, 10, text)
        XCTAssertTrue(lines.last?.hasPrefix("::notice title=specrun::200 scenarios: ") ?? false, String(lines.last ?? ""))
        XCTAssertTrue(
            lines.last?.contains("more not annotated (GitHub shows 10 errors and 10 warnings a step)") ?? false,
            String(lines.last ?? ""))
    }
}
