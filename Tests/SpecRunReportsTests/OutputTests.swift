import Foundation
import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

final class OutputTests: XCTestCase {
    func test_fileOutput_createsParentFoldersAndWritesOnFinish() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("deep/er/report.txt").path
        let formatter = makeFormatter(.rerun, output: .file(path), options: ReportOptions())
        for envelope in try sampleEnvelopes() { formatter.handle(envelope) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "nothing is written before finish")
        try formatter.finish()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "Features/chat.feature:4:15:19\nFeatures/quiz.feature:21:32:33\n")
    }

    func test_fileOutput_replacesAnExistingFileAndLeavesNoTemporaryFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("report.xml").path
        try "old content".write(toFile: path, atomically: false, encoding: .utf8)
        let formatter = makeFormatter(.junit, output: .file(path), options: ReportOptions())
        for envelope in try sampleEnvelopes() { formatter.handle(envelope) }
        try formatter.finish()
        XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("<?xml"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["report.xml"])
    }

    func test_atomicWrite_neverShowsAPartialFileOnConcurrentReads() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("big.txt").path
        let small = Data(repeating: UInt8(ascii: "a"), count: 10)
        let big = Data(repeating: UInt8(ascii: "b"), count: 4_000_000)
        try AtomicFile.write(small, to: path)
        let reader = Thread {
            for _ in 0..<2000 {
                let data = FileManager.default.contents(atPath: path) ?? Data()
                if data.count != small.count && data.count != big.count {
                    XCTFail("a reader saw \(data.count) bytes")
                    return
                }
            }
        }
        reader.start()
        for _ in 0..<20 { try AtomicFile.write(big, to: path); try AtomicFile.write(small, to: path) }
        while !reader.isFinished { Thread.sleep(forTimeInterval: 0.01) }
    }

    func test_fileOutput_throwsAReadableErrorOnAnUnwritableFolder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocker = folder.appendingPathComponent("file")
        try "x".write(to: blocker, atomically: true, encoding: .utf8)
        let formatter = makeFormatter(.summary, output: .file(blocker.appendingPathComponent("report.txt").path), options: ReportOptions())
        XCTAssertThrowsError(try formatter.finish()) { error in
            XCTAssertTrue("\(error)".contains("cannot write the report"), "\(error)")
        }
    }

    func test_message_writesOneEnvelopePerLineOnAnyStream() throws {
        let envelopes = try sampleEnvelopes()
        let text = try render(.message, envelopes)
        XCTAssertEqual(text.split(separator: "\n").count, envelopes.count)
        XCTAssertEqual(try NDJSON.decode(text), envelopes)
    }

    func test_finish_closesTheOutputOnceOnEveryFormat() throws {
        let envelopes = try sampleEnvelopes()
        for format in ReportFormat.allCases {
            let sink = MemorySink()
            let formatter = makeFormatter(format, sink: sink, options: ReportOptions())
            for envelope in envelopes { formatter.handle(envelope) }
            try formatter.finish()
            XCTAssertEqual(sink.closeCount, 1, "\(format)")
            XCTAssertFalse(sink.text.isEmpty, "\(format) wrote nothing")
        }
    }

    func test_formatNames_matchTheCommandLine() {
        XCTAssertEqual(
            ReportFormat.allCases.map(\.rawValue),
            [
                "pretty", "progress", "summary", "message", "junit", "json", "html", "rerun", "usage", "github", "usage-json",
                "requirements", "requirements-json", "history", "html-site", "status",
            ])
    }
}

final class ClosureOutputTests: XCTestCase {
    func test_writeClosure_receivesTheTextAsItIsProduced() throws {
        var received: [String] = []
        let formatter = makeFormatter(.progress, write: { received.append($0) }, options: ReportOptions())
        let envelopes = try sampleEnvelopes()
        let firstStep = try XCTUnwrap(envelopes.firstIndex { $0.testStepFinished != nil })
        for envelope in envelopes[...firstStep] { formatter.handle(envelope) }
        XCTAssertEqual(received, ["."])
        for envelope in envelopes[(firstStep + 1)...] { formatter.handle(envelope) }
        try formatter.finish()
        XCTAssertTrue(received.joined().hasSuffix("0m0.114s\n"), received.joined())
    }
}
