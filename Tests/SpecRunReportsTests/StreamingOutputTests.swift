import Foundation
import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// Reports write as they go and share one index: nothing holds the whole stream or the whole report.
final class StreamingOutputTests: XCTestCase {
    func test_message_writesEnvelopesToATemporaryFileBeforeFinishOnAFileOutput() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("run.ndjson").path
        let formatter = MessageFormatter(sink: StreamingFileSink(path: path, bufferSize: 256))
        let envelopes = try sampleEnvelopes()
        for envelope in envelopes { formatter.handle(envelope) }

        let pending = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertEqual(pending.count, 1)
        XCTAssertTrue(pending[0].hasPrefix(".run.ndjson.") && pending[0].hasSuffix(".tmp"), pending[0])
        let written = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(pending[0]).path)[.size] as? Int ?? 0
        XCTAssertGreaterThan(written, 1000, "the envelopes so far are on disk, not in memory")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "the report appears only when finished")

        try formatter.finish()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["run.ndjson"])
        XCTAssertEqual(try NDJSON.decode(String(contentsOfFile: path, encoding: .utf8)), envelopes)
    }

    func test_message_writesAKeptWorkerLineAsItCameOnADecodedEnvelope() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("run.ndjson").path
        let formatter = MessageFormatter(sink: StreamingFileSink(path: path, bufferSize: 256))
        // Spaced unlike specrun's encoder: what comes out is the kept line, not a new encoding.
        let line = #"{"testRunStarted": {"timestamp": {"nanos": 0, "seconds": 7}}}"#
        try NDJSON.forEachEnvelope(in: Data(line.utf8), keepingJSON: true) { formatter.handle($0) }
        try formatter.finish()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), line + "\n")
    }

    func test_fileSink_keepsTheReportAndLeavesNoTemporaryFileOnASecondClose() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("report.txt").path
        let sink = StreamingFileSink(path: path)
        sink.write("report\n")
        try sink.close()
        sink.write("late\n")
        try sink.close()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "report\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["report.txt"])
    }

    /// Found by a hostile sweep: the advice was "Check that the folder is writable.", wrong for a file someone removed.
    func test_fileSink_saysTheTemporaryFileWasRemovedOnItsRemovalDuringTheRun() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("run.ndjson").path
        let sink = StreamingFileSink(path: path, bufferSize: 16)
        sink.write(String(repeating: "x", count: 100))
        let temp = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".tmp") })
        try FileManager.default.removeItem(atPath: folder.appendingPathComponent(temp).path)

        XCTAssertThrowsError(try sink.close()) { error in
            XCTAssertEqual(
                "\(error)",
                "cannot write the report \(path): its temporary file \(folder.appendingPathComponent(temp).path) was removed "
                    + "while the run was writing it. Run again, and keep whatever removed it (a cleaner of old files, another job) "
                    + "away from the folder during a run.")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func test_fileSink_saysTheFolderWasRemovedOnItsRemovalDuringTheRun() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = parent.appendingPathComponent("reports")
        let sink = StreamingFileSink(path: folder.appendingPathComponent("run.ndjson").path, bufferSize: 16)
        sink.write(String(repeating: "x", count: 100))
        try FileManager.default.removeItem(at: folder)

        XCTAssertThrowsError(try sink.close()) { error in
            XCTAssertTrue(
                "\(error)".contains("its folder \(folder.path) was removed while the run was writing the report. Run again"), "\(error)")
        }
    }

    func test_documentOutput_handsTheReportOverInChunksOnALargeReport() throws {
        let sink = MemorySink()
        var chunks = 0
        let counting = WriterSink { text in
            chunks += 1; sink.write(text)
        }
        let output = DocumentOutput(sink: counting, chunkSize: 100)
        for number in 0..<50 {
            output.write("<testcase name=\"\(number)\"/>\n")
            output.flushIfFull()
        }
        output.flush()
        XCTAssertGreaterThan(chunks, 5)
        XCTAssertEqual(sink.text.split(separator: "\n").count, 50)
    }

    func test_sharedIndex_indexesEachEnvelopeOnceOnThreeReports() throws {
        let shared = SharedRunIndex()
        var feeds = [IndexFeed(shared), IndexFeed(shared), IndexFeed(shared)]
        let meta = try XCTUnwrap(try sampleEnvelopes().first { $0.meta != nil })
        for index in feeds.indices { feeds[index].handle(meta) }
        for index in feeds.indices { feeds[index].handle(meta) }
        XCTAssertEqual(shared.index.metas.count, 2, "two envelopes, each indexed once for three reports")
    }

    func test_reportsOfOneFactory_writeWhatEachWritesAloneOnTheSample() throws {
        let envelopes = try sampleEnvelopes()
        let factory = FormatterFactory()
        let formats: [ReportFormat] = [.pretty, .junit, .json, .html, .rerun, .usage, .summary, .github, .progress]
        let sinks = formats.map { _ in MemorySink() }
        let formatters = zip(formats, sinks).map { factory.makeFormatter($0, sink: $1, options: ReportOptions()) }
        for envelope in envelopes {
            for formatter in formatters { formatter.handle(envelope) }
        }
        for formatter in formatters { try formatter.finish() }
        for (format, sink) in zip(formats, sinks) {
            XCTAssertEqual(sink.text, try render(format, envelopes), "\(format)")
        }
    }
}

final class EscapingTests: XCTestCase {
    func test_cdata_replacesOnlyForbiddenCharactersOnMixedText() {
        XCTAssertEqual(
            XML.cdata("a\u{1}b\u{FFFE}c\u{FFFF}\td\u{7F}é😀\r\n"),
            "<![CDATA[a\u{FFFD}b\u{FFFD}c\u{FFFD}\td\u{7F}é😀\r\n]]>")
    }

    func test_attribute_escapesMarkupAndForbiddenCharactersOnMixedText() {
        XCTAssertEqual(XML.attribute("<a href=\"x\">&\u{0}ü"), "&lt;a href=&quot;x&quot;&gt;&amp;\u{FFFD}ü")
    }

    func test_jsonQuote_escapesControlsSeparatorsAndMarkupOnHTMLText() {
        var bytes: [UInt8] = []
        JSONText.quote("a\"\\\n\r\t\u{1B}\u{2028}\u{2029}</script>&é", into: &bytes, html: true)
        XCTAssertEqual(
            String(decoding: bytes, as: UTF8.self),
            #""a\"\\\n\r\t\u001b\u2028\u2029\u003c/script\u003e\u0026é""#)
    }
}
