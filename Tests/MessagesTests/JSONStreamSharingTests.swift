import Foundation
import XCTest

@testable import Messages

/// A stream decoder's shortcuts — keys guessed in the writer's order, one reader over many lines — against the
/// plain reading of the same lines.
final class JSONStreamSharingTests: XCTestCase {
    private func stream(_ lines: [String]) throws -> [Envelope] {
        let decoder = NDJSON.StreamDecoder()
        var envelopes: [Envelope] = []
        for line in lines {
            var bytes = Array((line + "\n").utf8)
            try bytes.withUnsafeMutableBufferPointer { buffer in
                try decoder.forEachEnvelope(in: UnsafeBufferPointer(buffer)) { envelopes.append($0) }
            }
        }
        return envelopes
    }

    func test_keysInAnyOrder_decodeAsJSONDecoderDoes() throws {
        let lines = [
            #"{"pickleStep":1,"pickle":{"uri":"features/a long path/x.feature","tags":[],"steps":[{"type":"Action","text":"the user \"ann\" adds 3 items","id":"s","astNodeIds":["n"]}],"name":"n","location":{"line":2,"column":1},"language":"en","id":"p","astNodeIds":["a"]}}"#,
            #"{"pickle":{"astNodeIds":["a"],"id":"p","language":"en","name":"n","steps":[{"astNodeIds":["n"],"id":"s","text":"the user \"ann\" adds 3 items","type":"Action","unknown":{"k":[1,2]}}],"tags":[],"uri":"features/a long path/x.feature"}}"#,
            #"{"pickle":{"id":"p","astNodeIds":["a"],"language":"en","name":"n","steps":[{"id":"s","astNodeIds":["n"],"text":"the user \"ann\" adds 3 items"}],"tags":[],"uri":"features/a long path/x.feature"}}"#,
        ]
        let decoded = try stream(lines)
        let expected = try lines.map { try JSONDecoder().decode(Envelope.self, from: Data($0.utf8)) }

        XCTAssertEqual(decoded, expected)
    }

    func test_repeatedFields_keepTheirValues_overManyDistinctLines() throws {
        // Thousands of distinct texts, each twice: every value must still be its own line's.
        let texts = (0..<5_000).map { "a step text number \($0) of many" }
        let lines = texts.map {
            #"{"pickle":{"astNodeIds":[],"id":"p","language":"en","name":"n","steps":[{"astNodeIds":[],"id":"s","text":"\#($0)"}],"tags":[],"uri":"u"}}"#
        }

        let decoded = try stream(lines + lines)

        XCTAssertEqual(decoded.compactMap { $0.pickle?.steps.first?.text }, texts + texts)
    }
}
