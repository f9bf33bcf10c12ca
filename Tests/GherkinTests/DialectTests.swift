import Foundation
import Gherkin
import SharedTestData
import XCTest

final class DialectTests: XCTestCase {
    func test_dialects_embedEveryLanguageOfTheReferenceFile() throws {
        let folder = try SharedData.folder("conformance/gherkin")
        let data = try Data(contentsOf: folder.appendingPathComponent("gherkin-languages.json"))
        let reference = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]])
        XCTAssertEqual(Dialect.codes, reference.keys.sorted())
        for (code, keywords) in reference {
            let dialect = try XCTUnwrap(Dialect.named(code))
            let embedded: [String: [String]] = [
                "feature": dialect.feature, "rule": dialect.rule, "background": dialect.background, "scenario": dialect.scenario,
                "scenarioOutline": dialect.scenarioOutline, "examples": dialect.examples, "given": dialect.given,
                "when": dialect.when, "then": dialect.then, "and": dialect.and, "but": dialect.but,
            ]
            for (key, words) in embedded {
                XCTAssertEqual(words, keywords[key] as? [String], "\(code).\(key)")
            }
            XCTAssertEqual(dialect.native, keywords["native"] as? String)
        }
    }

    func test_named_deliversNilOnUnknownCode() {
        XCTAssertNil(Dialect.named("no-such"))
        XCTAssertEqual(Dialect.codes.count, 80)
    }
}
