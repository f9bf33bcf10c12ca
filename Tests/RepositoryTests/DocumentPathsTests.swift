import Foundation
import XCTest

/// Every path a document of the repository names exists: README.md, docs/*.md, Benchmarks/README.md and the other
/// Markdown files (not the story documents of Features/ and Requirements/). A file moved or renamed without its
/// documents fails here, one line per missing path: `docs/x.md:12: Sources/Foo/Bar.swift does not exist`.
///
/// `SPECRUN_REPOSITORY_ROOT=DIR swift test --filter RepositoryTests` checks the documents of another checkout.
final class DocumentPathsTests: XCTestCase {
    /// The repository: `SPECRUN_REPOSITORY_ROOT`, else the one this file is in (Tests/RepositoryTests/ → ../..).
    static let root: URL = {
        if let root = ProcessInfo.processInfo.environment["SPECRUN_REPOSITORY_ROOT"], !root.isEmpty {
            return URL(fileURLWithPath: root, isDirectory: true).standardizedFileURL
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().standardizedFileURL
    }()

    func test_documents_nameOnlyPathsThatExist() throws {
        let root = Self.root
        let documents = DocumentPaths.documents(under: root)
        XCTAssertTrue(documents.contains("README.md"), "no README.md under \(root.path)")
        var missing: [String] = []
        var checked = 0
        for document in documents {
            let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            for reference in DocumentPaths.references(in: text, document: document) {
                checked += 1
                guard DocumentPaths.elsewhere[reference.path] == nil,
                    !FileManager.default.fileExists(atPath: root.appendingPathComponent(reference.path).path)
                else { continue }
                let written = reference.written == reference.path ? "" : " (written \(reference.written))"
                missing.append("\(document):\(reference.line): \(reference.path) does not exist\(written)")
            }
        }
        XCTAssertGreaterThan(checked, 0, "the documents name no path: is the extraction broken?")
        XCTAssertTrue(
            missing.isEmpty,
            "\(missing.count) of the \(checked) paths named by \(documents.count) documents under \(root.path) "
                + "do not exist:\n" + missing.joined(separator: "\n"))
    }

    func test_documents_listTheMarkdownFilesButNotTheStoryDocuments() {
        let documents = DocumentPaths.documents(under: Self.root)
        XCTAssertTrue(documents.contains("README.md"))
        XCTAssertTrue(documents.contains("docs/cli.md"))
        XCTAssertTrue(documents.contains("Benchmarks/README.md"))
        XCTAssertEqual(documents.filter { $0.hasPrefix("Features/") || $0.hasPrefix("Requirements/") }, [])
        XCTAssertEqual(documents.filter { $0.hasPrefix(".build") || $0.contains("/.build/") }, [])
    }

    func test_references_findAPathInBackticksAndALinkOnOneLine() {
        let text = "Intro\nThe parser is `Sources/Gherkin/Parser.swift`; see [the CLI](cli.md#exit-codes) and [home](../README.md).\n"
        XCTAssertEqual(
            DocumentPaths.references(in: text, document: "docs/x.md"),
            [
                .init(line: 2, path: "Sources/Gherkin/Parser.swift", written: "Sources/Gherkin/Parser.swift"),
                .init(line: 2, path: "docs/cli.md", written: "cli.md#exit-codes"),
                .init(line: 2, path: "README.md", written: "../README.md"),
            ])
    }

    func test_references_skipGlobsPlaceholdersAndCommandsOnAPathPrefix() {
        let text = """
            `Sources/<Domain>/` `Supervisor+<Part>.swift` `Features/shard-*.ndjson` `Sources/SpecRun/…`
            `docs/{a,b}.md` `Features/$NAME` `swift run specrun Features/quiz` `Features/x.feature:12:5: expected …`
            `reports/junit.xml` `Package.swift` [a glob](Sources/*.swift) [a placeholder](<Sources/<Domain>.swift>)
            """
        XCTAssertEqual(DocumentPaths.references(in: text, document: "README.md"), [])
    }

    func test_references_skipFencedCodeURLsAnchorsAndPathsOutsideTheRepository() {
        let text = """
            ```sh
            cat `Sources/Missing.swift` [x](Missing.md)
            ```
            ~~~~
            `Tests/Missing.swift`
            ~~~~
            [site](https://example.com/a.md) [mail](mailto:a@b.c) [here](#exit-codes) [shared](../../shared/ARCHITECTURE.md)
            `Tests/Found.swift`
            """
        XCTAssertEqual(DocumentPaths.references(in: text, document: "docs/x.md").map(\.path), ["Tests/Found.swift"])
    }

    func test_references_dropALineNumberAndKeepAFolderOnAPathInBackticks() {
        let text =
            "`Features/chat/rider-chat-input.feature:21` `Specs/Quiz/QuizSteps.swift:10:5` `Tests/SpecRunReportsTests/Fixtures/golden/`"
        XCTAssertEqual(
            DocumentPaths.references(in: text, document: "README.md").map(\.path),
            [
                "Features/chat/rider-chat-input.feature", "Specs/Quiz/QuizSteps.swift", "Tests/SpecRunReportsTests/Fixtures/golden/",
            ])
    }

    func test_references_resolveALinkFromItsDocumentsFolderWithATitlePercentEncodingInHTMLOrAsADefinition() {
        let text = #"""
            ![shot](html-report.png "the report") [map](./layout%20map.md) [up](../Benchmarks/README.md#run)
            [x]: ../tools/init-e2e
            <img src="html-report-phone.png" alt="phone" width="260"> `<a href="Missing.md">` <a href="https://x.y/">x</a>
            """#
        XCTAssertEqual(
            DocumentPaths.references(in: text, document: "docs/cli.md").map(\.path),
            [
                "docs/html-report.png", "docs/layout map.md", "Benchmarks/README.md", "tools/init-e2e", "docs/html-report-phone.png",
            ])
    }

    func test_references_readACodeSpanOfDoubleBackticksAndIgnoreAnUnclosedOne() {
        let text = "``.ci/run`` then `Sources/Unclosed.swift"
        XCTAssertEqual(DocumentPaths.references(in: text, document: "README.md").map(\.path), [".ci/run"])
    }
}
