import Foundation
import XCTest

@testable import SpecRunReports

/// History is never lost: records added at once on one folder all land (a lock and an atomic replace), and a file
/// specrun cannot read — truncated, corrupt, of a newer format — is set aside and named, never overwritten.
final class RunHistoryFileTests: XCTestCase {
    func test_record_keepsEveryRunOnRecordsMadeAtOnceOnOneFolder() throws {
        let path = try makeFolder() + "/" + RunHistory.fileName
        let count = 8
        DispatchQueue.concurrentPerform(iterations: count) { number in
            try? RunHistory.record(Self.run("r\(number)", start: Int64(number)), in: path, note: { _ in })
        }

        guard case .history(let history) = RunHistory.read(path) else { return XCTFail("unreadable: \(RunHistory.read(path))") }
        XCTAssertEqual(Set(history.runs.map(\.id)), Set((0..<count).map { "r\($0)" }))
    }

    func test_record_setsATruncatedFileAsideNamingItAndStartsANewHistory() throws {
        let folder = try makeFolder()
        let path = folder + "/" + RunHistory.fileName
        try RunHistory.record(Self.run("earlier", start: 1), in: path, note: { _ in })
        let whole = try String(contentsOfFile: path, encoding: .utf8)
        try String(whole.prefix(whole.count / 2)).write(toFile: path, atomically: true, encoding: .utf8)
        var notes: [String] = []

        try RunHistory.record(Self.run("now", start: 2), in: path, note: { notes.append($0) })

        let aside = try asideFiles(in: folder)
        XCTAssertEqual(aside.count, 1)
        XCTAssertEqual(try String(contentsOfFile: folder + "/" + aside[0], encoding: .utf8), String(whole.prefix(whole.count / 2)))
        XCTAssertEqual(notes.count, 1)
        XCTAssertTrue(notes[0].hasPrefix("\(path): truncated or not a specrun history file"), notes[0])
        XCTAssertTrue(notes[0].contains("set aside as \(folder)/\(aside[0])"), notes[0])
        XCTAssertEqual(RunHistory.read(path), .history(RunHistory(runs: [Self.run("now", start: 2)])))
    }

    func test_record_setsAFileOfANewerFormatAsideNamingItsVersion() throws {
        let folder = try makeFolder()
        let path = folder + "/" + RunHistory.fileName
        let newer = #"{"version":\#(RunHistory.version + 1),"runs":[{"id":"from the future"}]}"#
        try newer.write(toFile: path, atomically: true, encoding: .utf8)
        var notes: [String] = []

        try RunHistory.record(Self.run("now", start: 2), in: path, note: { notes.append($0) })

        let aside = try asideFiles(in: folder)
        XCTAssertEqual(aside.count, 1)
        XCTAssertEqual(try String(contentsOfFile: folder + "/" + aside[0], encoding: .utf8), newer)
        XCTAssertEqual(notes.count, 1)
        XCTAssertTrue(notes[0].contains("written by a newer specrun (format version \(RunHistory.version + 1)"), notes[0])
    }

    func test_record_setsAsideUnderANewNameEachTime() throws {
        let folder = try makeFolder()
        let path = folder + "/" + RunHistory.fileName
        for _ in 0..<3 {
            try "{".write(toFile: path, atomically: true, encoding: .utf8)
            try RunHistory.record(Self.run("now", start: 2), in: path, note: { _ in })
        }
        XCTAssertEqual(try asideFiles(in: folder).count, 3)
    }

    func test_record_leavesNoOtherFileThanTheHistoryInTheFolder() throws {
        let folder = try makeFolder()
        try RunHistory.record(Self.run("one", start: 1), in: folder + "/" + RunHistory.fileName, note: { _ in })
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [RunHistory.fileName])
    }

    func test_record_writesThroughTheLinkAndKeepsItOnAHistoryFileThatIsALink() throws {
        let folder = try makeFolder()
        try FileManager.default.createDirectory(atPath: folder + "/real", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/h", withIntermediateDirectories: true)
        let target = folder + "/real/kept.json"
        try RunHistory.record(Self.run("earlier", start: 1), in: target, note: { _ in })
        let path = folder + "/h/" + RunHistory.fileName
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "../real/kept.json")

        try RunHistory.record(Self.run("now", start: 2), in: path, note: { _ in })

        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path), "../real/kept.json")
        guard case .history(let history) = RunHistory.read(target) else { return XCTFail("unreadable: \(RunHistory.read(target))") }
        XCTAssertEqual(history.runs.map(\.id), ["earlier", "now"])
    }

    // MARK: - Helpers

    private static func run(_ id: String, start: Int64) -> HistoryRun {
        HistoryRun(
            id: id, start: start, duration: 1,
            scenarios: [HistoryScenario(key: "features/a.feature:2", name: "one", status: "passed", duration: 1, attempts: 1)])
    }

    private func makeFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-history-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder
    }

    private func asideFiles(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(RunHistory.fileName + ".unreadable-") }.sorted()
    }
}
