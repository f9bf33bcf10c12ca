import Foundation
import XCTest

@testable import SpecRunReportCore

/// A report's name may take all of the 255 bytes a file name has: its temporary file beside it
/// (`.<name>.<pid>.<random>.tmp`) still fits, so the report is written.
final class LongReportNameTests: XCTestCase {
    func test_close_writesTheReportOnANameOf255Bytes() throws {
        let folder = try makeFolder()
        let path = folder + "/" + String(repeating: "ü", count: 123) + "12345.xml"  // 246 + 9 bytes
        let sut = StreamingFileSink(path: path)

        sut.write("<report/>")
        try sut.close()

        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "<report/>")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).count, 1, "no temporary file left")
    }

    func test_write_writesTheFileOnANameOf255Bytes() throws {
        let folder = try makeFolder()
        let path = folder + "/" + String(repeating: "r", count: 251) + ".txt"

        try AtomicFile.write(Data("a:1\n".utf8), to: path)

        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "a:1\n")
    }

    func test_temporaryName_cutsTheNameOnACharacterOnALongName() {
        let name = ReportPath.temporaryName(of: String(repeating: "ü", count: 127) + ".xml", suffix: "journal.tmp")

        XCTAssertLessThanOrEqual(name.utf8.count, 255)
        XCTAssertTrue(name.hasPrefix(".üü"), name)
        XCTAssertTrue(name.hasSuffix(".journal.tmp"), name)
    }

    private func makeFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-long-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder
    }
}
