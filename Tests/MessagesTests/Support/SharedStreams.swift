import Foundation
import SharedTestData
import XCTest

@testable import Messages

/// Every `.ndjson` file under ../shared/reference (found through SharedData),
/// or an XCTSkip with a one-line notice when ../shared is absent.
func sharedStreams() throws -> [URL] {
    let reference = try SharedData.require("reference", "the official message streams")
    let enumerator = FileManager.default.enumerator(at: reference, includingPropertiesForKeys: nil)
    var result: [URL] = []
    while let url = enumerator?.nextObject() as? URL {
        if url.pathExtension == "ndjson" { result.append(url) }
    }
    return result.sorted { $0.path < $1.path }
}

/// The non-blank lines of a stream, with their 1-based line numbers.
func nonBlankLines(of url: URL) throws -> [(number: Int, text: String)] {
    let text = try String(contentsOf: url, encoding: .utf8)
    return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        .filter { !$0.element.trimmingCharacters(in: .whitespaces).isEmpty }
        .map { (number: $0.offset + 1, text: String($0.element)) }
}

/// The reference coders the generated ones must agree with.
func referenceEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
    return encoder
}

func referenceEncode(_ envelope: Envelope) throws -> String {
    String(decoding: try referenceEncoder().encode(envelope), as: UTF8.self)
}

func referenceDecode(_ line: String) throws -> Envelope {
    try JSONDecoder().decode(Envelope.self, from: Data(line.utf8))
}

/// The generated decoder alone, without `NDJSON.decode`'s JSONDecoder fallback.
func fastDecode(_ line: String) throws -> Envelope {
    var line = line
    return try line.withUTF8 { bytes in
        var reader = JSONReader(bytes)
        let envelope = try Envelope(json: &reader)
        try reader.finish()
        return envelope
    }
}

/// The reason of the `NDJSON.Error` thrown for a one-line stream, or a failure naming the unexpected outcome.
func decodingReason(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
    do {
        let envelopes = try NDJSON.decode(text, uri: "x.ndjson")
        XCTFail("decoded \(envelopes) instead of failing", file: file, line: line)
        return nil
    } catch let error as NDJSON.Error {
        return error.reason
    } catch {
        XCTFail("threw \(error) instead of NDJSON.Error", file: file, line: line)
        return nil
    }
}
