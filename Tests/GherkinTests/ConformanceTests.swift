import Foundation
import Gherkin
import SharedTestData
import XCTest

/// The official Gherkin testdata (../shared/conformance/gherkin): every good file's source, AST and pickles,
/// and every bad file's errors, equal the reference's as parsed JSON line by line.
final class ConformanceTests: XCTestCase {
    func test_generate_matchesReferenceOnEveryGoodFile() throws {
        let folder = try SharedData.folder("conformance/gherkin/good")
        let files = try gherkinFiles(in: folder)
        XCTAssertGreaterThanOrEqual(files.count, 30, "expected the official good testdata")
        let checks: [(String, GherkinMessages.Options)] = [
            (".source.ndjson", .init(includeSource: true, includeAST: false, includePickles: false)),
            (".ast.ndjson", .init(includeSource: false, includeAST: true, includePickles: false)),
            (".pickles.ndjson", .init(includeSource: false, includeAST: false, includePickles: true)),
        ]
        for name in files {
            for (suffix, options) in checks {
                try assertSameAsReference(folder, name, suffix, uri: "../testdata/good/\(name)", options: options)
            }
        }
    }

    func test_generate_reportsReferenceErrorsOnEveryBadFile() throws {
        let folder = try SharedData.folder("conformance/gherkin/bad")
        let files = try gherkinFiles(in: folder)
        XCTAssertGreaterThanOrEqual(files.count, 8, "expected the official bad testdata")
        for name in files {
            try assertSameAsReference(
                folder, name, ".errors.ndjson", uri: "../testdata/bad/\(name)",
                options: .init(includeSource: false, includeAST: true, includePickles: true))
        }
    }

    private func gherkinFiles(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".feature") || $0.hasSuffix(".feature.md") }
            .sorted()
    }

    private func assertSameAsReference(
        _ folder: URL, _ name: String, _ suffix: String, uri: String,
        options: GherkinMessages.Options, line: UInt = #line
    ) throws {
        let source = try Data(contentsOf: folder.appendingPathComponent(name))
        let expected = try String(contentsOf: folder.appendingPathComponent(name + suffix), encoding: .utf8)
        let actual = try ndjson(bytes: source, uri: uri, options: options)
        if let difference = JSONLines.firstDifference(expected: expected, actual: actual) {
            XCTFail("\(name)\(suffix): \(difference)", line: line)
        }
    }
}
