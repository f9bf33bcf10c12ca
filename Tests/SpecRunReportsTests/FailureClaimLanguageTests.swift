import Foundation
import Gherkin
import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// A failure reads as the criterion's Then in the feature's own language: the Then is found by its keyword type
/// (an outcome step), not by the English word, in the first screen and in the page's script alike.
final class FailureClaimLanguageTests: XCTestCase {
    private let feature = """
        # language: fr
        Fonctionnalité: Minuteur
          Scénario: Le compteur descend
            Soit un compteur à 05:00
            Quand deux secondes passent
            Alors le compteur affiche 04:58
            Et le minuteur tourne encore
        """

    func test_firstScreen_readsTheFrenchThenAsNotCheckedOnAFailureBeforeIt() throws {
        let page = try render(.html, makeSUT())

        XCTAssertTrue(
            page.contains(
                "<div class=\"failure-step claim\" elementtiming=\"first-failure\"><span class=\"kw\">Alors </span>le compteur affiche 04:58"
                    + "<span class=\"actual\"> \u{2014} not checked: \u{201C}Quand deux secondes passent\u{201D} failed</span>"), page)
    }

    func test_data_marksTheOutcomeStepsOfAnotherLanguageOnly() throws {
        let data = try XCTUnwrap(embeddedReportData(try render(.html, makeSUT())))
        let features = try XCTUnwrap(data["features"] as? [[String: Any]])
        let scenarios = try XCTUnwrap(features.first?["scenarios"] as? [[String: Any]])
        let steps = try XCTUnwrap(scenarios.first?["p"] as? [[String: Any]])

        XCTAssertEqual(steps.map { $0["k"] as? String }, ["Soit ", "Quand ", "Alors ", "Et "])
        XCTAssertEqual(steps.map { $0["o"] as? Bool }, [nil, nil, true, true], "Alors, and Et after it")
    }

    func test_script_readsTheSameFailureSentenceAsTheFirstScreenOnAFrenchFeature() throws {
        let node = ["/usr/bin/node", "/usr/local/bin/node"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let node else { throw XCTSkip("node is not installed: the page's script is checked in a browser by tools/browser_check.py") }
        let data = try XCTUnwrap(embeddedReportData(try render(.html, makeSUT())))
        let scenario = try XCTUnwrap(((data["features"] as? [[String: Any]])?.first?["scenarios"] as? [[String: Any]])?.first)
        let json = String(decoding: try JSONSerialization.data(withJSONObject: scenario), as: UTF8.self)

        let claim = try evaluate(
            node,
            "var sc = \(json); var failing = sc.p.filter(function (s) { return s.s === 'failed'; })[0];"
                + "var c = claimOf(sc, failing); process.stdout.write(c.k + c.x + c.actual);")

        XCTAssertEqual(claim, "Alors le compteur affiche 04:58 \u{2014} not checked: \u{201C}Quand deux secondes passent\u{201D} failed")
    }

    // MARK: - Helpers

    /// The French feature's run: the first step passed, the second failed, the others skipped.
    private func makeSUT() -> [Envelope] {
        var envelopes = GherkinMessages.generate(data: feature, uri: "Features/minuteur.feature", ids: IncrementingIdGenerator())
        let pickle = envelopes.compactMap(\.pickle)[0]
        envelopes.append(Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 0), id: "run")))
        let steps = pickle.steps.enumerated().map { number, step in
            TestStep(
                hookId: nil, id: "ts\(number)", pickleStepId: step.id, stepDefinitionIds: [],
                stepMatchArgumentsLists: [StepMatchArgumentsList(stepMatchArguments: [])])
        }
        envelopes.append(Envelope(testCase: TestCase(id: "tc", pickleId: pickle.id, testSteps: steps, testRunStartedId: "run")))
        envelopes.append(
            Envelope(
                testCaseStarted: TestCaseStarted(
                    attempt: 0, id: "tcs", testCaseId: "tc", workerId: nil, timestamp: Timestamp(seconds: 1, nanos: 0))))
        for (number, step) in steps.enumerated() {
            let status: TestStepResultStatus = number == 0 ? .passed : number == 1 ? .failed : .skipped
            envelopes.append(
                Envelope(
                    testStepStarted: TestStepStarted(
                        testCaseStartedId: "tcs", testStepId: step.id, timestamp: Timestamp(seconds: 1, nanos: 0))))
            envelopes.append(
                Envelope(
                    testStepFinished: TestStepFinished(
                        testCaseStartedId: "tcs", testStepId: step.id,
                        testStepResult: TestStepResult(
                            duration: Duration(seconds: 0, nanos: 1000), message: status == .failed ? "the clock did not move" : nil,
                            status: status, exception: nil),
                        timestamp: Timestamp(seconds: 1, nanos: 0))))
        }
        envelopes.append(
            Envelope(
                testCaseFinished: TestCaseFinished(
                    testCaseStartedId: "tcs", timestamp: Timestamp(seconds: 2, nanos: 0), willBeRetried: false)))
        envelopes.append(
            Envelope(
                testRunFinished: TestRunFinished(
                    message: nil, success: false, timestamp: Timestamp(seconds: 2, nanos: 0), exception: nil, testRunStartedId: "run")))
        return envelopes
    }

    /// The page's scripts but the one that starts the page, in node with a stub document, then `code`; its stdout.
    private func evaluate(_ node: String, _ code: String) throws -> String {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scripts = HTMLResources.scriptFiles.filter { $0.name != "app.js" }.map { String(decoding: $0.bytes, as: UTF8.self) }
            .joined(separator: "\n")
        let harness =
            "var document = { createElement: function () { return {}; }, addEventListener: function () {} }, window = {};\n" + scripts
            + "\n" + code
        let path = folder.appendingPathComponent("harness.js")
        try harness.write(to: path, atomically: true, encoding: .utf8)
        let result = try runProgram(node, [path.path])
        XCTAssertEqual(result.status, 0, "the harness ran: \(result.output)")
        return result.output
    }
}
