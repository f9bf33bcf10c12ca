import Foundation
import Messages
import XCTest

/// Cucumber JSON and JUnit XML of a run whose test cases ran in another order than defined, as a user runs it
/// (the fixture executable): both list the features in the order their documents were read, each once, and each
/// feature's test cases in execution order (Cucumber's official formatters); `-j 2` and `specrun report` on the
/// saved stream write the same reports as the serial run, and so do merged shards (in the defined order).
final class ReportOrderEndToEndTests: XCTestCase {
    private let files = [
        "a.feature": """
        Feature: Alpha
          Scenario: a1
            Given a passing step
          Scenario: a2
            Given a failing step
            Then a passing step
          Scenario: a3
            Given a step nobody wrote
            Then a passing step

        """,
        "b.feature": """
        Feature: Beta
          Scenario: b1
            Given a passing step
          Scenario: b2
            Given a passing step
          Scenario: b3
            Given a passing step

        """,
    ]

    func test_run_writesJSONAndJUnitFeaturesInDocumentOrderOnReverseOrder() throws {
        let (fixture, folder) = try makeSUT()

        let run = try runProcess(
            fixture,
            [
                folder, "--order", "reverse", "--format", "json:\(folder)/r.json",
                "--format", "junit:\(folder)/r.xml",
            ])

        XCTAssertEqual(run.status, 1, run.stderr)
        let features = try jsonFeatures("\(folder)/r.json")
        XCTAssertEqual(features.map { $0.name }, ["Alpha", "Beta"])
        XCTAssertEqual(features.map { $0.scenarios }, [["a3", "a2", "a1"], ["b3", "b2", "b1"]])
        XCTAssertEqual(try junitNames("\(folder)/r.xml"), ["Alpha/a3", "Alpha/a2", "Alpha/a1", "Beta/b3", "Beta/b2", "Beta/b1"])
    }

    func test_run_writesEachFeatureOnceInDocumentOrderOnRandomOrder() throws {
        let (fixture, folder) = try makeSUT()

        let run = try runProcess(
            fixture,
            [
                folder, "--order", "random:7", "--format", "json:\(folder)/r.json",
                "--format", "junit:\(folder)/r.xml", "--format", "message:\(folder)/r.ndjson",
            ])

        XCTAssertEqual(run.status, 1, run.stderr)
        let executed = try executionOrder("\(folder)/r.ndjson")
        var stretches: [(name: String, scenarios: [String])] = []
        for (feature, scenario) in executed {
            if stretches.last?.name == feature {
                stretches[stretches.count - 1].scenarios.append(scenario)
            } else {
                stretches.append((feature, [scenario]))
            }
        }
        XCTAssertGreaterThan(stretches.count, 2, "seed 7 interleaves the features: \(executed)")
        let features = try jsonFeatures("\(folder)/r.json")
        let byFeature = ["Alpha", "Beta"].map { name in executed.filter { $0.feature == name }.map(\.scenario) }
        XCTAssertEqual(features.map { $0.name }, ["Alpha", "Beta"])
        XCTAssertEqual(features.map { $0.scenarios }, byFeature)
        XCTAssertEqual(
            try junitNames("\(folder)/r.xml"),
            executed.filter { $0.feature == "Alpha" }.map { "Alpha/\($0.scenario)" }
                + executed.filter { $0.feature == "Beta" }.map { "Beta/\($0.scenario)" })
    }

    func test_report_rebuildsTheSameJSONAndJUnitFromTheSavedStreamOnRandomOrder() throws {
        let (fixture, folder) = try makeSUT()
        _ = try runProcess(
            fixture,
            [
                folder, "--order", "random:7", "--format", "json:\(folder)/r.json",
                "--format", "junit:\(folder)/r.xml", "--format", "message:\(folder)/r.ndjson",
            ])

        let report = try runProcess(
            fixture,
            [
                "report", "\(folder)/r.ndjson", "--format", "json:\(folder)/again.json",
                "--format", "junit:\(folder)/again.xml",
            ])

        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertEqual(
            try String(contentsOfFile: "\(folder)/again.json", encoding: .utf8),
            try String(contentsOfFile: "\(folder)/r.json", encoding: .utf8))
        XCTAssertEqual(
            try String(contentsOfFile: "\(folder)/again.xml", encoding: .utf8),
            try String(contentsOfFile: "\(folder)/r.xml", encoding: .utf8))
    }

    func test_parallel_writesTheSerialRunsJSONAndJUnitOrderOnRandomOrder() throws {
        let (fixture, folder) = try makeSUT()

        _ = try runProcess(
            fixture, [folder, "--order", "random:7", "--format", "json:\(folder)/1.json", "--format", "junit:\(folder)/1.xml"])
        _ = try runProcess(
            fixture,
            [
                folder, "-j", "2", "--order", "random:7", "--format", "json:\(folder)/2.json",
                "--format", "junit:\(folder)/2.xml",
            ])

        let serial = try jsonFeatures("\(folder)/1.json"), parallel = try jsonFeatures("\(folder)/2.json")
        XCTAssertEqual(parallel.map { $0.name }, serial.map { $0.name })
        XCTAssertEqual(parallel.map { $0.scenarios }, serial.map { $0.scenarios })
        XCTAssertEqual(try junitNames("\(folder)/2.xml"), try junitNames("\(folder)/1.xml"))
    }

    func test_report_writesTheSerialRunsOrderOnMergingRoundRobinShards() throws {
        let (fixture, folder) = try makeSUT()
        _ = try runProcess(fixture, [folder, "--format", "json:\(folder)/serial.json", "--format", "junit:\(folder)/serial.xml"])
        for index in 1...2 {
            _ = try runProcess(fixture, [folder, "--shard", "\(index)/2", "--format", "message:\(folder)/shard\(index).ndjson"])
        }

        let merged = try runProcess(
            fixture,
            [
                "report", "\(folder)/shard1.ndjson", "\(folder)/shard2.ndjson",
                "--format", "json:\(folder)/merged.json", "--format", "junit:\(folder)/merged.xml",
            ])

        XCTAssertEqual(merged.status, 0, merged.stderr)
        let serial = try jsonFeatures("\(folder)/serial.json"), features = try jsonFeatures("\(folder)/merged.json")
        XCTAssertEqual(features.map { $0.name }, serial.map { $0.name })
        XCTAssertEqual(features.map { $0.scenarios }, serial.map { $0.scenarios })
        XCTAssertEqual(try junitNames("\(folder)/merged.xml"), try junitNames("\(folder)/serial.xml"))
    }

    func test_run_writesStepsThatNeverRanAsCucumberJVMDoes() throws {
        let (fixture, folder) = try makeSUT()

        _ = try runProcess(fixture, [folder, "--format", "json:\(folder)/d.json"])

        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/d.json"))) as? [[String: Any]])
        let alpha = try XCTUnwrap(json.first { $0["name"] as? String == "Alpha" }?["elements"] as? [[String: Any]])
        let skippedAfterFailure = try XCTUnwrap((alpha[1]["steps"] as? [[String: Any]])?[1])
        XCTAssertEqual(skippedAfterFailure["result"] as? [String: String], ["status": "skipped"])
        XCTAssertNotNil((skippedAfterFailure["match"] as? [String: Any])?["location"])
        let undefined = try XCTUnwrap((alpha[2]["steps"] as? [[String: Any]])?[0])
        XCTAssertEqual(undefined["result"] as? [String: String], ["status": "undefined"])
        XCTAssertEqual((undefined["match"] as? [String: Any])?.count, 0)
        let skippedAfterUndefined = try XCTUnwrap((alpha[2]["steps"] as? [[String: Any]])?[1])
        XCTAssertEqual(skippedAfterUndefined["result"] as? [String: String], ["status": "skipped"])
    }

    // MARK: - Helpers

    private func makeSUT() throws -> (fixture: URL, folder: String) {
        (try fixtureExecutable(), try makeFixtureFeatures(files))
    }

    private func jsonFeatures(_ path: String) throws -> [(name: String, scenarios: [String])] {
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [[String: Any]])
        return json.map { feature in
            let elements = feature["elements"] as? [[String: Any]] ?? []
            return (
                feature["name"] as? String ?? "",
                elements.filter { $0["type"] as? String == "scenario" }.map { $0["name"] as? String ?? "" }
            )
        }
    }

    /// `classname/name` of each `<testcase>`, in document order.
    private func junitNames(_ path: String) throws -> [String] {
        let xml = try String(contentsOfFile: path, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"<testcase classname="([^"]*)" name="([^"]*)""#)
        return pattern.matches(in: xml, range: NSRange(xml.startIndex..., in: xml)).map { match in
            "\(xml[Range(match.range(at: 1), in: xml)!])/\(xml[Range(match.range(at: 2), in: xml)!])"
        }
    }

    /// (feature name, scenario name) of each test case, in the order the stream says they started.
    private func executionOrder(_ path: String) throws -> [(feature: String, scenario: String)] {
        let stream = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: path)))
        let featureNames = Dictionary(
            uniqueKeysWithValues: stream.compactMap(\.gherkinDocument).map { ($0.uri ?? "", $0.feature?.name ?? "") })
        let pickles = Dictionary(uniqueKeysWithValues: stream.compactMap(\.pickle).map { ($0.id, $0) })
        let cases = Dictionary(uniqueKeysWithValues: stream.compactMap(\.testCase).map { ($0.id, $0.pickleId) })
        return stream.compactMap(\.testCaseStarted).map { started in
            let pickle = pickles[cases[started.testCaseId] ?? ""]
            return (featureNames[pickle?.uri ?? ""] ?? "?", pickle?.name ?? "?")
        }
    }
}
