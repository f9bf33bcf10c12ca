import Foundation
import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

final class HTMLReportTests: XCTestCase {
    func test_html_neverContainsUnescapedScriptFromAScenarioName() throws {
        let html = try render(.html, sampleEnvelopes())
        XCTAssertFalse(html.contains("<script>alert(1)"), "user text must not reach the page as markup")
        XCTAssertFalse(html.contains("<b>login</b>"))
        XCTAssertTrue(html.contains(#"Say \u003cscript\u003ealert(1)\u003c/script\u003e hello"#))
        XCTAssertEqual(html.components(separatedBy: "<script").count - 1, 2, "only the data block and the page script")
        XCTAssertEqual(html.components(separatedBy: "</script>").count - 1, 2)
    }

    func test_html_embedsTheRunAsJSONThatParsesBackToTheSameText() throws {
        let data = try XCTUnwrap(embeddedData(render(.html, sampleEnvelopes())))
        let features = try XCTUnwrap(data["features"] as? [[String: Any]])
        XCTAssertEqual(features.map { $0["name"] as? String }, ["Quiz answers", "Chat <b>login</b>"])
        let chat = try XCTUnwrap(features[1]["scenarios"] as? [[String: Any]])
        XCTAssertEqual(chat.first?["n"] as? String, "Say <script>alert(1)</script> hello")
        XCTAssertEqual(chat.map { $0["s"] as? String }, ["failed", "pending", "ambiguous", "skipped"])
        let run = try XCTUnwrap(data["run"] as? [String: Any])
        XCTAssertEqual(run["runtime"] as? String, "Swift 6.3.1")
        XCTAssertEqual(run["os"] as? String, "Linux Debian 12")
    }

    func test_html_carriesErrorsSnippetsTablesAndAttachments() throws {
        let data = try XCTUnwrap(embeddedData(render(.html, sampleEnvelopes())))
        let features = try XCTUnwrap(data["features"] as? [[String: Any]])
        let quiz = try XCTUnwrap(features[0]["scenarios"] as? [[String: Any]])
        let failingSteps = try XCTUnwrap(quiz[1]["p"] as? [[String: Any]])
        XCTAssertEqual(failingSteps[2]["e"] as? String, "Specs/QuizSteps.swift:20: expected 1 hits, got 0")
        let locations = try XCTUnwrap(data["locations"] as? [String])
        XCTAssertEqual((failingSteps[2]["l"] as? Int).map { locations[$0] }, "Specs/Steps.swift:18", "locations are referred to by index")
        XCTAssertEqual((failingSteps[2]["at"] as? [[String: Any]])?.first?["n"] as? String, "screen <1>.png")
        let undefinedSteps = try XCTUnwrap(quiz[2]["p"] as? [[String: Any]])
        XCTAssertTrue((undefinedSteps[2]["sn"] as? String)?.hasPrefix("steps.then(") == true)
        let chat = try XCTUnwrap(features[1]["scenarios"] as? [[String: Any]])
        let chatSteps = try XCTUnwrap(chat[0]["p"] as? [[String: Any]])
        XCTAssertEqual(chatSteps[0]["tb"] as? [[String]], [["name", "role"], ["alice", "admin"]])
        XCTAssertEqual((chatSteps[1]["ds"] as? [String: Any])?["c"] as? String, #"{"text": "<hi & bye>"}"#)
        XCTAssertEqual(chatSteps.last?["h"] as? String, "After hook \"close the chat\"", "a failing hook is shown")
    }

    func test_html_isSelfContainedWithAStrictContentSecurityPolicy() throws {
        let html = try render(.html, sampleEnvelopes())
        XCTAssertTrue(
            html.contains(
                #"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-"#))
        XCTAssertFalse(html.contains("script-src 'unsafe-inline'"), "no inline script but the page's own")
        XCTAssertFalse(html.contains("<link"))
        XCTAssertFalse(html.contains(" src=\""), "no external script or image")
        XCTAssertFalse(html.contains("@import"))
    }

    func test_html_scriptNeverParsesMarkup() {
        for forbidden in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"] {
            XCTAssertFalse(HTMLResources.script.contains(forbidden), forbidden)
        }
    }

    func test_html_escapesTheTitle() throws {
        let html = try render(.html, sampleEnvelopes(), options: ReportOptions(htmlTitle: "Q&A <release>"))
        XCTAssertTrue(html.contains("<title>Q&amp;A &lt;release&gt;</title>"))
    }

    func test_html_listsEveryScenarioOnce() throws {
        let data = try XCTUnwrap(embeddedData(render(.html, sampleEnvelopes())))
        let features = try XCTUnwrap(data["features"] as? [[String: Any]])
        let ids = features.flatMap { feature in
            (feature["scenarios"] as? [[String: Any]] ?? []).map { $0["id"] as? String ?? "\(feature["uri"] ?? ""):\($0["l"] ?? "")" }
        }
        XCTAssertEqual(ids.count, 8)
        XCTAssertEqual(Set(ids).count, 8, "anchors are unique")
        XCTAssertTrue(ids.contains("Features/quiz.feature:33"))
    }

    func test_html_doesNotDependOnInterleaving() throws {
        let envelopes = try sampleEnvelopes()
        XCTAssertEqual(try render(.html, ParallelOrder.interleave(envelopes, seed: 5)), try render(.html, envelopes))
    }

    /// Size at scale; the load time is measured by tools/browser_check.py on the file written with
    /// `SPECRUN_SCALE_OUT=/tmp/scale.html swift test --filter test_html_staysCompactAtTenThousandScenarios`.
    func test_html_staysCompactAtTenThousandScenarios() throws {
        let envelopes = SyntheticRun.envelopes(scenarios: 10_000)
        let html = try render(.html, envelopes)
        let megabytes = Double(html.utf8.count) / 1_000_000
        XCTAssertLessThan(megabytes, 20, "the 10,000-scenario report is \(megabytes) MB")
        let data = try XCTUnwrap(embeddedData(html))
        let features = try XCTUnwrap(data["features"] as? [[String: Any]])
        XCTAssertEqual(features.reduce(0) { $0 + (($1["scenarios"] as? [Any])?.count ?? 0) }, 10_000)
        if let path = ProcessInfo.processInfo.environment["SPECRUN_SCALE_OUT"] {
            try html.write(toFile: path, atomically: true, encoding: .utf8)
            let ndjson = try envelopes.map { try NDJSON.encode($0) }.joined(separator: "\n") + "\n"
            try ndjson.write(toFile: path + ".ndjson", atomically: true, encoding: .utf8)
        }
    }

    func test_browserCheck_passesOnTheSampleReport() throws {
        guard ProcessInfo.processInfo.environment["SPECRUN_BROWSER_CHECK"] != nil else {
            throw XCTSkip("set SPECRUN_BROWSER_CHECK=1 to open the report in headless Chromium (tools/browser_check.py)")
        }
        guard let python = executable("python3"), executable("chromium") != nil, executable("chromedriver") != nil else {
            throw XCTSkip("python3, chromium or chromedriver is absent")
        }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("index.html").path
        let formatter = makeFormatter(.html, output: .file(report), options: ReportOptions())
        for envelope in try sampleEnvelopes() { formatter.handle(envelope) }
        try formatter.finish()
        let script = testTargetFolder.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "tools/browser_check.py"
        ).path
        let result = try runProgram(python, [script, report, "--ndjson", fixturesFolder().appendingPathComponent("sample.ndjson").path])
        XCTAssertEqual(result.status, 0, result.output)
    }

    private func embeddedData(_ html: String) -> [String: Any]? { embeddedReportData(html) }
}
