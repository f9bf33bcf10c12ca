import Foundation
import XCTest

@testable import SpecRun

final class GherkinCommandTests: XCTestCase {
    func test_run_printsTheFilesInTheOrderGivenOnParsingThemInParallel() throws {
        let folder = try makeFolder()
        var paths: [String] = []
        for index in 0..<(GherkinCommand.batchSize * 2 + 5) {
            let path = "\(folder)/f\(index).feature"
            try "Feature: F\(index)\n  Scenario: S\n    Given step \(index)\n".write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        paths.insert("\(folder)/missing.feature", at: 40)
        paths.insert(folder, at: 41)
        try "Feature: Bad\n  Scenario: S\n    Given x\n      | a |\n      | a | b |\n".write(
            toFile: "\(folder)/bad.feature", atomically: true, encoding: .utf8)
        paths.append("\(folder)/bad.feature")
        let (sut, console) = makeSUT(paths)

        let code = sut.run()

        XCTAssertEqual(code, ExitCode.usage.rawValue)
        XCTAssertEqual(
            console.stderr,
            "specrun gherkin: cannot read \(folder)/missing.feature: no such file\n"
                + "specrun gherkin: cannot read \(folder): it is a folder; give its feature files (e.g. \(folder)/*.feature)\n")
        let sources = try console.stdout.split(separator: "\n").compactMap { line -> String? in
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return (object["source"] as? [String: Any])?["uri"] as? String
        }
        XCTAssertEqual(sources, paths.filter { !$0.hasSuffix("missing.feature") && $0 != folder })
        let ids = console.stdout.split(separator: "\n").filter { $0.hasPrefix("{\"pickle\"") }.map { line -> String in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return ((object?["pickle"] as? [String: Any])?["id"] as? String) ?? ""
        }
        XCTAssertEqual(ids.count, GherkinCommand.batchSize * 2 + 5)
        XCTAssertEqual(Set(ids).count, ids.count)
    }

    func test_run_exitsUnparsableOnAParseErrorInParallel() throws {
        let folder = try makeFolder()
        try "Feature: A\n".write(toFile: "\(folder)/a.feature", atomically: true, encoding: .utf8)
        try "Feature: B\n  Scenario: S\n    Given x\n      | a |\n      | a | b |\n".write(
            toFile: "\(folder)/b.feature", atomically: true, encoding: .utf8)
        let (sut, console) = makeSUT(["\(folder)/a.feature", "\(folder)/b.feature"])

        XCTAssertEqual(sut.run(), ExitCode.unparsable.rawValue)
        XCTAssertTrue(console.stdout.contains("\"parseError\""), console.stdout)
    }

    private func makeSUT(_ paths: [String]) -> (GherkinCommand, SpyConsole) {
        let console = SpyConsole()
        var options = GherkinOptions()
        options.paths = paths
        return (GherkinCommand(options: options, console: console), console)
    }

    private func makeFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-gherkin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder.path
    }
}
