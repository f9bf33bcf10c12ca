import Foundation
import Gherkin
import Messages
import SharedTestData
import XCTest

/// `GherkinMessages.ndjson(bytes:…)` (what `specrun gherkin` prints, written as the parser goes) is byte for byte
/// the envelopes of `generate(bytes:…)` encoded one by one, ids included, on every shared Gherkin file.
final class GherkinNDJSONTests: XCTestCase {
    private let everyOption: [GherkinMessages.Options] = [
        .init(), .init(includeSource: false), .init(includeAST: false), .init(includePickles: false),
        .init(includeSource: false, includeAST: false),
    ]

    func test_ndjson_equalsTheEnvelopesLines_onTheOfficialTestdata() throws {
        for folderName in ["good", "bad"] {
            let folder = try SharedData.folder("conformance/gherkin/\(folderName)")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasSuffix(".feature") || $0.hasSuffix(".feature.md") }
            XCTAssertFalse(names.isEmpty)
            for name in names {
                let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
                for options in everyOption { try assertSameLines(bytes, uri: name, options: options) }
            }
        }
    }

    func test_ndjson_equalsTheEnvelopesLines_onTheCorpus() throws {
        let corpus = try SharedData.folder("conformance/corpus")
        let index = try String(contentsOf: corpus.appendingPathComponent("INDEX.tsv"), encoding: .utf8)
        let paths = index.split(separator: "\n").dropFirst().compactMap { row in
            row.split(separator: "\t", omittingEmptySubsequences: false).first.map(String.init)
        }
        XCTAssertGreaterThan(paths.count, 1000)
        for path in paths {
            try assertSameLines(try Data(contentsOf: corpus.appendingPathComponent(path)), uri: path, options: .init())
        }
    }

    func test_ndjson_writesTheReferenceQuirks_andUUIDs() throws {
        let outline = """
            Feature: quirks
              Background:
                And a background step
              @outline
              Scenario Outline: starts with And <x>
                And it has <x>
                  \"\"\"
                  <x>
                  \"\"\"
                Then a table
                  | <x> |
                @examples
                Examples:
                  | x |
                  | 1 |
                  | 2 |
            """
        try assertSameLines(Data(outline.utf8), uri: "quirks.feature", options: .init())
        XCTAssertTrue(try lines(Data(outline.utf8), uri: "quirks.feature").contains("\"type\":null"))
        try assertSameLines(Data("Some text\n\n## Scenario: s\n* a step\n".utf8), uri: "keywordless.feature.md", options: .init())
        try assertSameLines(Data([0x46, 0xFF, 0x0A]), uri: "broken.feature", options: .init())

        let streamed = GherkinMessages.ndjson(
            bytes: Data(outline.utf8), uri: "quirks.feature",
            ids: RandomUUIDGenerator(seed: 9)
        ).lines
        let envelopes = GherkinMessages.generate(
            bytes: Data(outline.utf8), uri: "quirks.feature",
            ids: RandomUUIDGenerator(seed: 9))
        XCTAssertEqual(
            String(decoding: streamed, as: UTF8.self),
            try envelopes.map { try GherkinMessages.ndjsonLine($0) + "\n" }.joined())
    }

    private func lines(_ bytes: Data, uri: String) throws -> String {
        String(decoding: GherkinMessages.ndjson(bytes: bytes, uri: uri, ids: IncrementingIdGenerator()).lines, as: UTF8.self)
    }

    private func assertSameLines(
        _ bytes: Data, uri: String, options: GherkinMessages.Options,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let envelopes = GherkinMessages.generate(bytes: bytes, uri: uri, options: options, ids: IncrementingIdGenerator())
        let expected = try envelopes.map { try GherkinMessages.ndjsonLine($0) + "\n" }.joined()
        let (streamed, unparsable) = GherkinMessages.ndjson(bytes: bytes, uri: uri, options: options, ids: IncrementingIdGenerator())
        XCTAssertEqual(String(decoding: streamed, as: UTF8.self), expected, uri, file: file, line: line)
        XCTAssertEqual(unparsable, envelopes.contains { $0.parseError != nil }, uri, file: file, line: line)
    }
}
