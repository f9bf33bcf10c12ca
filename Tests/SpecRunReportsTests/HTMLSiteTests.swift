import Foundation
import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// `html-site:DIR`: an index of plain HTML, a page per feature with its data only, shared assets; opened from
/// the file system.
final class HTMLSiteTests: XCTestCase {
    func test_site_writesAnIndexAPagePerFeatureAndTheSharedAssetsOnARun() throws {
        let folder = try makeSUT()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        XCTAssertEqual(try read(folder, "assets/report.js"), HTMLResources.script)
        XCTAssertEqual(try read(folder, "assets/report.css"), HTMLResources.css)
        let index = try read(folder, "index.html")
        XCTAssertTrue(index.contains("<a href=\"features/0000.html\">Quiz answers</a>"))
        XCTAssertTrue(index.contains("<a href=\"features/0001.html\">Chat &lt;b&gt;login&lt;/b&gt;</a>"))
        for (file, name, count) in [("features/0000.html", "Quiz answers", 4), ("features/0001.html", "Chat <b>login</b>", 4)] {
            let page = try read(folder, file)
            let data = try XCTUnwrap(embeddedReportData(page), file)
            let features = try XCTUnwrap(data["features"] as? [[String: Any]])
            XCTAssertEqual(features.map { $0["name"] as? String }, [name], "a page holds its feature's data only")
            XCTAssertEqual((features[0]["scenarios"] as? [Any])?.count, count)
            XCTAssertTrue(page.contains("<script src=\"../assets/report.js\"></script>"))
            XCTAssertTrue(page.contains("<a href=\"../index.html\">"))
        }
    }

    func test_site_indexRunsNoScriptAndPagesOnlyTheFoldersScript() throws {
        let folder = try makeSUT()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let index = try read(folder, "index.html")
        XCTAssertFalse(index.contains("<script"), "the index is HTML only")
        XCTAssertTrue(index.contains("script-src 'none'"))
        let page = try read(folder, "features/0001.html")
        XCTAssertTrue(page.contains("script-src 'self';"))
        XCTAssertFalse(page.contains("'unsafe-inline'; script-src 'unsafe-inline'"))
        XCTAssertEqual(page.components(separatedBy: "<script").count - 1, 2, "the data block and the shared script")
        XCTAssertFalse(page.contains("<script>"), "no inline script")
    }

    func test_site_indexEscapesTheRunsTextAndLinksTheFirstFailureToItsPage() throws {
        let folder = try makeSUT()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let index = try read(folder, "index.html")
        XCTAssertFalse(index.contains("<b>login</b>"))
        XCTAssertFalse(index.contains("<script>alert"))
        XCTAssertTrue(index.contains("Say &lt;script&gt;alert(1)&lt;/script&gt; hello"))
        XCTAssertTrue(index.contains("Not ready to ship"))
        XCTAssertTrue(index.contains("href=\"features/0000.html#Features%2Fquiz.feature%3A"), "a failure links to its feature's page")
    }

    func test_site_indexListsTheScenariosFixedSinceThePreviousRunLinkingTheirPages() throws {
        var fixed = 0
        let (folder, earlier) = try makeSUTWithHistory { earlier in
            fixed = try XCTUnwrap(earlier.scenarios.firstIndex { $0.status == "passed" })
            earlier.scenarios[fixed].status = "failed"
        }
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }

        let page = try read(folder, "index.html")

        XCTAssertTrue(page.contains("<details class=\"fold fixed-list\"><summary>1 scenario fixed since the previous run</summary>"), page)
        let key = earlier.scenarios[fixed].key
        XCTAssertTrue(page.contains("#" + HTMLFirstScreen.percentEncoded(key) + "\">"), "links the scenario on its page")
    }

    func test_site_removesThePagesAnEarlierLargerRunLeftOnARewrite() throws {
        let folder = try makeSUT()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let pages = folder.appendingPathComponent("features")
        // What a run of more features left: its pages 0002 and 0010, with their old results.
        for stale in ["0002.html", "0010.html"] {
            try FileManager.default.copyItem(at: pages.appendingPathComponent("0001.html"), to: pages.appendingPathComponent(stale))
        }

        try writeSite(into: folder)

        let left = try FileManager.default.contentsOfDirectory(atPath: pages.path).sorted()
        XCTAssertEqual(left, ["0000.html", "0001.html"], "only this run's pages")
    }

    func test_site_refusesNamingTheFileBeforeWritingAPageOnAnEarlierSiteWhoseFeaturesIsAFile() throws {
        let folder = try temporaryFolder().appendingPathComponent("site")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "not a folder".write(to: folder.appendingPathComponent("features"), atomically: true, encoding: .utf8)

        XCTAssertThrowsError(try writeSite(into: folder)) { error in
            XCTAssertTrue("\(error)".contains("/site/features is a file, where the report needs a folder"), "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["features"], "nothing written")
    }

    func test_site_refusesNamingTheFileOnAPathThatIsAFile() throws {
        let file = try temporaryFolder().appendingPathComponent("site")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try "a file".write(to: file, atomically: true, encoding: .utf8)

        XCTAssertThrowsError(try writeSite(into: file)) { error in
            XCTAssertTrue("\(error)".contains("\(file.path) is a file, where the report needs a folder"), "\(error)")
        }
    }

    func test_site_keepsEveryFileItDidNotWriteOnARewrite() throws {
        let folder = try makeSUT()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let pages = folder.appendingPathComponent("features")
        let mine = "<!DOCTYPE html><p>my own page</p>"
        try mine.write(to: pages.appendingPathComponent("0003.html"), atomically: true, encoding: .utf8)
        try mine.write(to: pages.appendingPathComponent("notes.html"), atomically: true, encoding: .utf8)
        let outside = folder.deletingLastPathComponent().appendingPathComponent("outside.html")
        try FileManager.default.copyItem(at: pages.appendingPathComponent("0001.html"), to: outside)
        try FileManager.default.createSymbolicLink(at: pages.appendingPathComponent("0004.html"), withDestinationURL: outside)
        try FileManager.default.copyItem(at: pages.appendingPathComponent("0001.html"), to: pages.appendingPathComponent("old-0001.html"))

        try writeSite(into: folder)

        let left = Set(try FileManager.default.contentsOfDirectory(atPath: pages.path))
        XCTAssertEqual(left, ["0000.html", "0001.html", "0003.html", "notes.html", "0004.html", "old-0001.html"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: outside.path), "a link's target is never touched")
    }

    func test_site_listsEveryFailureOnAPageOfItsOwnLinkedFromTheIndex() throws {
        let folder = try makeSUT()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        XCTAssertTrue(try read(folder, "index.html").contains("<a href=\"failures.html\">"), "the index links every failure")
        let page = try read(folder, "failures.html")
        XCTAssertFalse(page.contains("<script"), "HTML only")
        XCTAssertTrue(page.contains("script-src 'none'"))
        let failures = page.components(separatedBy: "<li class=\"failure ").count - 1
        XCTAssertEqual(failures, 4, "the failed, pending and ambiguous scenarios of the sample")
        XCTAssertTrue(page.contains("href=\"features/0000.html#Features%2Fquiz.feature%3A21\""), "each links to its feature's page")
        XCTAssertTrue(page.contains("the app showed 0"), "read as its Then and what the app did")
        XCTAssertFalse(page.contains("href=\"#criterion-"), "criteria link to the index, where they are")
    }

    func test_site_featurePagesCarryTheirOwnFeaturesHistoryWithAHistory() throws {
        let (folder, _) = try makeSUTWithHistory { _ in }
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }

        for (file, uri) in [("features/0000.html", "Features/quiz.feature"), ("features/0001.html", "Features/chat.feature")] {
            let data = try XCTUnwrap(embeddedReportData(try read(folder, file)), file)
            let history = try XCTUnwrap(data["history"] as? [String: Any], "\(file) carries the history")
            XCTAssertEqual((history["runs"] as? [Any])?.count, 2, "the runs' totals")
            let recent = try XCTUnwrap(history["recent"] as? [[Any]])
            XCTAssertFalse(recent.isEmpty, "the strips of its scenarios that did not pass")
            XCTAssertTrue(recent.allSatisfy { ($0.first as? String)?.hasPrefix(uri + ":") == true }, "only its own feature's: \(recent)")
            let since = try XCTUnwrap(history["since"] as? [[Any]])
            XCTAssertTrue(since.allSatisfy { ($0.first as? String)?.hasPrefix(uri + ":") == true })
            XCTAssertFalse(since.isEmpty, "its since-lines")
        }
    }

    func test_site_isTheOneFileReportWithoutAFolder() throws {
        var text = ""
        let formatter = makeFormatter(.htmlSite, write: { text += $0 }, options: ReportOptions())
        for envelope in try sampleEnvelopes() { formatter.handle(envelope) }
        try formatter.finish()
        XCTAssertNotNil(embeddedReportData(text))
    }

    func test_pageName_isNumberedInTheDocumentsOrder() {
        XCTAssertEqual(HTMLSiteFormatter.pageName(7), "features/0007.html")
        XCTAssertEqual(HTMLSiteFormatter.pageName(12345), "features/12345.html")
    }

    /// The site's folder, `site` in a temporary folder of its own: the caller removes that parent.
    private func makeSUT() throws -> URL {
        let folder = try temporaryFolder().appendingPathComponent("site")
        let formatter = makeFormatter(.htmlSite, output: .file(folder.path), options: ReportOptions())
        for envelope in try sampleEnvelopes() { formatter.handle(envelope) }
        try formatter.finish()
        return folder
    }

    /// The site of the sample run after an earlier run (the sample's own scenarios, a minute before, changed by
    /// `change`): its folder (the caller removes the parent) and that earlier run.
    private func makeSUTWithHistory(_ change: (inout HistoryRun) throws -> Void) throws -> (URL, HistoryRun) {
        let envelopes = try sampleEnvelopes()
        let index = RunIndex()
        for envelope in envelopes { index.handle(envelope) }
        var earlier = HistoryRun.make(from: index)
        try change(&earlier)
        earlier.id = "earlier"
        earlier.start -= 60_000
        var options = ReportOptions()
        options.history = RunHistory(runs: [earlier])
        let folder = try temporaryFolder().appendingPathComponent("site")
        let formatter = makeFormatter(.htmlSite, output: .file(folder.path), options: options)
        for envelope in envelopes { formatter.handle(envelope) }
        try formatter.finish()
        return (folder, earlier)
    }

    private func writeSite(into folder: URL) throws {
        let formatter = makeFormatter(.htmlSite, output: .file(folder.path), options: ReportOptions())
        for envelope in try sampleEnvelopes() { formatter.handle(envelope) }
        try formatter.finish()
    }

    private func read(_ folder: URL, _ file: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
    }
}
