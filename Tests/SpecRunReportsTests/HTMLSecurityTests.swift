import Foundation
import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// Nothing in the input runs: the page's CSP allows its own script by hash and nothing else; a link destination
/// gets an href only when a browser's URL parser would read it as http(s), mailto, a fragment or a relative path.
final class HTMLSecurityTests: XCTestCase {
    func test_sha256_matchesTheStandardVectors() {
        XCTAssertEqual(hex(SHA256.digest([])), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(hex(SHA256.digest(Array("abc".utf8))), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(
            hex(SHA256.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(
            hex(SHA256.digest([UInt8](repeating: 0x61, count: 1_000))),
            "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    func test_html_allowsExactlyItsOwnScriptByItsHash() throws {
        let html = try renderedPage()
        let script = try XCTUnwrap(
            html.range(of: "<script>").map { html[$0.upperBound...] }.flatMap { rest in
                rest.range(of: "</script>").map { String(rest[..<$0.lowerBound]) }
            })
        XCTAssertTrue(html.contains("script-src \(SHA256.cspSource(of: script));"), "the hash is the written script's")
        XCTAssertEqual(html.components(separatedBy: "<script>").count - 1, 1, "one executable script")
        XCTAssertTrue(html.contains("base-uri 'none'"))
    }

    /// The vectors a hostile feature description could hold, run through the page's own `markdownHref` in node,
    /// each allowed href checked with node's WHATWG URL parser (the browser's): never a scheme off the allowlist.
    func test_markdownHref_refusesEveryScriptSchemeAfterABrowsersNormalisation() throws {
        let node = ["/usr/bin/node", "/usr/local/bin/node"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let node else {
            throw XCTSkip("node is not installed: the link allowlist is checked in a browser by tools/markdown_check.py")
        }
        let hostile = [
            "javascript:alert(1)", "JaVaScRiPt:alert(1)", "java\tscript:alert(1)", "java\nscript:alert(1)",
            "java\rscript:alert(1)", "\u{01}javascript:alert(1)", " \u{1F}javascript:alert(1)", "javascript\t:alert(1)",
            "&#106;avascript:alert(1)", "&#x6A;avascript:alert(1)", "&#0000106avascript:alert(1)", "javascript&colon;alert(1)",
            "jav&#x09;ascript:alert(1)", "&amp;#106;avascript:alert(1)", "data:text/html;base64,PHNjcmlwdD4=",
            "DATA:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)", "VBScript:msgbox(1)", "file:///etc/passwd",
            "\u{200B}javascript:alert(1)", "\u{FEFF}javascript:alert(1)", "\u{00A0}javascript:alert(1)",
            "ｊａｖａｓｃｒｉｐｔ:alert(1)", "javascript:/*https://x*/alert(1)", "  javascript:alert(1)  ",
            "blob:https://x/1", "filesystem:https://x/temporary/a", "jar:file:///x!/", "view-source:https://x",
        ]
        let allowed = [
            "https://example.com/a?b=1#c", "http://example.com", "HTTPS://EXAMPLE.COM", "mailto:a@b.c",
            "#section", "docs/guide.md", "../up.html", "/root", "?q=1", "//example.com/x",
        ]
        let results = try evaluate(node, hostile + allowed)
        for (vector, result) in zip(hostile, results.prefix(hostile.count)) {
            XCTAssertTrue(
                result.href == nil || ["http:", "https:", "mailto:", "relative"].contains(result.parsedScheme),
                "\(vector.debugDescription) became \(result.href ?? "") (\(result.parsedScheme))")
            XCTAssertNotEqual(result.parsedScheme, "javascript:", vector.debugDescription)
        }
        for (vector, result) in zip(allowed, results.suffix(allowed.count)) {
            XCTAssertNotNil(result.href, "\(vector) is allowed")
        }
        XCTAssertGreaterThanOrEqual(hostile.count, 20)
    }

    // MARK: - Helpers

    private struct Judged { let href: String?; let parsedScheme: String }

    private func evaluate(_ node: String, _ vectors: [String]) throws -> [Judged] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-href-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scripts = HTMLResources.scriptFiles.filter { ["dom.js", "markdown-inline.js"].contains($0.name) }
            .map { String(decoding: $0.bytes, as: UTF8.self) }.joined(separator: "\n")
        let input = String(decoding: try JSONSerialization.data(withJSONObject: vectors), as: UTF8.self)
        let harness = """
            var document = { createElement: function () { return {}; } }, window = {};
            \(scripts)
            var out = \(input).map(function (v) {
              var href = markdownHref(v), scheme = 'none';
              if (href !== null) {
                var base = new URL('https://base.invalid/dir/page.html'), url = new URL(href, base);
                scheme = url.origin === base.origin && !/^[a-z][a-z0-9+.-]*:/i.test(href.replace(/[\\t\\n\\r]/g, '').trim()) ? 'relative' : url.protocol;
              }
              return { href: href, scheme: scheme };
            });
            process.stdout.write(JSON.stringify(out));
            """
        let path = folder.appendingPathComponent("harness.js")
        try harness.write(to: path, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node)
        process.arguments = [path.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "the harness ran")
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return parsed.map { Judged(href: $0["href"] as? String, parsedScheme: $0["scheme"] as? String ?? "?") }
    }

    private func renderedPage() throws -> String {
        try render(
            .html,
            [
                Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 0))),
                Envelope(testRunFinished: TestRunFinished(success: true, timestamp: Timestamp(seconds: 2, nanos: 0))),
            ])
    }

    private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
}
