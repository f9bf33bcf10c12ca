import Foundation
import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// The order of features, scenarios and test cases when the test cases ran in another order than defined
/// (`--order reverse`, `--order random`). JUnit XML and Cucumber JSON follow Cucumber's official formatters
/// (cucumber query's test cases grouped by feature): the features in the order their documents were read, each
/// once, each feature's test cases in execution order. Merged runs (CI shards) have no one execution order: both
/// list their test cases in the defined order.
final class ReportExecutionOrderTests: XCTestCase {
    func test_json_listsFeaturesInDocumentOrderOnReverseOrder() throws {
        let run = makeSUT()

        let features = try jsonFeatures(run.envelopes(order: [3, 2, 1, 0]))

        XCTAssertEqual(features.map { $0.uri }, ["features/a.feature", "features/b.feature"])
        XCTAssertEqual(features.map { $0.scenarios }, [["a2", "a1"], ["b2", "b1"]])
    }

    func test_json_writesOneEntryPerFeatureInDocumentOrderOnInterleavedOrder() throws {
        let run = makeSUT()

        let features = try jsonFeatures(run.envelopes(order: [2, 0, 3, 1]))

        XCTAssertEqual(features.map { $0.uri }, ["features/a.feature", "features/b.feature"])
        XCTAssertEqual(features.map { $0.scenarios }, [["a1", "a2"], ["b1", "b2"]])
        XCTAssertEqual(features.map { $0.id }, ["feature-a", "feature-b"])
    }

    func test_json_andJUnit_listFeaturesInTheOrderTheDocumentsWereReadNotByName() throws {
        var run = RunStream()
        let z = run.feature("features/z.feature", "Feature Z")
        let a = run.feature("features/a.feature", "Feature A")
        run.scenario(z, "z1", [("a step", .one, .passed())])
        run.scenario(a, "a1", [("a step", .one, .passed())])

        for order in [[0, 1], [1, 0]] {
            XCTAssertEqual(try jsonFeatures(run.envelopes(order: order)).map { $0.uri }, ["features/z.feature", "features/a.feature"])
            XCTAssertEqual(testcases(try render(.junit, run.envelopes(order: order))), ["Feature Z/z1", "Feature A/a1"])
        }
    }

    func test_json_andJUnit_listTheSameForARunOfTheFeaturesInAnotherOrder() throws {
        let run = makeSUT()

        let defined = try (jsonFeatures(run.envelopes()), testcases(render(.junit, run.envelopes())))
        let swapped = try (
            jsonFeatures(run.envelopes(order: [2, 3, 0, 1])), testcases(render(.junit, run.envelopes(order: [2, 3, 0, 1])))
        )

        XCTAssertEqual(swapped.0.map { "\($0.uri) \($0.scenarios)" }, defined.0.map { "\($0.uri) \($0.scenarios)" })
        XCTAssertEqual(swapped.1, defined.1)
    }

    func test_json_writesOneEntryPerFeatureOnDefinedOrder() throws {
        let run = makeSUT()

        let features = try jsonFeatures(run.envelopes())

        XCTAssertEqual(features.map { $0.uri }, ["features/a.feature", "features/b.feature"])
        XCTAssertEqual(features.map { $0.scenarios }, [["a1", "a2"], ["b1", "b2"]])
    }

    func test_json_keepsEachBackgroundWithItsScenarioOnInterleavedOrder() throws {
        var run = RunStream()
        let a = run.feature("features/a.feature", "Feature A", background: ["a background step"])
        let b = run.feature("features/b.feature", "Feature B")
        run.scenario(a, "a1", [("a step", .one, .passed())])
        run.scenario(a, "a2", [("a step", .one, .passed())])
        run.scenario(b, "b1", [("a step", .one, .passed())])

        let json = try XCTUnwrap(parseJSON(render(.json, run.envelopes(order: [1, 2, 0]))) as? [[String: Any]])

        let types = json.map { ($0["elements"] as? [[String: Any]] ?? []).map { $0["type"] as? String ?? "" } }
        XCTAssertEqual(types, [["background", "scenario", "background", "scenario"], ["scenario"]])
    }

    func test_json_equalsTheSerialReportOnAParallelInterleavingOfTheSameRun() throws {
        let envelopes = makeSUT().envelopes(order: [0, 2, 3, 1])
        let serial = try render(.json, envelopes)

        for seed in [3, 11] as [UInt64] {
            XCTAssertEqual(try render(.json, ParallelOrder.interleave(envelopes, seed: seed)), serial, "seed \(seed)")
        }
    }

    func test_junit_listsTestCasesFeatureByFeatureOnInterleavedOrder() throws {
        let run = makeSUT()

        let xml = try render(.junit, run.envelopes(order: [0, 2, 3, 1]))

        XCTAssertEqual(testcases(xml), ["Feature A/a1", "Feature A/a2", "Feature B/b1", "Feature B/b2"])
        XCTAssertTrue(xml.contains(#"tests="4" skipped="0" failures="0""#), xml)
    }

    func test_junit_listsFeaturesInDocumentOrderOnReverseOrder() throws {
        let run = makeSUT()

        let xml = try render(.junit, run.envelopes(order: [3, 2, 1, 0]))

        XCTAssertEqual(testcases(xml), ["Feature A/a2", "Feature A/a1", "Feature B/b2", "Feature B/b1"])
    }

    func test_junit_equalsTheSerialReportOnAParallelInterleavingOfTheSameRun() throws {
        let envelopes = makeSUT().envelopes(order: [3, 0, 2, 1])
        let serial = try render(.junit, envelopes)

        for seed in [5, 8] as [UInt64] {
            XCTAssertEqual(try render(.junit, ParallelOrder.interleave(envelopes, seed: seed)), serial, "seed \(seed)")
        }
    }

    func test_json_listsTestCasesInTheDefinedOrderOnMergedRuns() throws {
        var options = ReportOptions()
        options.mergedRuns = true
        let envelopes = makeSUT().envelopes(order: [0, 2, 3, 1])

        let json = try XCTUnwrap(parseJSON(render(.json, envelopes, options: options)) as? [[String: Any]])

        XCTAssertEqual(json.map { $0["uri"] as? String ?? "" }, ["features/a.feature", "features/b.feature"])
        XCTAssertEqual(
            json.map { ($0["elements"] as? [[String: Any]] ?? []).map { $0["name"] as? String ?? "" } }, [["a1", "a2"], ["b1", "b2"]])
    }

    func test_junit_listsTestCasesInTheDefinedOrderOnMergedRuns() throws {
        var options = ReportOptions()
        options.mergedRuns = true

        let xml = try render(.junit, makeSUT().envelopes(order: [3, 0, 2, 1]), options: options)

        XCTAssertEqual(testcases(xml), ["Feature A/a1", "Feature A/a2", "Feature B/b1", "Feature B/b2"])
    }

    // MARK: - Helpers

    /// Two features of two passing scenarios each: a1, a2 (test cases 0, 1) and b1, b2 (2, 3).
    private func makeSUT() -> RunStream {
        var run = RunStream()
        let a = run.feature("features/a.feature", "Feature A")
        let b = run.feature("features/b.feature", "Feature B")
        run.scenario(a, "a1", [("a step", .one, .passed())])
        run.scenario(a, "a2", [("a step", .one, .passed())])
        run.scenario(b, "b1", [("a step", .one, .passed())])
        run.scenario(b, "b2", [("a step", .one, .passed())])
        return run
    }

    private func jsonFeatures(_ envelopes: [Envelope]) throws -> [(uri: String, id: String, scenarios: [String])] {
        let json = try XCTUnwrap(parseJSON(render(.json, envelopes)) as? [[String: Any]])
        return json.map { feature in
            let elements = feature["elements"] as? [[String: Any]] ?? []
            return (
                feature["uri"] as? String ?? "", feature["id"] as? String ?? "",
                elements.filter { $0["type"] as? String == "scenario" }.map { $0["name"] as? String ?? "" }
            )
        }
    }

    /// `classname/name` of each `<testcase>`, in document order.
    private func testcases(_ xml: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"<testcase classname="([^"]*)" name="([^"]*)""#)
        let range = NSRange(xml.startIndex..., in: xml)
        return pattern.matches(in: xml, range: range).map { match in
            "\(xml[Range(match.range(at: 1), in: xml)!])/\(xml[Range(match.range(at: 2), in: xml)!])"
        }
    }
}
