import Foundation
import Gherkin
import Messages
import SharedTestData
import XCTest

/// The Cucumber Compatibility Kit samples (../shared/reference/cck): parsed with the cucumber-js flavour
/// (`DescriptionTrimming.blankLines`), each feature gives the gherkinDocument and pickles of the sample's stream.
final class CCKSampleTests: XCTestCase {
    func test_generate_matchesCucumberJSDocumentsAndPicklesOnEverySample() throws {
        let root = try SharedData.folder("reference/cck")
        let samples = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
        var checked = 0
        for sample in samples {
            let folder = root.appendingPathComponent(sample)
            let stream = folder.appendingPathComponent("\(sample).ndjson")
            guard let text = try? String(contentsOf: stream, encoding: .utf8) else { continue }
            let wanted = text.split(separator: "\n").filter { $0.hasPrefix(#"{"gherkinDocument""#) || $0.hasPrefix(#"{"pickle""#) }
            let features = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasSuffix(".feature") || $0.hasSuffix(".feature.md") }.sorted()
            var actual = ""
            let ids = IncrementingIdGenerator()
            for feature in features {
                let bytes = try Data(contentsOf: folder.appendingPathComponent(feature))
                let options = GherkinMessages.Options(includeSource: false, descriptionTrimming: .blankLines)
                for envelope in GherkinMessages.generate(bytes: bytes, uri: "samples/\(sample)/\(feature)", options: options, ids: ids) {
                    actual += try GherkinMessages.ndjsonLine(envelope) + "\n"
                }
            }
            guard !features.isEmpty else { continue }
            checked += 1
            if let difference = JSONLines.firstDifference(expected: wanted.joined(separator: "\n"), actual: actual) {
                XCTFail("\(sample): \(difference)")
            }
        }
        XCTAssertGreaterThan(checked, 30, "expected the CCK samples")
    }
}
