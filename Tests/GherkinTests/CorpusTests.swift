import Foundation
import Gherkin
import SharedTestData
import XCTest

/// The real-world corpus (../shared/conformance/corpus, files listed in INDEX.tsv): the AST and pickles, or the
/// errors, equal what the reference parser printed with `--no-source`, uri being the INDEX path.
final class CorpusTests: XCTestCase {
    func test_generate_matchesReferenceOnEveryCorpusFile() throws {
        let corpus = try SharedData.folder("conformance/corpus")
        let index = try String(contentsOf: corpus.appendingPathComponent("INDEX.tsv"), encoding: .utf8)
        let paths = index.split(separator: "\n").dropFirst().compactMap { row in
            row.split(separator: "\t", omittingEmptySubsequences: false).first.map(String.init)
        }
        XCTAssertGreaterThan(paths.count, 1000, "expected the 1104 corpus files")
        var failures: [String] = []
        for path in paths {
            let source = try Data(contentsOf: corpus.appendingPathComponent(path))
            let expected = try String(contentsOf: corpus.appendingPathComponent(path + ".expected.ndjson"), encoding: .utf8)
            let actual = try ndjson(bytes: source, uri: path, options: .init(includeSource: false))
            if let difference = JSONLines.firstDifference(expected: expected, actual: actual) {
                failures.append("\(path): \(difference)")
            }
        }
        for failure in failures.prefix(20) { XCTFail(failure) }
        XCTAssertEqual(failures.count, 0, "\(failures.count) of \(paths.count) corpus files differ")
    }
}
