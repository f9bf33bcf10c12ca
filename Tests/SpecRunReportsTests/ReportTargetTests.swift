import Foundation
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// A report path that already exists as something other than a regular file is written through, never replaced.
final class ReportTargetTests: XCTestCase {
    func test_close_writesThroughASymlinkAndKeepsTheLink() throws {
        let folder = try makeFolder()
        let target = folder.appendingPathComponent("real.xml").path
        let link = folder.appendingPathComponent("link.xml").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.xml")
        let sut = StreamingFileSink(path: link)

        sut.write("<report/>")
        try sut.close()

        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "real.xml")
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "<report/>")
    }

    func test_close_writesIntoAFifoWithoutReplacingIt() throws {
        let folder = try makeFolder()
        let fifo = folder.appendingPathComponent("pipe").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let sut = StreamingFileSink(path: fifo)
        let done = expectation(description: "read")
        let read = ReadBox()
        Thread.detachNewThread {
            guard let handle = FileHandle(forReadingAtPath: fifo) else { return }  // opens once the writer does
            read.data = handle.readDataToEndOfFile()
            done.fulfill()
        }

        sut.write("through")
        try sut.close()

        wait(for: [done], timeout: 5)
        XCTAssertEqual(String(decoding: read.data, as: UTF8.self), "through")
        var info = stat()
        XCTAssertEqual(stat(fifo, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "still a FIFO")
    }

    /// A file where the report's folder must be: both writers name it and say what to do, not the system's error
    /// number nor the folder's permissions.
    func test_write_namesTheFileInTheWayOnAReportPathUnderAFile() throws {
        let folder = try makeFolder()
        let file = folder.appendingPathComponent("taken").path
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        let sut = StreamingFileSink(path: file + "/out/m.ndjson")

        sut.write("x")

        XCTAssertThrowsError(try sut.close()) { error in
            XCTAssertTrue("\(error)".contains("\(file) is a file, where the report needs a folder"), "\(error)")
            XCTAssertFalse("\(error)".contains("writable"), "\(error)")
        }
        XCTAssertThrowsError(try AtomicFile.write(Data("x".utf8), to: file + "/j.xml")) { error in
            XCTAssertTrue("\(error)".contains("\(file) is a file, where the report needs a folder"), "\(error)")
            XCTAssertFalse("\(error)".contains("writable"), "\(error)")
        }
    }

    func test_close_refusesAFolderWithOneClearReason() throws {
        let folder = try makeFolder()
        let sut = StreamingFileSink(path: folder.path)

        sut.write("x")

        XCTAssertThrowsError(try sut.close()) { error in
            XCTAssertTrue("\(error)".contains("it is a folder; give a file path"), "\(error)")
        }
    }

    func test_standardDescriptor_namesTheDescriptorOfEachDevicePathAndNoneOfAFile() {
        XCTAssertEqual(StreamingFileSink.standardDescriptor("/dev/stdout"), 1)
        XCTAssertEqual(StreamingFileSink.standardDescriptor("/dev/stderr"), 2)
        XCTAssertEqual(StreamingFileSink.standardDescriptor("/dev/fd/7"), 7)
        XCTAssertEqual(StreamingFileSink.standardDescriptor("/proc/self/fd/3"), 3)
        XCTAssertNil(StreamingFileSink.standardDescriptor("/dev/fd/x"))
        XCTAssertNil(StreamingFileSink.standardDescriptor("reports/dev/stdout"))
    }

    final class ReadBox: @unchecked Sendable { var data = Data() }

    private func makeFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-target-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }
}
