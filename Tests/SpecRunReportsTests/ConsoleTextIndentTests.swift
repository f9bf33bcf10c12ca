import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

final class ConsoleTextIndentTests: XCTestCase {
    func test_indented_indentsAndPaintsEachLineAsACharacterSplitWouldOnAnyText() {
        let texts = ["", "one", "one\ntwo", "one\n\nthree\n", "\n", "naïve 👩‍👩‍👧 line\nnext", "crlf\r\nline\r\n", "tab\tend\n\n"]
        for colors in [false, true] {
            let sut = makeSUT(colors: colors)
            for text in texts {
                for color in [nil, ConsoleStyle.Color.yellow] {
                    XCTAssertEqual(
                        sut.indented(text, "    ", color: color), Self.characterSplit(text, "    ", color, sut.style),
                        "\(text.debugDescription) colors: \(colors) color: \(String(describing: color))")
                }
            }
        }
    }

    // MARK: Helpers

    private func makeSUT(colors: Bool) -> ConsoleText {
        ConsoleText(index: RunIndex(), style: ConsoleStyle(colors: colors), options: ReportOptions(colors: colors))
    }

    /// What the console printed before lines were split on bytes: the reference.
    private static func characterSplit(_ text: String, _ indent: String, _ color: ConsoleStyle.Color?, _ style: ConsoleStyle) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in indent + (color.map { style.paint(String(line), $0) } ?? String(line)) + "\n" }
            .joined()
    }

    func test_undefinedBlocks_makesEachBlockOnceAndKeepsNoMoreThanItsLimit() {
        let sut = UndefinedBlocks()
        var made = 0
        let make = { () -> String in
            made += 1; return "block \(made)"
        }

        XCTAssertEqual(sut.block(snippet: 0, indent: "  ", make: make), "block 1")
        XCTAssertEqual(sut.block(snippet: 0, indent: "  ", make: make), "block 1")
        XCTAssertEqual(sut.block(snippet: 0, indent: "    ", make: make), "block 2")
        for number in 1...Int32(UndefinedBlocks.limit) { _ = sut.block(snippet: number, indent: "", make: make) }
        let before = made
        _ = sut.block(snippet: Int32(UndefinedBlocks.limit), indent: "", make: make)

        XCTAssertEqual(made, before + 1, "past the limit a block is made again, not kept")
    }

    func test_printedSnippets_countsEachNumberOnceAndIgnoresNone() {
        var sut = PrintedSnippets()

        XCTAssertTrue(sut.insert(3))
        XCTAssertFalse(sut.insert(3))
        XCTAssertFalse(sut.insert(SnippetCodes.none))
        XCTAssertTrue(sut.insert(0))

        XCTAssertEqual(sut.count, 2)
        XCTAssertTrue(sut.contains(3))
        XCTAssertFalse(sut.contains(1))
        XCTAssertFalse(sut.contains(SnippetCodes.none))
    }
}

/// Issue 30: a step line of megabytes must not pad the other lines of its scenario to its width (a 10 MB step made
/// 31 MB of spaces): lines wider than `ConsoleText.widestAligned` are left out of the comment column.
final class ConsoleCommentColumnTests: XCTestCase {
    func test_pretty_alignsCommentsOnlyAfterLinesOfReasonableWidthOnAVeryLongStep() throws {
        let long = String(repeating: "w", count: 100_000)
        let ndjson = try String(contentsOf: fixturesFolder().appendingPathComponent("sample.ndjson"), encoding: .utf8)
            .replacingOccurrences(of: "the player inserts", with: "the player inserts " + long)
        let envelopes = try NDJSON.decode(ndjson, uri: "sample.ndjson")

        let text = try render(.pretty, envelopes)

        let lines = text.split(separator: "\n")
        XCTAssertTrue(lines.contains { $0.utf8.count > 100_000 }, "the long step is printed whole")
        let padded = lines.filter { !$0.contains(long) && $0.utf8.count > ConsoleText.widestAligned + 100 }
        XCTAssertEqual(padded.count, 0, "lines padded to the long step's width: \(padded.count)")
        XCTAssertLessThan(text.utf8.count, 1_000_000)
    }
}
