import Foundation
import Messages
import SharedTestData
import XCTest

@testable import Gherkin

/// The tokens the parser accepts, line by line, equal the official `.tokens` files.
final class TokensTests: XCTestCase {
    func test_tokens_matchReferenceOnEveryGoodFile() throws {
        let folder = try SharedData.folder("conformance/gherkin/good")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tokens") }.sorted()
        XCTAssertGreaterThan(names.count, 30)
        for name in names {
            let feature = String(name.dropLast(".tokens".count))
            let source = try XCTUnwrap(String(data: try Data(contentsOf: folder.appendingPathComponent(feature)), encoding: .utf8))
            let expected = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let actual = TokenFormatter.format(source: source, mediaType: SourceMediaType.of(uri: feature))
            let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let got = actual.split(separator: "\n", omittingEmptySubsequences: false)
            if let index = zip(want, got).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
                XCTFail("\(name) line \(index + 1):\n  expected \(want[index])\n  got      \(got[index])")
            } else if want.count != got.count {
                XCTFail("\(name): expected \(want.count) lines, got \(got.count)")
            }
        }
    }
}
