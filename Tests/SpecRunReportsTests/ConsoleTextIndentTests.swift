import Messages
@testable import SpecRunReports
import XCTest

final class ConsoleTextIndentTests: XCTestCase {
    func test_indented_indentsAndPaintsEachLineAsACharacterSplitWouldOnAnyText() {
        let texts = ["", "one", "one\ntwo", "one\n\nthree\n", "\n", "naïve 👩‍👩‍👧 line\nnext", "crlf\r\nline\r\n", "tab\tend\n\n"]
        for colors in [false, true] {
            let sut = makeSUT(colors: colors)
            for text in texts {
                for color in [nil, ConsoleStyle.Color.yellow] {
                    XCTAssertEqual(sut.indented(text, "    ", color: color), Self.characterSplit(text, "    ", color, sut.style),
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
        let make = { () -> String in made += 1; return "block \(made)" }

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
