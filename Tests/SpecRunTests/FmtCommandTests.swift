import Foundation
import XCTest

@testable import SpecRun

/// `specrun fmt`: what it writes, lists and exits with, on files held in memory.
final class FmtCommandTests: XCTestCase {
    final class Files: @unchecked Sendable {
        var contents: [String: Data]
        init(_ contents: [String: String]) { self.contents = contents.mapValues { Data($0.utf8) } }
        var fmtFiles: FmtFiles {
            FmtFiles(
                expand: { $0 }, read: { self.contents[$0] },
                write: {
                    self.contents[$0] = $1; return true
                })
        }
    }

    private func makeSUT(check: Bool, _ files: [String: String]) -> (FmtCommand, Files, SpyConsole) {
        let store = Files(files)
        let console = SpyConsole()
        var command = FmtCommand(options: FmtOptions(check: check, paths: files.keys.sorted()), console: console)
        command.files = store.fmtFiles
        return (command, store, console)
    }

    func test_write_formatsTheLinksTargetAndKeepsTheLinkAndThePermissions() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-fmt-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        try "Feature: x\n".write(toFile: "\(folder)/target.feature", atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod("\(folder)/target.feature", 0o640), 0)
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/link.feature", withDestinationPath: "target.feature")

        XCTAssertTrue(FmtFiles.writeInPlace("\(folder)/link.feature", Data("Feature: y\n".utf8)))

        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/link.feature"), "target.feature")
        XCTAssertEqual(try String(contentsOfFile: "\(folder)/target.feature", encoding: .utf8), "Feature: y\n")
        let mode = try FileManager.default.attributesOfItem(atPath: "\(folder)/target.feature")[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o640)
    }

    func test_check_listsTheFileAndExits1OnAnUnformattedFile() {
        let (sut, store, console) = makeSUT(
            check: true,
            [
                "a.feature": "Feature: F\nScenario: S\nGiven x\n",
                "b.feature": "Feature: G\n",
            ])
        XCTAssertEqual(sut.run(), 1)
        XCTAssertEqual(console.stdout, "a.feature\n")
        XCTAssertEqual(String(decoding: store.contents["a.feature"]!, as: UTF8.self), "Feature: F\nScenario: S\nGiven x\n")
    }

    func test_fmt_rewritesTheFileOnAnUnformattedFile() {
        let (sut, store, _) = makeSUT(check: false, ["a.feature": "Feature: F\nScenario: S\nGiven x\n"])
        XCTAssertEqual(sut.run(), 0)
        XCTAssertEqual(String(decoding: store.contents["a.feature"]!, as: UTF8.self), "Feature: F\n  Scenario: S\n    Given x\n")
    }

    func test_fmt_leavesTheFileAndExits3OnAParseError() {
        let source = "Feature: F\n  Scenario: S\n    Given x\n    Giving y\n"
        let (sut, store, console) = makeSUT(check: false, ["a.feature": source])
        XCTAssertEqual(sut.run(), 3)
        XCTAssertEqual(String(decoding: store.contents["a.feature"]!, as: UTF8.self), source)
        XCTAssertTrue(console.stderr.contains("a.feature:4:5: expected"), console.stderr)
    }

    func test_fmt_leavesMarkdownWithALineOnAMarkdownFeature() {
        let (sut, store, console) = makeSUT(check: true, ["a.feature.md": "# Feature: F\n"])
        XCTAssertEqual(sut.run(), 0)
        XCTAssertEqual(store.contents["a.feature.md"], Data("# Feature: F\n".utf8))
        XCTAssertTrue(console.stderr.contains("Markdown features are not formatted"))
    }
}
