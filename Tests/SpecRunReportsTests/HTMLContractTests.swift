import Foundation
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// The keys the Swift writer may write (HTMLContract) are exactly the keys the page's script documents
/// (Resources/contract.js), record by record, and the sample report uses no other key.
final class HTMLContractTests: XCTestCase {
    private func makeSUT() throws -> [String: Set<String>] {
        let url = testTargetFolder.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/SpecRunReports/HTML/Resources/contract.js")
        return Self.typedefs(try String(contentsOf: url, encoding: .utf8))
    }

    /// `@typedef {Object} Name` blocks and their `@property {type} [key]` keys.
    static func typedefs(_ script: String) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        let blocks = script.components(separatedBy: "@typedef {Object} ").dropFirst()
        for block in blocks {
            let body = block.components(separatedBy: "*/").first ?? ""
            let name = String(body.prefix { $0.isLetter })
            var keys: Set<String> = []
            for part in body.components(separatedBy: "@property {").dropFirst() {
                let afterType = part.drop { $0 != "}" }.dropFirst().drop { $0 == " " || $0 == "[" }
                keys.insert(String(afterType.prefix { $0.isLetter || $0.isNumber }))
            }
            result[name] = keys
        }
        return result
    }

    private func keys<Key: HTMLKey>(_ type: Key.Type) -> Set<String> { Set(Key.allCases.map(\.rawValue)) }

    func test_contract_scriptDocumentsExactlyTheSwiftKeysOnEveryRecord() throws {
        let script = try makeSUT()
        let swift: [String: Set<String>] = [
            "Report": keys(HTMLContract.Report.self), "Run": keys(HTMLContract.Run.self),
            "History": keys(HTMLContract.History.self), "HistoryRun": keys(HTMLContract.HistoryRun.self),
            "RunHook": keys(HTMLContract.RunHook.self), "ParseError": keys(HTMLContract.ParseError.self),
            "Feature": keys(HTMLContract.Feature.self), "Rule": keys(HTMLContract.Rule.self),
            "Background": keys(HTMLContract.Background.self), "Outline": keys(HTMLContract.Outline.self),
            "Examples": keys(HTMLContract.Examples.self), "Scenario": keys(HTMLContract.Scenario.self),
            "Step": keys(HTMLContract.Step.self), "DocString": keys(HTMLContract.DocString.self),
            "Attachment": keys(HTMLContract.Attachment.self), "Requirements": keys(HTMLContract.Requirements.self),
            "Story": keys(HTMLContract.Story.self), "Criterion": keys(HTMLContract.Criterion.self),
        ]
        XCTAssertEqual(Set(script.keys), Set(swift.keys), "the same records")
        for (name, swiftKeys) in swift {
            XCTAssertEqual(script[name], swiftKeys, "the keys of \(name)")
        }
    }

    func test_contract_reportUsesOnlyContractKeysOnTheFixtureRun() throws {
        let html = try render(.html, loadEnvelopes(fixturesFolder().appendingPathComponent("html.ndjson")))
        let data = try XCTUnwrap(embeddedReportData(html))
        let allowed = try makeSUT().values.reduce(into: Set<String>()) { $0.formUnion($1) }
        var used: Set<String> = []
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                for (key, member) in object {
                    used.insert(key)
                    // The requirements' document and table cells are data, not contract keys.
                    walk(member)
                }
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        walk(data)
        XCTAssertEqual(used.subtracting(allowed), [], "keys the script does not document")
        XCTAssertTrue(
            used.isSuperset(of: ["n", "p", "s", "o", "e", "w", "fl", "b", "g", "cases", "requirements", "runHooks", "parseErrors"]))
    }
}
