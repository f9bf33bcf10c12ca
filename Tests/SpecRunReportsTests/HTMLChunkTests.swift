import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// The HTML report's features rendered in chunks on several threads: which features go together, and the
/// location numbers each chunk leaves out, put in by the writer in the report's order of first use.
final class HTMLChunkTests: XCTestCase {
    private final class CollectingSink: TextSink {
        var text = ""
        func write(_ text: String) { self.text += text }
        func close() throws {}
    }

    func test_plan_groupsWholeFeaturesIntoChunksAndLeavesAVeryLargeFeatureToTheWriter() {
        let plan = HTMLRenderPlan(scenarioCounts: [100, 200, 50, 2000, 300, 10], chunkScenarios: 256, threads: 2)
        XCTAssertEqual(plan.chunks, [0..<2, 2..<3, 4..<5, 5..<6])
        XCTAssertEqual(plan.pieces.map(describe), ["chunk 0", "chunk 1", "inline 3", "chunk 2", "chunk 3"])
    }

    func test_plan_rendersEverythingInlineOnOneCoreOrForASmallRun() {
        let oneCore = HTMLRenderPlan(scenarioCounts: [600, 600], chunkScenarios: 256, threads: 1)
        XCTAssertEqual(oneCore.pieces.map(describe), ["inline 0", "inline 1"])
        XCTAssertTrue(oneCore.chunks.isEmpty)
        let small = HTMLRenderPlan(scenarioCounts: [100, 200], chunkScenarios: 256, threads: 4)
        XCTAssertEqual(small.pieces.map(describe), ["inline 0", "inline 1"])
    }

    func test_chunks_writtenInOrder_numberLocationsAsOneWriterWould() throws {
        let uses = [["a:1", "b:2", "a:1"], ["c:3", "b:2"], ["d:4", "a:1", "c:3"]]
        // One writer numbering every location itself.
        let direct = CollectingSink()
        let directOutput = DocumentOutput(sink: direct)
        var one = HTMLDataWriter(output: directOutput, locations: HTMLLocations())
        one.openArray()
        for texts in uses { write(texts, &one) }
        one.closeArray()
        one.flush()
        directOutput.flush()
        // The same items in three chunks, each numbering its own, put together by a writer.
        let chunked = CollectingSink()
        let chunkedOutput = DocumentOutput(sink: chunked)
        var writer = HTMLDataWriter(output: chunkedOutput, locations: HTMLLocations())
        writer.openArray()
        for (position, texts) in uses.enumerated() {
            var piece = HTMLDataWriter(pieceAfterComma: position > 0)
            write(texts, &piece)
            writer.append(piece.chunk())
        }
        writer.closeArray()
        writer.flush()
        chunkedOutput.flush()
        XCTAssertEqual(chunked.text, direct.text)
        XCTAssertEqual(writer.locations.texts, ["a:1", "b:2", "c:3", "d:4"])
        XCTAssertTrue(direct.text.hasPrefix(#"[{"l":0},{"l":1},{"l":0},{"l":2}"#), direct.text)
    }

    private func write(_ texts: [String], _ json: inout HTMLDataWriter) {
        for text in texts {
            json.openObject()
            json.location(HTMLContract.Step.l, number: json.locations.number(text))
            json.closeObject()
        }
    }

    private func describe(_ piece: HTMLRenderPlan.Piece) -> String {
        switch piece {
        case .chunk(let number): return "chunk \(number)"
        case .inline(let feature): return "inline \(feature)"
        }
    }
}
